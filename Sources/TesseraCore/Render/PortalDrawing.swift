import Foundation

extension LayerTreeDrawing {
    /// Where the root of the tree being rendered lies on a walk's canvas: what places the source
    /// of a portal that matches its position (``CAPortalLayer/matchesPosition``) where the tree
    /// draws it. A class, so that a ``LayerTreeDrawing`` stays small: the walk's helpers copy it
    /// (as a value, the transform made every layer's `drawApart` call copy 200 bytes).
    final class RenderedRoot: Sendable {
        let layer: PresentedLayer
        /// From the root's coordinates (its bounds) to the canvas, as the walk maps the root
        /// (its own position and transform not applied).
        let toCanvas: CATransform3D

        init(layer: PresentedLayer, toCanvas: CATransform3D) {
            self.layer = layer
            self.toCanvas = toCanvas
        }

        /// The same root on a canvas whose pixel (x, y) is this one's (0, 0).
        func moved(x: Int, y: Int) -> RenderedRoot {
            RenderedRoot(layer: layer, toCanvas: CATransform3DConcat(toCanvas, CATransform3DMakeTranslation(CGFloat(x), CGFloat(y), 0)))
        }
    }

    /// Pushes the step that draws the source of portal `node` (presented properties `p`, mapped
    /// to the canvas by `matrix`, its colours multiplied by `tint`) as ``CAPortalLayer`` says:
    /// the last step pushed, so that it runs before the portal's sublayers, inside its groups.
    /// Nothing for a portal without a source, or one placed nowhere on this canvas. Out of line:
    /// most layers are not portals.
    @inline(never)
    func pushPortalSource(
        of node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, matrix: CATransform3D, tint: Tint,
        steps: inout [Step]
    ) {
        guard let source = node.portalSource else { return }
        let s = source.propertiesAddress
        let transform = p.pointee.matchesTransform ? s.pointee.transform : CATransform3DIdentity
        let toCanvas: CATransform3D
        if p.pointee.matchesPosition {
            // With its transform, the very mapping the walk computes for it.
            let own =
                p.pointee.matchesTransform
                ? LayerGeometry.toSuperlayerBounds(s.pointee)
                : Self.placing(
                    s, at: SIMD3(Double(s.pointee.position.x), Double(s.pointee.position.y), Double(s.pointee.zPosition)),
                    transform: transform)
            guard let renderedRoot, let placed = Self.inTree(source, own: own, root: renderedRoot) else { return }
            toCanvas = placed
        } else {
            // As a sublayer whose frame's origin, untransformed, is the portal's bounds' origin.
            let origin = p.pointee.bounds.origin, size = s.pointee.bounds.size, anchor = s.pointee.anchorPoint
            let position = SIMD3(
                Double(origin.x + anchor.x * size.width), Double(origin.y + anchor.y * size.height),
                Double(s.pointee.anchorPointZ))
            let sublayerSpace = CATransform3DConcat(LayerGeometry.sublayerSpace(of: p.pointee), Self.flattened(matrix))
            toCanvas = CATransform3DConcat(Self.placing(s, at: position, transform: transform), sublayerSpace)
        }
        steps.append(.source(source, transform: toCanvas, tint: tint, opacity: p.pointee.matchesOpacity ? s.pointee.opacity : 1))
    }

    /// A layer's mapping to its superlayer's bounds (``LayerGeometry/toSuperlayerBounds(_:)``)
    /// with its anchor point at `position` (x, y and z) and `transform` about it.
    private static func placing(
        _ s: UnsafePointer<LayerProperties>, at position: SIMD3<Double>,
        transform: CATransform3D
    ) -> CATransform3D {
        let bounds = s.pointee.bounds, anchor = s.pointee.anchorPoint
        let pivot = SIMD3(
            Double(bounds.minX + anchor.x * bounds.width), Double(bounds.minY + anchor.y * bounds.height),
            Double(s.pointee.anchorPointZ))
        let about = CATransform3DConcat(
            CATransform3DMakeTranslation(CGFloat(-pivot.x), CGFloat(-pivot.y), CGFloat(-pivot.z)),
            transform)
        return CATransform3DConcat(about, CATransform3DMakeTranslation(CGFloat(position.x), CGFloat(position.y), CGFloat(position.z)))
    }

    /// How the walk maps `source` to the canvas when it draws it at its own place under `root`,
    /// with `own` as the source's mapping to its superlayer's bounds; nil when `root` is not one
    /// of its ancestors (or itself). Each superlayer flattens its sublayers into its plane, but a
    /// transform layer, whose sublayers share its 3D space (as the walk and
    /// ``TransformLayerPlanes`` compose them); a replicator's first instance is the one meant.
    private static func inTree(_ source: PresentedLayer, own: CATransform3D, root: RenderedRoot) -> CATransform3D? {
        var path: [(layer: PresentedLayer, superlayer: PresentedLayer)] = []
        var node = source
        while !node.isSame(as: root.layer) {
            guard let superlayer = node.superlayer else { return nil }
            path.append((node, superlayer))
            node = superlayer
        }
        var toCanvas = root.toCanvas
        for (layer, superlayer) in path.reversed() {
            let q = superlayer.propertiesAddress
            let above = q.pointee.kind.layerClass.sublayers == .inDepth ? toCanvas : flattened(toCanvas)
            let space = CATransform3DConcat(LayerGeometry.sublayerSpace(of: q.pointee), above)
            let ownMapping = layer.isSame(as: source) ? own : LayerGeometry.toSuperlayerBounds(layer.properties)
            toCanvas = CATransform3DConcat(ownMapping, space)
        }
        return toCanvas
    }
}
