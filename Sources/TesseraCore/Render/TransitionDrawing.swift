import Foundation
import TesseraRaster

extension LayerTreeDrawing {
    /// Draws a layer that a transition shows (``PresentedTransition``, see ``CATransition``) and
    /// says whether it did; false for a layer without one. The layer's old rendering (its
    /// subtree as the transition captured it) and its new one (this tree's) are each drawn as
    /// a filter's source (without the layer's filters, mask, compositing filter and opacity),
    /// moved or faded by the transition's progress, into one group that takes the layer's
    /// `opacity` and blend mode and its mask; the layer's `masksToBounds` clips both to its bounds
    /// at rest. Out of line: most layers have no transition.
    @inline(never)
    func drawTransition(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, matrix: CATransform3D,
        opacity: Double, blendMode: BlendMode, steps: inout [Step]
    ) -> Bool {
        guard let transition = node.transition, let mapping = PlaneMapping(matrix) else { return false }
        var inner = self
        inner.sublayerRecorders = nil   // drawn in turn, within this walk's part of the frame
        let bounds = p.pointee.bounds.standardized
        let progress = transition.progress
        let offsets = transition.style.offsets(progress: progress, size: SIMD2(Double(bounds.width), Double(bounds.height)))
        let old = (layer: transition.from, offset: offsets.old), new = (layer: node.snapshot, offset: offsets.new)
        canvas.beginGroup()
        let clips = p.pointee.masksToBounds
        if clips { canvas.beginGroup() }
        switch transition.style.kind {
        case .fade:
            // (1 − p) × old + p × new: the new one added onto the faded old one.
            if progress < 1 { inner.drawRendering(old.layer, moved: .zero, matrix: matrix, opacity: 1 - progress, blendMode: .normal) }
            if progress > 0 { inner.drawRendering(new.layer, moved: .zero, matrix: matrix, opacity: progress, blendMode: .plusLighter) }
        case .moveIn, .push:
            inner.drawRendering(old.layer, moved: old.offset, matrix: matrix)
            inner.drawRendering(new.layer, moved: new.offset, matrix: matrix)
        case .reveal:
            inner.drawRendering(new.layer, moved: new.offset, matrix: matrix)
            inner.drawRendering(old.layer, moved: old.offset, matrix: matrix)
        }
        // Run next, in this order: the clip's end, then the group's.
        steps.append(
            node.mask != nil
                ? .mask(node, transform: matrix, opacity: opacity, blendMode: blendMode)
                : .endGroup(opacity: opacity, blendMode: blendMode))
        if clips { steps.append(.clip(node, mapping: mapping)) }
        return true
    }

    /// Draws `layer`'s subtree as a filter's source, moved by `offset` in its coordinates
    /// (before `matrix`), composited as a group at `opacity` with `blendMode` when those are not
    /// the plain default.
    private func drawRendering(
        _ layer: LayerSnapshot, moved offset: SIMD2<Double>, matrix: CATransform3D,
        opacity: Double = 1, blendMode: BlendMode = .normal
    ) {
        let base =
            offset == .zero
            ? matrix
            : CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(offset.x), CGFloat(offset.y), 0), matrix)
        let grouped = opacity < 1 || blendMode != .normal
        if grouped { canvas.beginGroup() }
        draw(layer, base: base, asFilterSource: true)
        if grouped { canvas.endGroup(opacity: opacity, blendMode: blendMode) }
    }
}
