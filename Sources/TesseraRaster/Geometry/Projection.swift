/// A plane-to-plane projective map (a homography): how a 3D transform with perspective maps a
/// layer's plane onto the screen.
///
///     w  = wx·x + wy·y + w0
///     x' = (a·x + c·y + tx) / w
///     y' = (b·x + d·y + ty) / w
///
/// Points with w ≤ 0 are at or behind the eye: geometry reaching them is not drawn.
public struct Projection: Hashable, Sendable {
    /// The affine terms, as ``Transform``'s, divided by w.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// The terms of the divisor w = wx·x + wy·y + w0 (0, 0, 1 for an affine map).
    public var wx: Double, wy: Double, w0: Double

    /// The projection with these terms (see the type's formula).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, wx: Double, wy: Double, w0: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        (self.wx, self.wy, self.w0) = (wx, wy, w0)
    }

    /// The image of `p`; nil at or behind the eye (or where it is not finite).
    public func project(_ p: Point) -> Point? {
        let q = image(of: p)
        return q.x.isFinite && q.y.isFinite ? Point(x: q.x, y: q.y) : nil
    }

    /// The image of `p` as ``project(_:)`` computes it, NaN in both coordinates where w is not
    /// positive and finite (at or behind the eye) instead of nil: a loop over many points tests
    /// them all at once (`EdgeBuilder.addOutline(_:projectedBy:)`).
    @inline(__always)
    func image(of p: Point) -> SIMD2<Double> {
        let w = wx * p.x + wy * p.y + w0
        let divisor = w > 0 && w < .infinity ? w : .nan
        return SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) / SIMD2(repeating: divisor)
    }

    /// The map from the screen back onto the plane: the inverse 3 × 3 matrix (adjugate over
    /// determinant), so that its w at a screen point is 1 / w of the plane point that lands there:
    /// positive in front of the eye, negative behind. Nil when the matrix is singular (the plane
    /// seen edge-on) or a coefficient is not finite.
    func inverted() -> Projection? {
        let det = a * (d * w0 - ty * wy) - c * (b * w0 - ty * wx) + tx * (b * wy - d * wx)
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        let inverse = Projection(
            a: (d * w0 - ty * wy) * r, b: (ty * wx - b * w0) * r,
            c: (tx * wy - c * w0) * r, d: (a * w0 - tx * wx) * r,
            tx: (c * ty - tx * d) * r, ty: (tx * b - a * ty) * r,
            wx: (b * wy - d * wx) * r, wy: (c * wx - a * wy) * r, w0: (a * d - c * b) * r)
        return inverse.isFinite ? inverse : nil
    }

    /// `self` followed by the affine `transform`: a projection again (w is unchanged).
    func concatenating(_ transform: Transform) -> Projection {
        let t = transform
        return Projection(
            a: t.a * a + t.c * b + t.tx * wx, b: t.b * a + t.d * b + t.ty * wx,
            c: t.a * c + t.c * d + t.tx * wy, d: t.b * c + t.d * d + t.ty * wy,
            tx: t.a * tx + t.c * ty + t.tx * w0, ty: t.b * tx + t.d * ty + t.ty * w0,
            wx: wx, wy: wy, w0: w0)
    }

    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
            && wx.isFinite && wy.isFinite && w0.isFinite
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
