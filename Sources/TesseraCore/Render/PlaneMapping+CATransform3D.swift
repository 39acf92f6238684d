import TesseraRaster

extension CATransform3D {
    /// The plane-to-plane map this transform makes of its z = 0 plane, seen orthographically,
    /// when it has no perspective (the homogeneous w does not vary over the plane) and the plane
    /// is in front of the eye (w > 0); nil otherwise.
    var planeAffine: Transform? {
        let w = Double(m44)
        guard m14 == 0, m24 == 0, w > 0, w.isFinite else { return nil }
        return Transform(
            a: Double(m11) / w, b: Double(m12) / w, c: Double(m21) / w, d: Double(m22) / w,
            tx: Double(m41) / w, ty: Double(m42) / w)
    }
}

extension PlaneMapping {
    /// How a layer's plane, placed by `m`, reaches the canvas: an affine map without
    /// perspective, else a projection. nil when the transform is not finite.
    init?(_ m: CATransform3D) {
        if let affine = m.planeAffine {
            self = .affine(affine)
            return
        }
        let projection = Projection(
            a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22),
            tx: Double(m.m41), ty: Double(m.m42), wx: Double(m.m14), wy: Double(m.m24), w0: Double(m.m44))
        let entries = [
            projection.a, projection.b, projection.c, projection.d, projection.tx, projection.ty,
            projection.wx, projection.wy, projection.w0,
        ]
        guard entries.allSatisfy(\.isFinite) else { return nil }
        self = .projective(projection)
    }
}
