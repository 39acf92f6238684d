import Foundation

/// A layer's `contents` as the model stores it: an image or nothing. Equal when it is the same
/// image (identity, as Core Animation compares `contents`).
public struct LayerContents: Hashable, Sendable {
    public let image: CGImage?

    public init(_ image: CGImage?) { self.image = image }

    public static let none = LayerContents(nil)

    public static func == (a: LayerContents, b: LayerContents) -> Bool { a.image === b.image }
    public func hash(into hasher: inout Hasher) { hasher.combine(image.map(ObjectIdentifier.init)) }
}
