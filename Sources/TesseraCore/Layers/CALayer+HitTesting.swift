import Foundation

extension CALayer {
    /// ``hitTest(_:)`` of `p`, a point of a flat plane to which `toPlane` maps this layer's
    /// coordinates: its superlayer's plane, or a plane further up above transform layers.
    func hit(_ p: CGPoint, from toPlane: CATransform3D) -> CALayer? {
        guard !isHidden else { return nil }
        let isTransformLayer = type(of: self).kind == .transform
        let local = LayerGeometry.unprojecting(p, through: toPlane)
        if masksToBounds, !isTransformLayer {
            guard let local, contains(local) else { return nil }
        }
        let front = (sublayers ?? []).enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition > $1.element.zPosition : $0.offset > $1.offset
        }
        for (_, sublayer) in front {
            let toHere = LayerGeometry.toSuperlayer(sublayer.properties, superlayer: properties)
            // A plain layer flattens its sublayers into its plane; a transform layer does not.
            let found =
                isTransformLayer
                ? sublayer.hit(p, from: CATransform3DConcat(toHere, toPlane))
                : local.flatMap { sublayer.hit($0, from: toHere) }
            if let found { return found }
        }
        guard !isTransformLayer, let local else { return nil }
        return contains(local) ? self : nil
    }
}

extension LayerGeometry {
    /// The point of a plane that `m` maps onto `p` of the plane below it, seen orthographically
    /// (the plane's z = 0, the result's z dropped, as a superlayer flattens its sublayers): the
    /// inverse of the homography of `m`'s rows and columns 1, 2 and 4. nil when the plane is seen
    /// edge on, or `p` lies where the plane is behind the eye (w ≤ 0).
    static func unprojecting(_ p: CGPoint, through m: CATransform3D) -> CGPoint? {
        // Row vectors: [x y 1] · H = [X Y W], H = ((a b c), (d e f), (g h i)) from rows and
        // columns 1, 2 and 4; [x y 1] ∝ [X Y 1] · H⁻¹, H⁻¹ = adjugate / determinant (the scale
        // cancels in the division by the third coordinate).
        let (a, b, c) = (Double(m.m11), Double(m.m12), Double(m.m14))
        let (d, e, f) = (Double(m.m21), Double(m.m22), Double(m.m24))
        let (g, h, i) = (Double(m.m41), Double(m.m42), Double(m.m44))
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let X = Double(p.x), Y = Double(p.y)
        let q = SIMD3(
            X * (e * i - f * h) + Y * (f * g - d * i) + (d * h - e * g),
            X * (c * h - b * i) + Y * (a * i - c * g) + (b * g - a * h),
            X * (b * f - c * e) + Y * (c * d - a * f) + (a * e - b * d))
        guard q.z != 0, q.z.isFinite else { return nil }
        let x = q.x / q.z, y = q.y / q.z
        let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
        guard w > 0, x.isFinite, y.isFinite else { return nil }
        return CGPoint(x: x, y: y)
    }
}
