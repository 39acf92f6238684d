import Foundation

/// A source of bytes for images, as CoreGraphics' `CGDataProvider`: here always bytes in memory.
public final class CGDataProvider: Sendable {
    /// The provider's bytes, as given.
    public let data: CFData?

    /// A provider of `data`'s bytes (CoreGraphics' `CGDataProvider(data:)`; never nil here).
    public init?(data: CFData) {
        self.data = data
    }
}
