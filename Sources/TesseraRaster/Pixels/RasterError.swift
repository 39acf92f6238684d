/// Errors of the rasterizer.
public enum RasterError: Error, Hashable, Sendable {
    /// Width or height negative, or larger than ``Pixmap/maximumDimension``.
    case invalidSize(width: Int, height: Int)
    /// The pixel count exceeds ``Pixmap/maximumPixelCount`` (it would need too much memory).
    case tooLarge(width: Int, height: Int)
    /// A wrapped buffer's row length is shorter than `width × 4` bytes.
    case invalidBytesPerRow(bytesPerRow: Int, width: Int)
    /// A wrapped buffer's address or row length is not a multiple of 4 bytes (pixels are read as
    /// 32-bit words).
    case misalignedBuffer
    /// The memory could not be allocated.
    case outOfMemory(bytes: Int)
}

extension RasterError: CustomStringConvertible {
    /// One line a person reads.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "invalid size \(width)×\(height) pixels (each side 0…\(Pixmap.maximumDimension))"
        case .tooLarge(let width, let height):
            "\(width)×\(height) pixels is over the limit of \(Pixmap.maximumPixelCount) pixels"
        case .invalidBytesPerRow(let bytesPerRow, let width):
            "\(bytesPerRow) bytes per row is too short for \(width) pixels (at least \(width * 4))"
        case .misalignedBuffer:
            "the buffer's address or row length is not a multiple of 4 bytes"
        case .outOfMemory(let bytes):
            "out of memory (\(bytes) bytes could not be allocated)"
        }
    }
}
