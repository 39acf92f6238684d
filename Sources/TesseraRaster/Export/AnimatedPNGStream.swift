/// An animated PNG written as frames arrive: the PNG signature, the header (IHDR) and the
/// animation control chunk (acTL, with the declared frame count) before the first frame, each
/// frame's chunks as it comes, the end (IEND) in ``finish()``. No frame is kept; the bytes are those
/// of ``AnimatedPNG`` for the same frames.
final class AnimatedPNGStream: FrameEncoder {
    private let output: ByteOutput
    private var chunks: APNGChunkWriter
    /// The bytes of one frame, its storage reused.
    private var buffer: [UInt8] = []

    init(output: ByteOutput, width: Int, height: Int, frameCount: Int, framesPerSecond: Int) {
        self.output = output
        let timing = AnimatedPNG(framesPerSecond: framesPerSecond)   // AnimatedPNG's clamped frame delay
        chunks = APNGChunkWriter(
            width: width, height: height, frameCount: frameCount,
            delayNumerator: timing.delayNumerator, delayDenominator: timing.delayDenominator)
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        let png = try frame.pngData(writingTo: output.path)
        buffer.removeAll(keepingCapacity: true)
        chunks.appendFrame(png: png, to: &buffer)
        try output.write(buffer)
    }

    func finish() throws(FrameWriterError) {
        buffer.removeAll()
        APNGChunkWriter.appendEnd(to: &buffer)
        try output.write(buffer)
        try output.commit()
    }

    func cancel() {
        output.discard()
    }
}
