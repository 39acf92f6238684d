/// A plane-to-plane projective map (a homography): how a 3D transform with perspective maps a
/// layer's plane onto the screen.
///
///     w  = wx·x + wy·y + w0
///     x' = (a·x + c·y + tx) / w
///     y' = (b·x + d·y + ty) / w
///
/// Points with w ≤ 0 are at or behind the eye: geometry reaching them is not drawn.
public struct Projection: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public var wx: Double, wy: Double, w0: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, wx: Double, wy: Double, w0: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        (self.wx, self.wy, self.w0) = (wx, wy, w0)
    }

    /// The image of `p`; nil at or behind the eye (or where it is not finite).
    public func project(_ p: Point) -> Point? {
        let w = wx * p.x + wy * p.y + w0
        guard w > 0, w.isFinite else { return nil }
        let q = Point(x: (a * p.x + c * p.y + tx) / w, y: (b * p.x + d * p.y + ty) / w)
        return q.isFinite ? q : nil
    }

    /// An upper bound of how much the map stretches lengths anywhere in `rect` (the Frobenius
    /// norm of its Jacobian, largest at a corner since w is linear): dividing a flattening
    /// tolerance by it keeps the tolerance on screen. Infinite when part of `rect` is behind the
    /// eye.
    func largestScale(over rect: Rect) -> Double {
        var largest = 0.0
        // The corners by index, not from an array literal: that allocated an array per call.
        for k in 0..<4 {
            let corner = Point(x: k & 1 == 0 ? rect.minX : rect.maxX, y: k < 2 ? rect.minY : rect.maxY)
            guard let q = project(corner) else { return .infinity }
            let w = wx * corner.x + wy * corner.y + w0
            let j11 = (a - q.x * wx) / w, j12 = (c - q.x * wy) / w
            let j21 = (b - q.y * wx) / w, j22 = (d - q.y * wy) / w
            largest = max(largest, (j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22).squareRoot())
        }
        return largest
    }
}
