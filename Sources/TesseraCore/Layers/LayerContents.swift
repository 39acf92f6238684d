import Foundation

/// A layer's `contents` as the model stores it: an image or nothing. Equal when it is the same
/// image (identity, as Core Animation compares `contents`).
public struct LayerContents: Hashable, Sendable {
    /// The image, or nil for none.
    public let image: CGImage?

    /// Contents showing `image` (nil: none).
    public init(_ image: CGImage?) { self.image = image }

    /// No contents: the layer draws only its background, border and sublayers.
    public static let none = LayerContents(nil)

    public static func == (a: LayerContents, b: LayerContents) -> Bool { a.image === b.image }
    public func hash(into hasher: inout Hasher) { hasher.combine(image.map(ObjectIdentifier.init)) }
}
