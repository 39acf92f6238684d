import CTesseraSIMD

/// Raw frames back to back with no header: width × height × 4 bytes each, straight RGBA8 as PNG
/// stores it (ffmpeg's `-f rawvideo -pix_fmt rgba`).
final class RawVideoEncoder: FrameEncoder {
    private let output: ByteOutput
    private var buffer: [UInt8] = []

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        frame.copyRGBA(straightAlpha: true, into: &buffer)
        try output.write(buffer)
    }

    func finish() throws(FrameWriterError) {
        try output.commit()
    }

    func cancel() {
        output.discard()
    }
}

extension Pixmap {
    /// Copies the pixels into `buffer` as tightly packed RGBA8 rows, top to bottom, reusing its
    /// storage. With `straightAlpha`, colours are un-premultiplied as ``pngData()`` stores them
    /// (tsr_straight_rgba_row); without, they stay premultiplied, which is the frame composited over
    /// black once alpha is dropped.
    func copyRGBA(straightAlpha: Bool, into buffer: inout [UInt8]) {
        let rowBytes = width * 4
        if buffer.count != rowBytes * height { buffer = [UInt8](repeating: 0, count: rowBytes * height) }
        buffer.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let target = out.baseAddress! + y * rowBytes
                if straightAlpha {
                    tsr_straight_rgba_row(target, row(y), width)
                } else {
                    UnsafeMutableRawPointer(target).copyMemory(from: row(y), byteCount: rowBytes)
                }
            }
        }
    }
}
