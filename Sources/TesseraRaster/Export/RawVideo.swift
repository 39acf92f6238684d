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
    /// storage. With `straightAlpha`, colours are un-premultiplied as ``pngData()`` does; without,
    /// they stay premultiplied, which is the frame composited over black once alpha is dropped.
    func copyRGBA(straightAlpha: Bool, into buffer: inout [UInt8]) {
        let rowBytes = width * 4
        if buffer.count != rowBytes * height { buffer = [UInt8](repeating: 0, count: rowBytes * height) }
        buffer.withUnsafeMutableBytes { out in
            for y in 0..<height {
                let row = self.row(y)
                let target = out.baseAddress! + y * rowBytes
                target.copyMemory(from: row, byteCount: rowBytes)
                guard straightAlpha else { continue }
                // Opaque pixels, and transparent ones (zero when premultiplied), most of a frame,
                // are already their straight colours: only the others are converted.
                for x in 0..<width {
                    let word = UInt32(littleEndian: row[x]), alpha = word >> 24
                    guard alpha != 255, word != 0 else { continue }
                    let (r, g, b, a) = PremultipliedRGBA8(packed: word).unpremultiplied
                    (target + x * 4).storeBytes(of: (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24).littleEndian,
                                                as: UInt32.self)
                }
            }
        }
    }
}
