/// Why JPEG data could not be decoded.
public enum JPEGError: Error, Hashable, Sendable {
    /// The data does not start with a JPEG start-of-image marker.
    case notJPEG
    /// The decoder rejected the data (a bad marker or table, data that ends before the image does).
    case corrupt
    /// The image is CMYK or YCCK (Adobe's), which has no faithful RGB conversion without its
    /// colour profile, or has a component count other than 1 or 3.
    case unsupportedColorSpace
    /// The decoder's working memory could not be allocated.
    case outOfMemory
}

extension JPEGError: CustomStringConvertible {
    /// One line a person reads.
    public var description: String {
        switch self {
        case .notJPEG: "not JPEG data (no start-of-image marker)"
        case .corrupt: "corrupt JPEG data"
        case .unsupportedColorSpace: "a CMYK or YCCK JPEG (only grayscale and colour JPEGs are decoded)"
        case .outOfMemory: "out of memory while decoding the JPEG"
        }
    }
}
