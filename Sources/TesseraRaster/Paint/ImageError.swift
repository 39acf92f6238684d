/// Why an ``Image`` could not be made.
public enum ImageError: Error, Hashable, Sendable {
    /// The width or the height is 0: an image has at least one texel (a pattern of nothing has
    /// no colour to extend).
    case empty(width: Int, height: Int)
    /// The width or the height is negative or larger than ``Pixmap/maximumDimension``.
    case invalidSize(width: Int, height: Int)
    /// The pixel count exceeds ``Pixmap/maximumPixelCount``.
    case tooLarge(width: Int, height: Int)
    /// The pixel array does not hold `width × height` pixels: `expected` and `actual` count its
    /// elements (bytes).
    case pixelCountMismatch(expected: Int, actual: Int)
    /// The pixel at (x, y), the first in row order, has a colour channel larger than its alpha,
    /// which premultiplied pixels cannot have (straight-alpha data passed by mistake?).
    case notPremultiplied(x: Int, y: Int)
    /// The PNG data could not be decoded.
    case png(PNGError)
    /// The JPEG data could not be decoded.
    case jpeg(JPEGError)
    /// The memory for the pixels could not be allocated.
    case outOfMemory(bytes: Int)
}

extension ImageError: CustomStringConvertible {
    /// One line a person reads.
    public var description: String {
        switch self {
        case .empty(let width, let height):
            "an image of \(width)×\(height) pixels is empty (each side at least 1)"
        case .invalidSize(let width, let height):
            "invalid image size \(width)×\(height) pixels (each side 1…\(Pixmap.maximumDimension))"
        case .tooLarge(let width, let height):
            "\(width)×\(height) pixels is over the limit of \(Pixmap.maximumPixelCount) pixels"
        case .pixelCountMismatch(let expected, let actual):
            "the pixel data holds \(actual) bytes, the size needs \(expected)"
        case .notPremultiplied(let x, let y):
            "pixel (\(x), \(y)) has a colour channel above its alpha: not premultiplied"
        case .png(let error):
            "the PNG could not be decoded: \(error)"
        case .jpeg(let error):
            "the JPEG could not be decoded: \(error)"
        case .outOfMemory(let bytes):
            "out of memory (\(bytes) bytes could not be allocated)"
        }
    }
}
