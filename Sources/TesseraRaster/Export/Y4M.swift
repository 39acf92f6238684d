/// YUV4MPEG2 video, the uncompressed stream that ffmpeg, x264 and most encoders read: a header
/// line `YUV4MPEG2 W… H… F…:1 Ip A1:1 C420jpeg`, then per frame `FRAME` and the Y, U and V planes.
///
/// Frames are composited over black (the premultiplied colour is that already) and converted with
/// BT.601 limited range: Y in 16…235, U and V in 16…240. Chroma is 4:2:0, sited between the pixels
/// (`C420jpeg`): each U and V sample is that of the average colour of its 2×2 block, a block at an
/// odd width's or height's edge repeating its last column or row. Chroma planes are
/// (width + 1) / 2 × (height + 1) / 2.
final class Y4MEncoder: FrameEncoder {
    private let output: ByteOutput
    private let width: Int, height: Int
    /// `FRAME\n` and the three planes of one frame, its storage reused.
    private var buffer: [UInt8]

    /// Writes the stream header.
    init(output: ByteOutput, width: Int, height: Int, framesPerSecond: Int) throws(FrameWriterError) {
        self.output = output
        self.width = width
        self.height = height
        let chroma = ((width + 1) / 2) * ((height + 1) / 2)
        buffer = Array("FRAME\n".utf8) + [UInt8](repeating: 0, count: width * height + 2 * chroma)
        try output.write(Array("YUV4MPEG2 W\(width) H\(height) F\(framesPerSecond):1 Ip A1:1 C420jpeg\n".utf8))
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let yPlane = 6, uPlane = yPlane + width * height, vPlane = uPlane + chromaWidth * chromaHeight
        buffer.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = frame.row(y)
                for x in 0..<width {
                    let p = Self.channels(row[x])
                    out[yPlane + y * width + x] = Self.luma(r: p.r, g: p.g, b: p.b)
                }
            }
            for cy in 0..<chromaHeight {
                let top = frame.row(2 * cy), bottom = frame.row(min(2 * cy + 1, height - 1))
                for cx in 0..<chromaWidth {
                    let left = 2 * cx, right = min(2 * cx + 1, width - 1)
                    let a = Self.channels(top[left]), b = Self.channels(top[right])
                    let c = Self.channels(bottom[left]), d = Self.channels(bottom[right])
                    let (u, v) = Self.chroma(
                        redSum: a.r + b.r + c.r + d.r, greenSum: a.g + b.g + c.g + d.g,
                        blueSum: a.b + b.b + c.b + d.b)
                    out[uPlane + cy * chromaWidth + cx] = u
                    out[vPlane + cy * chromaWidth + cx] = v
                }
            }
        }
        try output.write(buffer)
    }

    /// The colour of a pixel as stored in a pixmap's row, over black.
    private static func channels(_ word: UInt32) -> (r: Int, g: Int, b: Int) {
        let p = PremultipliedRGBA8(packed: UInt32(littleEndian: word))
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    func finish() throws(FrameWriterError) {
        try output.commit()
    }

    func cancel() {
        output.discard()
    }

    // BT.601 limited range in 8-bit integers, as Microsoft's "Recommended 8-Bit YUV Formats for
    // Video Rendering" (Converting RGB888 to YUV 4:4:4) gives them:
    //   Y = ((  66 R + 129 G +  25 B + 128) >> 8) +  16
    //   U = (( -38 R -  74 G + 112 B + 128) >> 8) + 128
    //   V = (( 112 R -  94 G -  18 B + 128) >> 8) + 128
    // White gives (235, 128, 128), black (16, 128, 128). The shifts floor, negative sums included.

    static func luma(r: Int, g: Int, b: Int) -> UInt8 {
        UInt8(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
    }

    /// U and V of the average of four pixels, from the sums of their channels: the formulas above
    /// with the division by 4 folded into the shift (one rounding, not two).
    static func chroma(redSum r: Int, greenSum g: Int, blueSum b: Int) -> (u: UInt8, v: UInt8) {
        (
            UInt8(((-38 * r - 74 * g + 112 * b + 512) >> 10) + 128),
            UInt8(((112 * r - 94 * g - 18 * b + 512) >> 10) + 128)
        )
    }
}
