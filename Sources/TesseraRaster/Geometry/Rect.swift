/// An axis-aligned rectangle: origin and size, as CoreGraphics' `CGRect`.
///
/// A rectangle with a negative width or height is *not* standardized on creation (as in CoreGraphics);
/// ``minX``, ``maxX``, ``minY``, ``maxY`` and ``standardized`` read it in either orientation.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var width: Double
    public var height: Double

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { min(origin.x, origin.x + width) }
    @inlinable public var maxX: Double { max(origin.x, origin.x + width) }
    @inlinable public var minY: Double { min(origin.y, origin.y + height) }
    @inlinable public var maxY: Double { max(origin.y, origin.y + height) }
    @inlinable public var midX: Double { origin.x + width / 2 }
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
