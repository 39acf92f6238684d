import Foundation

/// A 4×4 homogeneous transformation matrix, as Core Animation's `CATransform3D`.
///
/// Core Animation's conventions: points are row vectors multiplied on the left, `[x y z 1] · M`,
/// so the translation is in `m41`, `m42`, `m43`, and the perspective terms in `m14`, `m24`, `m34`
/// (the classic "eye at distance d" perspective is `m34 = −1/d`). `CATransform3DConcat(a, b)` is
/// the product `a · b`: `a` applies first, then `b`.
///
/// The functions that build and combine transforms are Core Animation's C functions
/// (`CATransform3DMakeRotation`, `CATransform3DConcat`, ...), declared alongside.
public struct CATransform3D: Hashable, Sendable {
    /// Row 1: the x axis's image (scale, rotation and shear terms; `m14` is x's perspective term).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2: the y axis's image (`m24` is y's perspective term).
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3: the z axis's image (`m34` is z's perspective term, `−1/d` for an eye at distance d).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation (`m41`, `m42`, `m43`) and the homogeneous scale `m44` (1 normally).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// A matrix with every element zero, as `CATransform3D()` on Apple platforms (the
    /// zero-initialized C struct), which is *not* the identity: use ``CATransform3DIdentity``.
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// A matrix with the given elements, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
}

// Tessera's own matrix helpers, beyond Core Animation's API.
extension CATransform3D {
    /// The rows as SIMD vectors of doubles: `rows.0` is `(m11, m12, m13, m14)`, and so on.
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        (
            SIMD4(Double(m11), Double(m12), Double(m13), Double(m14)),
            SIMD4(Double(m21), Double(m22), Double(m23), Double(m24)),
            SIMD4(Double(m31), Double(m32), Double(m33), Double(m34)),
            SIMD4(Double(m41), Double(m42), Double(m43), Double(m44))
        )
    }

    /// The matrix with the given rows.
    init(rows r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>, _ r4: SIMD4<Double>) {
        self.init(
            m11: CGFloat(r1.x), m12: CGFloat(r1.y), m13: CGFloat(r1.z), m14: CGFloat(r1.w),
            m21: CGFloat(r2.x), m22: CGFloat(r2.y), m23: CGFloat(r2.z), m24: CGFloat(r2.w),
            m31: CGFloat(r3.x), m32: CGFloat(r3.y), m33: CGFloat(r3.z), m34: CGFloat(r3.w),
            m41: CGFloat(r4.x), m42: CGFloat(r4.y), m43: CGFloat(r4.z), m44: CGFloat(r4.w))
    }

    /// The product `self · other`: `self` applies first, then `other` (`CATransform3DConcat`).
    func multiplied(by other: CATransform3D) -> CATransform3D {
        let (a1, a2, a3, a4) = rows
        let (b1, b2, b3, b4) = other.rows
        // Inlined: called apart, each row is a call and its vectors pass through memory.
        @inline(__always) func row(_ a: SIMD4<Double>) -> SIMD4<Double> { a.x * b1 + a.y * b2 + a.z * b3 + a.w * b4 }
        return CATransform3D(rows: row(a1), row(a2), row(a3), row(a4))
    }

    /// The 2D point `(x, y, 0)` mapped through the matrix, with the perspective divide:
    /// `[x y 0 1] · M = [X Y Z W]` gives `(X / W, Y / W)`.
    ///
    /// A point with `W = 0` lies on the plane through the eye and has no image: its coordinates
    /// come out infinite or NaN, for the caller to clip (Core Animation clips geometry to
    /// `W > 0` before dividing). When `W = 1`, the affine case, there is no division.
    func projecting(_ point: CGPoint) -> CGPoint {
        let x = Double(point.x), y = Double(point.y)
        let px = x * Double(m11) + y * Double(m21) + Double(m41)
        let py = x * Double(m12) + y * Double(m22) + Double(m42)
        let w = x * Double(m14) + y * Double(m24) + Double(m44)
        if w == 1 { return CGPoint(x: px, y: py) }
        return CGPoint(x: px / w, y: py / w)
    }

    /// The determinant of the whole 4×4 matrix.
    var determinant: Double {
        let (r1, r2, r3, r4) = rows
        // Expansion by 2×2 minors of the top two rows against the bottom two.
        let s0 = r1.x * r2.y - r2.x * r1.y, s1 = r1.x * r2.z - r2.x * r1.z
        let s2 = r1.x * r2.w - r2.x * r1.w, s3 = r1.y * r2.z - r2.y * r1.z
        let s4 = r1.y * r2.w - r2.y * r1.w, s5 = r1.z * r2.w - r2.z * r1.w
        let c5 = r3.z * r4.w - r4.z * r3.w, c4 = r3.y * r4.w - r4.y * r3.w
        let c3 = r3.y * r4.z - r4.y * r3.z, c2 = r3.x * r4.w - r4.x * r3.w
        let c1 = r3.x * r4.z - r4.x * r3.z, c0 = r3.x * r4.y - r4.x * r3.y
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse matrix, or nil when the determinant is zero or the result is not finite.
    func inverse() -> CATransform3D? {
        let (r1, r2, r3, r4) = rows
        let s0 = r1.x * r2.y - r2.x * r1.y, s1 = r1.x * r2.z - r2.x * r1.z
        let s2 = r1.x * r2.w - r2.x * r1.w, s3 = r1.y * r2.z - r2.y * r1.z
        let s4 = r1.y * r2.w - r2.y * r1.w, s5 = r1.z * r2.w - r2.z * r1.w
        let c5 = r3.z * r4.w - r4.z * r3.w, c4 = r3.y * r4.w - r4.y * r3.w
        let c3 = r3.y * r4.z - r4.y * r3.z, c2 = r3.x * r4.w - r4.x * r3.w
        let c1 = r3.x * r4.z - r4.x * r3.z, c0 = r3.x * r4.y - r4.x * r3.y
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        // The adjugate (transposed cofactors), scaled by 1/det.
        let i1 =
            SIMD4(
                r2.y * c5 - r2.z * c4 + r2.w * c3,
                -r1.y * c5 + r1.z * c4 - r1.w * c3,
                r4.y * s5 - r4.z * s4 + r4.w * s3,
                -r3.y * s5 + r3.z * s4 - r3.w * s3) * k
        let i2 =
            SIMD4(
                -r2.x * c5 + r2.z * c2 - r2.w * c1,
                r1.x * c5 - r1.z * c2 + r1.w * c1,
                -r4.x * s5 + r4.z * s2 - r4.w * s1,
                r3.x * s5 - r3.z * s2 + r3.w * s1) * k
        let i3 =
            SIMD4(
                r2.x * c4 - r2.y * c2 + r2.w * c0,
                -r1.x * c4 + r1.y * c2 - r1.w * c0,
                r4.x * s4 - r4.y * s2 + r4.w * s0,
                -r3.x * s4 + r3.y * s2 - r3.w * s0) * k
        let i4 =
            SIMD4(
                -r2.x * c3 + r2.y * c1 - r2.z * c0,
                r1.x * c3 - r1.y * c1 + r1.z * c0,
                -r4.x * s3 + r4.y * s1 - r4.z * s0,
                r3.x * s3 - r3.y * s1 + r3.z * s0) * k
        func isFinite(_ v: SIMD4<Double>) -> Bool { v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite }
        guard isFinite(i1), isFinite(i2), isFinite(i3), isFinite(i4) else { return nil }
        return CATransform3D(rows: i1, i2, i3, i4)
    }
}
