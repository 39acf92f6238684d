/// A rectangle of premultiplied RGBA8 pixels (R, G, B, A bytes in that order), rows top to bottom.
///
/// A pixmap either owns its memory (``init(width:height:)``) or wraps a buffer of the caller's
/// (``init(wrapping:width:height:bytesPerRow:)``) so that an embedding application renders straight
/// into its own frame. Not thread-safe: one thread uses a pixmap at a time (the canvas's workers
/// write disjoint rows while ``Canvas/render(into:)`` runs).
///
/// Size limits: each side at most ``maximumDimension`` and at most ``maximumPixelCount`` pixels in
/// all; anything larger is refused with ``RasterError`` rather than allocated. A 0×0 pixmap is valid
/// and draws nothing.
public final class Pixmap {
    /// The largest width or height accepted.
    public static let maximumDimension = 65_535
    /// The largest number of pixels accepted: 2²⁸ (1 GiB of RGBA8).
    public static let maximumPixelCount = 1 << 28

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next (≥ width × 4).
    public let bytesPerRow: Int
    /// The first byte of the top row.
    public let baseAddress: UnsafeMutableRawPointer
    /// Whether the pixmap allocated its memory (rows without padding) rather than wrapping a
    /// caller's buffer.
    package let ownsMemory: Bool

    /// Allocates a pixmap filled with transparent black.
    public init(width: Int, height: Int) throws(RasterError) {
        try Self.validate(width: width, height: height)
        let bytes = width * height * 4
        guard let memory = calloc(max(bytes, 1), 1) else { throw .outOfMemory(bytes: bytes) }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.baseAddress = memory
        self.ownsMemory = true
    }

    /// A copy of `source`'s pixels in columns `x ..< x + width` and rows `y ..< y + height`,
    /// which must lie inside it. Its memory is not cleared first: every byte is copied.
    public convenience init(copying source: Pixmap, x: Int, y: Int, width: Int, height: Int) throws(RasterError) {
        precondition(
            x >= 0 && y >= 0 && x + width <= source.width && y + height <= source.height,
            "the region lies inside the source")
        try self.init(uninitializedWidth: width, height: height)
        for row in 0..<height {
            (baseAddress + row * width * 4).copyMemory(
                from: source.baseAddress + (y + row) * source.bytesPerRow + x * 4,
                byteCount: width * 4)
        }
    }

    /// A pixmap whose bytes are left as the allocator gives them, for a caller that writes every
    /// one (clearing a large pixmap first costs as much as writing it).
    init(uninitializedWidth width: Int, height: Int) throws(RasterError) {
        try Self.validate(width: width, height: height)
        let bytes = width * height * 4
        guard let memory = malloc(max(bytes, 1)) else { throw .outOfMemory(bytes: bytes) }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.baseAddress = memory
        self.ownsMemory = true
    }

    /// Wraps memory owned by the caller, who keeps it alive and unaliased for the pixmap's lifetime.
    /// The address and `bytesPerRow` must be multiples of 4; bytes past `width × 4` in each row are
    /// never touched.
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) throws(RasterError) {
        try Self.validate(width: width, height: height)
        guard bytesPerRow >= width * 4 else { throw .invalidBytesPerRow(bytesPerRow: bytesPerRow, width: width) }
        guard bytesPerRow % 4 == 0, Int(bitPattern: memory) % 4 == 0 else { throw .misalignedBuffer }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.baseAddress = memory
        self.ownsMemory = false
    }

    deinit {
        if ownsMemory { free(baseAddress) }
    }

    private static func validate(width: Int, height: Int) throws(RasterError) {
        guard width >= 0, height >= 0, width <= maximumDimension, height <= maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        guard width * height <= maximumPixelCount else { throw .tooLarge(width: width, height: height) }
    }

    /// The pixels of row `y` as 32-bit words (R in the lowest byte).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        precondition(y >= 0 && y < height, "row out of range")
        return (baseAddress + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel at (x, y); traps when outside the pixmap.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            precondition(x >= 0 && x < width, "column out of range")
            return PremultipliedRGBA8(packed: UInt32(littleEndian: row(y)[x]))
        }
        set {
            precondition(x >= 0 && x < width, "column out of range")
            row(y)[x] = newValue.packed.littleEndian
        }
    }

    /// Sets every pixel to `color`.
    public func clear(_ color: PremultipliedRGBA8) {
        let word = color.packed.littleEndian
        for y in 0..<height { row(y).update(repeating: word, count: width) }
    }

    /// The pixels as tightly packed RGBA bytes, rows top to bottom (no row padding).
    public var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: width * height * 4)
        result.withUnsafeMutableBytes { out in
            for y in 0..<height {
                (out.baseAddress! + y * width * 4).copyMemory(from: baseAddress + y * bytesPerRow, byteCount: width * 4)
            }
        }
        return result
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
