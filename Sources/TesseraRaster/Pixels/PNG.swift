import CTesseraPNG
import CTesseraSIMD
import Foundation

/// Errors reading or writing PNG.
public enum PNGError: Error, Hashable, Sendable {
    /// The data does not start with the PNG signature.
    case notPNG
    /// libpng rejected the data: a bad chunk, a checksum error, truncated data.
    case corrupt
    /// The image is larger than a ``Pixmap`` may be (refused before allocating).
    case tooLarge(width: Int, height: Int)
    /// Memory for the image or the encoded data could not be allocated.
    case outOfMemory
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// A frame of an animated PNG is not the size of the first frame (given here).
    case frameSizeMismatch(width: Int, height: Int)
}

extension Pixmap {
    /// The pixmap as an 8-bit RGBA PNG.
    ///
    /// PNG stores straight alpha: each color channel is un-premultiplied as
    /// `min(255, round(c × 255 / a))`, and a pixel with alpha 0 is written as (0, 0, 0, 0).
    public func pngData() throws(PNGError) -> [UInt8] {
        var straight: [UInt8] = []
        copyRGBA(straightAlpha: true, into: &straight)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = straight.withUnsafeBufferPointer {
            tsr_png_encode($0.baseAddress, UInt32(width), UInt32(height), width * 4, &out, &length)
        }
        defer { tsr_png_free(out) }
        guard status == Int32(TSR_PNG_OK), let out else {
            throw status == Int32(TSR_PNG_NO_MEMORY) ? .outOfMemory : .corrupt
        }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Writes the pixmap to `path` as a PNG (see ``pngData()``).
    public func writePNG(to path: String) throws(PNGError) {
        let data = try pngData()
        do {
            try Data(data).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
    }

    /// Decodes a PNG of any color type and bit depth (palette, gray, 16-bit, interlaced, tRNS),
    /// premultiplying each color channel as `round(c × a / 255)`.
    public convenience init(pngData data: [UInt8]) throws(PNGError) {
        var w: UInt32 = 0, h: UInt32 = 0
        let sizeStatus = data.withUnsafeBufferPointer { tsr_png_read_size($0.baseAddress, $0.count, &w, &h) }
        try Self.check(sizeStatus)
        let width = Int(w), height = Int(h)
        guard width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension,
            width * height <= Pixmap.maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
        do {
            try self.init(width: width, height: height)
        } catch {
            if case .outOfMemory = error { throw .outOfMemory }
            throw .tooLarge(width: width, height: height)
        }
        let status = data.withUnsafeBufferPointer {
            tsr_png_decode($0.baseAddress, $0.count, baseAddress.assumingMemoryBound(to: UInt8.self), w, h)
        }
        try Self.check(status)
        for y in 0..<height { tsr_premultiply_rgba_row(row(y), width) }
    }

    /// Reads and decodes the PNG file at `path` (see ``init(pngData:)``).
    public convenience init(contentsOfPNGFile path: String) throws(PNGError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        try self.init(pngData: [UInt8](data))
    }

    private static func check(_ status: Int32) throws(PNGError) {
        switch status {
        case Int32(TSR_PNG_OK): return
        case Int32(TSR_PNG_NOT_PNG): throw .notPNG
        case Int32(TSR_PNG_NO_MEMORY): throw .outOfMemory
        default: throw .corrupt
        }
    }
}

extension PNGError: CustomStringConvertible {
    /// One line a person reads.
    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .corrupt: "a damaged PNG file (bad chunk, checksum or truncated data)"
        case .tooLarge(let width, let height): "the image is \(width)×\(height) pixels, over Tessera's limits"
        case .outOfMemory: "out of memory"
        case .io(let path, let reason): "\(path): \(reason)"
        case .frameSizeMismatch(let width, let height): "a frame is not the first frame's size (\(width)×\(height))"
        }
    }
}
