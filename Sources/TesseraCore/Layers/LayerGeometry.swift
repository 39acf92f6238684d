import Foundation

/// Where a layer sits in its superlayer: the transform from its coordinates (its bounds) to its
/// superlayer's, as Core Animation composes it.
///
/// A point p of the layer goes: minus `bounds.origin`, minus the anchor point's offset
/// (anchorPoint × bounds.size, and anchorPointZ), through `transform`, plus `position` (and
/// zPosition), then through the superlayer's `sublayerTransform` about the superlayer's anchor
/// point. In a superlayer with `isGeometryFlipped`, y runs upwards: the result is mirrored about
/// the middle of the superlayer's bounds. Row vectors, as `CATransform3D`.
enum LayerGeometry {
    static func toSuperlayer(_ p: LayerProperties, superlayer: LayerProperties?) -> CATransform3D {
        let m = toSuperlayerBounds(p)
        guard let s = superlayer else { return m }
        return CATransform3DConcat(m, sublayerSpace(of: s))
    }

    /// The first part of ``toSuperlayer(_:superlayer:)``: to the superlayer's bounds, before its
    /// sublayerTransform and flip.
    ///
    /// `translate(a) · transform · translate(position)`, written out: the products of the two
    /// concatenations without their terms in 0 and 1, which leave finite values as they are (the
    /// drawing walk computes this for every layer, and two full 4×4 products are dear).
    /// Always inlined: called on `pointer.pointee`, an out-of-line call copies the whole
    /// properties (a kilobyte) to the stack for the few fields it reads.
    @inline(__always)
    static func toSuperlayerBounds(_ p: LayerProperties) -> CATransform3D {
        let size = p.bounds.size
        let a = SIMD4<Double>(
            Double(-p.bounds.minX - p.anchorPoint.x * size.width),
            Double(-p.bounds.minY - p.anchorPoint.y * size.height), Double(-p.anchorPointZ), 1)
        let b = SIMD4<Double>(Double(p.position.x), Double(p.position.y), Double(p.zPosition), 0)
        let (t1, t2, t3, t4) = p.transform.rows
        // translate(a) · transform: the transform's rows, its last one moved by a.
        let moved = a.x * t1 + a.y * t2 + a.z * t3 + t4
        // · translate(b): each row r gains r.w · b in x, y and z.
        func translated(_ r: SIMD4<Double>) -> SIMD4<Double> { r + r.w * b }
        return CATransform3D(rows: translated(t1), translated(t2), translated(t3), translated(moved))
    }

    /// The second part: what a superlayer does to all its sublayers (its sublayerTransform about
    /// its anchor point, its flip). Always inlined, as ``toSuperlayerBounds(_:)``.
    @inline(__always)
    static func sublayerSpace(of s: LayerProperties) -> CATransform3D {
        var m = CATransform3DIdentity
        if !CATransform3DIsIdentity(s.sublayerTransform) {
            let anchor = CGPoint(
                x: s.bounds.minX + s.anchorPoint.x * s.bounds.width,
                y: s.bounds.minY + s.anchorPoint.y * s.bounds.height)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0))
            m = CATransform3DConcat(m, s.sublayerTransform)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
        }
        if s.isGeometryFlipped {
            m = CATransform3DConcat(m, CATransform3DMakeScale(1, -1, 1))
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(0, s.bounds.minY + s.bounds.maxY, 0))
        }
        return m
    }

    /// From `layer`'s coordinates to its root's (identity for nil).
    static func toRoot(_ layer: CALayer?) -> CATransform3D {
        var m = CATransform3DIdentity
        var node = layer
        while let current = node, let parent = current.superlayer {
            m = CATransform3DConcat(m, toSuperlayer(current.properties, superlayer: parent.properties))
            node = parent
        }
        return m
    }

    /// The frame: the bounding box of the bounds mapped into the superlayer (without its
    /// sublayerTransform, as Core Animation's `frame`).
    static func frame(of p: LayerProperties) -> CGRect {
        let m = toSuperlayer(p, superlayer: nil)
        return boundingBox(of: p.bounds) { m.projecting($0) }
    }

    /// How long a point of the layer is on the target along x and along y at the middle of
    /// `bounds`: the lengths of the rows of the mapping's Jacobian there (0 where that point is
    /// not in front of the eye). What a length in the layer's points (a blur's σ) becomes.
    static func deviceScale(of bounds: CGRect, _ m: CATransform3D) -> (x: Double, y: Double) {
        let x = Double(bounds.midX), y = Double(bounds.midY)
        let w = Double(m.m14) * x + Double(m.m24) * y + Double(m.m44)
        guard w > 0 else { return (0, 0) }
        let px = (Double(m.m11) * x + Double(m.m21) * y + Double(m.m41)) / w
        let py = (Double(m.m12) * x + Double(m.m22) * y + Double(m.m42)) / w
        let dxdx = (Double(m.m11) - px * Double(m.m14)) / w, dxdy = (Double(m.m21) - px * Double(m.m24)) / w
        let dydx = (Double(m.m12) - py * Double(m.m14)) / w, dydy = (Double(m.m22) - py * Double(m.m24)) / w
        return ((dxdx * dxdx + dxdy * dxdy).squareRoot(), (dydx * dydx + dydy * dydy).squareRoot())
    }

    static func boundingBox(of r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
