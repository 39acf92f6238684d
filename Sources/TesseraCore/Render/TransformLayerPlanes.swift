import Foundation

/// The planes a ``CATransformLayer`` draws: the sublayers of it and of the transform layers
/// nested in it, each with its subtree, in the order ``PlaneDepthOrder`` gives, those that face
/// away and are not double-sided left out.
enum TransformLayerPlanes {
    /// A sublayer met in a transform layer's subtree, not yet drawn or expanded.
    private struct Pending {
        let node: PresentedLayer
        /// From its coordinates into the 3D space, its own transform included.
        let toSpace: CATransform3D
        /// From its superlayer's bounds to the canvas (as ``LayerTreeDrawing/Sublayer``).
        let outer: CATransform3D
        let tint: LayerTreeDrawing.Tint
    }

    /// The sublayers that `layer`'s subtree draws as planes, back to front. `toSpace` maps the
    /// transform layer's coordinates (its bounds) into the 3D space in which depth is decided
    /// (its superlayer's, after the superlayer's `sublayerTransform`, before flattening),
    /// `toCanvas` into the canvas; `tint` is what the transform layer inherits, its opacity not
    /// yet applied. Iterative: transform layers may nest deeper than recursion allows.
    static func sublayers(
        of layer: PresentedLayer, toSpace: CATransform3D, toCanvas: CATransform3D,
        tint: LayerTreeDrawing.Tint
    ) -> [LayerTreeDrawing.Sublayer] {
        var sublayers: [LayerTreeDrawing.Sublayer] = []
        var planes: [PlaneDepthOrder.Plane] = []
        var pending: [Pending] = []
        push(sublayersOf: layer, toSpace: toSpace, toCanvas: toCanvas, tint: tint, onto: &pending)
        // Depth first, in the tree's order (the order of planes nothing else orders).
        while let next = pending.popLast() {
            let p = next.node.propertiesAddress
            if p.pointee.kind.layerClass.sublayers == .inDepth {
                let own = LayerGeometry.toSuperlayerBounds(p.pointee)
                push(
                    sublayersOf: next.node, toSpace: next.toSpace, toCanvas: CATransform3DConcat(own, next.outer),
                    tint: next.tint, onto: &pending)
                continue
            }
            let bounds = p.pointee.bounds
            if !p.pointee.isDoubleSided,
                PlaneDepthOrder.facesAway(centre: CGPoint(x: bounds.midX, y: bounds.midY), toSpace: next.toSpace)
            {
                continue
            }
            sublayers.append(LayerTreeDrawing.Sublayer(node: next.node, transform: next.outer, tint: next.tint))
            planes.append(PlaneDepthOrder.Plane(bounds: bounds, toSpace: next.toSpace))
        }
        return PlaneDepthOrder.backToFront(planes).map { sublayers[$0] }
    }

    /// Pushes the sublayers of transform layer `layer` (mapped by `toSpace` and `toCanvas`),
    /// the first last; none when it is hidden or transparent. Its opacity multiplies each
    /// sublayer's: it forms no group.
    private static func push(
        sublayersOf layer: PresentedLayer, toSpace: CATransform3D, toCanvas: CATransform3D,
        tint: LayerTreeDrawing.Tint, onto pending: inout [Pending]
    ) {
        let p = layer.propertiesAddress
        guard !p.pointee.isHidden, p.pointee.opacity > 0 else { return }
        var inner = tint
        inner.w *= Double(p.pointee.opacity)
        let sublayerSpace = LayerGeometry.sublayerSpace(of: p.pointee)
        let childSpace = CATransform3DConcat(sublayerSpace, toSpace)
        let outer = CATransform3DConcat(sublayerSpace, toCanvas)
        for child in layer.sublayers.reversed() {
            let own = LayerGeometry.toSuperlayerBounds(child.propertiesAddress.pointee)
            pending.append(Pending(node: child, toSpace: CATransform3DConcat(own, childSpace), outer: outer, tint: inner))
        }
    }
}
