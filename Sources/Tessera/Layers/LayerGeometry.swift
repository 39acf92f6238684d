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
    static func toSuperlayerBounds(_ p: LayerProperties) -> CATransform3D {
        let size = p.bounds.size
        var m = CATransform3DMakeTranslation(-p.bounds.minX - p.anchorPoint.x * size.width,
                                             -p.bounds.minY - p.anchorPoint.y * size.height, -p.anchorPointZ)
        m = CATransform3DConcat(m, p.transform)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(p.position.x, p.position.y, p.zPosition))
    }

    /// The second part: what a superlayer does to all its sublayers (its sublayerTransform about
    /// its anchor point, its flip).
    static func sublayerSpace(of s: LayerProperties) -> CATransform3D {
        var m = CATransform3DIdentity
        if !CATransform3DIsIdentity(s.sublayerTransform) {
            let anchor = CGPoint(x: s.bounds.minX + s.anchorPoint.x * s.bounds.width,
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

    static func boundingBox(of r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
