/// An axis-aligned rectangle: origin and size, as CoreGraphics' `CGRect`.
///
/// A rectangle with a negative width or height is *not* standardized on creation (as in CoreGraphics);
/// ``minX``, ``maxX``, ``minY``, ``maxY`` and ``standardized`` read it in either orientation.
public struct Rect: Hashable, Sendable {
    /// The corner at (x, y): the minimum corner unless the size is negative.
    public var origin: Point
    /// The width; negative extends left of the origin.
    public var width: Double
    /// The height; negative extends above the origin.
    public var height: Double

    @inlinable
    /// The rectangle from (`x`, `y`) of size `width` × `height`, as given (not standardized).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x of the rectangle, whatever the sign of its width.
    @inlinable public var minX: Double { min(origin.x, origin.x + width) }
    /// The largest x of the rectangle, whatever the sign of its width.
    @inlinable public var maxX: Double { max(origin.x, origin.x + width) }
    /// The smallest y of the rectangle, whatever the sign of its height.
    @inlinable public var minY: Double { min(origin.y, origin.y + height) }
    /// The largest y of the rectangle, whatever the sign of its height.
    @inlinable public var maxY: Double { max(origin.y, origin.y + height) }
    /// The x of the centre.
    @inlinable public var midX: Double { origin.x + width / 2 }
    /// The y of the centre.
    @inlinable public var midY: Double { origin.y + height / 2 }

    /// The same rectangle with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when the rectangle encloses no area.
    @inlinable
    public var isEmpty: Bool { width == 0 || height == 0 || !width.isFinite || !height.isFinite }
}
