/// Where a group's mask is known to be fully opaque: a device-space rectangle with circular
/// corners of one radius (a layer's rounded bounds, as `masksToBounds` clips to).
///
/// A caller that knows it (see ``Canvas/beginMask(opaqueInside:)``) lets the renderer skip the
/// mask when everything the group draws lies inside: masking by an opaque mask changes nothing,
/// and a group with no mask and full opacity is no group at all. The skipped group's content is
/// then blended straight onto what is below, which can round an edge pixel differently by one
/// level from compositing the group.
public struct MaskInterior: Sendable, Equatable {
    /// The left edge of the rectangle, in device pixels.
    public var minX: Double
    /// The top edge of the rectangle, in device pixels.
    public var minY: Double
    /// The right edge of the rectangle, in device pixels.
    public var maxX: Double
    /// The bottom edge of the rectangle, in device pixels.
    public var maxY: Double
    /// The corners' radius (clamped to half the shorter side).
    public var radius: Double

    /// A region that is empty unless its edges are finite and ordered.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        let limit = max(0, min(maxX - minX, maxY - minY) / 2)
        self.radius = radius.isNaN ? limit : min(max(radius, 0), limit)
    }

    /// The region shrunk by `distance` on every side (its corners' radius too).
    public func inset(by distance: Double) -> MaskInterior {
        MaskInterior(
            minX: minX + distance, minY: minY + distance, maxX: maxX - distance, maxY: maxY - distance,
            radius: radius - distance)
    }

    /// True when every point of the pixel rectangle [left, right) × [top, bottom) is inside.
    /// The region is convex, so it is enough that the rectangle's four corners are.
    public func contains(left: Int32, top: Int32, right: Int32, bottom: Int32) -> Bool {
        guard left < right, top < bottom else { return true }
        let x0 = Double(left), y0 = Double(top), x1 = Double(right), y1 = Double(bottom)
        // Inside one of the two rectangles that make the region without its corners: no circle to
        // test (the usual case, checked for every command of a clipped group).
        if x0 >= minX + radius && x1 <= maxX - radius && y0 >= minY && y1 <= maxY { return true }
        if y0 >= minY + radius && y1 <= maxY - radius && x0 >= minX && x1 <= maxX { return true }
        return contains(x0, y0) && contains(x1, y0) && contains(x0, y1) && contains(x1, y1)
    }

    private func contains(_ x: Double, _ y: Double) -> Bool {
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
        // Within a corner's square, the point must be within the corner's circle.
        let cx = min(max(x, minX + radius), maxX - radius), cy = min(max(y, minY + radius), maxY - radius)
        let dx = x - cx, dy = y - cy
        return dx * dx + dy * dy <= radius * radius
    }
}
