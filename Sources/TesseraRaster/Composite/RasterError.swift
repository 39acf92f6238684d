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
