import Foundation
import TesseraRaster

/// Draws a layer whose `filters` are more than a colour matrix (``LayerFilterChain`` with a blur,
/// an alpha threshold, a premultiplied matrix or a vibrant matrix), as Core Animation does: the
/// layer and its subtree composited as one image, the filters applied to that image in order,
/// then its mask, its opacity and its compositing filter. A vibrant matrix shows the frame below
/// through it instead (``VibrantBackdrop``), through the filtered image's alpha. Backdrops inside
/// see what lies below the layer with the layer drawn so far over it (``BackdropCapture``).
///
/// The image is drawn apart from the frame, on a canvas of its own (``FilterCanvases``), over
/// the walk's target grown by the blurs' reach (what lies farther out cannot blur into view), at
/// once: recording the frame waits for it, and the frame's bands stay independent of each other
/// (a blur reads neighbouring pixels, which in the frame lie in other bands drawn on other
/// threads). It is then drawn into the frame as an image, pixel for pixel.
///
/// A blur's σ (its `inputRadius`, in the layer's points) becomes pixels by the layer's scale on
/// the target at the middle of its bounds; under perspective the blur is uniform on the target,
/// where Core Animation blurs in the layer's plane (a difference only for strongly turned
/// layers). Colour matrices and thresholds before, between and after blurs apply in their
/// order, to the pixels in place.
struct FilteredLayerDrawing {
    let drawing: LayerTreeDrawing
    let offscreen: OffscreenFilters

    /// Draws `node` (presented properties `p`, mapped to the canvas by `matrix`) through `chain`,
    /// at `opacity` with `blendMode`; pushes its mask's step onto `steps` when it has one.
    func draw(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, matrix: CATransform3D, chain: LayerFilterChain,
        opacity: Double, blendMode: BlendMode, steps: inout [LayerTreeDrawing.Step]
    ) {
        let filter = FilterOperations(
            threadCount: drawing.canvas.threadCount, recorder: drawing.canvas.taskRecorder,
            bounds: p.pointee.bounds, matrix: matrix,
            edgeRegion: Self.edgeRegion(of: p.pointee.bounds, matrix: matrix))
        let reach = filter.reach(of: chain.operations)
        guard let source = source(of: node, matrix: matrix, reach: reach, opacity: opacity, blendMode: blendMode, steps: steps),
            let filtered = filter.apply(
                chain.operations[...],
                to: .init(pixmap: source.pixmap, x: source.x - reach.x, y: source.y - reach.y))
        else { return }
        // Captured before the layer's own groups open on the canvas (they are not below it).
        var behind: FilterOperations.Placed? = nil
        if let vibrant = chain.vibrant {
            // Nothing captured (a parallel recording run): nothing shown, as for a backdrop layer.
            guard let capture = drawing.backdrops,
                let below = capture.below(group: nil, steps: steps, drawing: drawing),
                let pixels = VibrantBackdrop.pixels(under: filtered, through: vibrant, of: below)
            else { return }
            behind = pixels
        }
        let canvas = drawing.canvas
        // A mask's group carries the opacity and blend (the mask step ends it); else the image does.
        let masked = node.mask != nil
        if masked { canvas.beginGroup() }
        let (imageOpacity, imageBlend) = masked ? (1, .normal) : (opacity, blendMode)
        if let behind {
            canvas.beginGroup()
            behind.draw(on: canvas)
            canvas.beginMask()
            filtered.draw(on: canvas)
            canvas.endGroup(opacity: imageOpacity, blendMode: imageBlend)
        } else {
            filtered.draw(on: canvas, opacity: imageOpacity, blendMode: imageBlend)
        }
        if masked { steps.append(.mask(node, transform: matrix, opacity: opacity, blendMode: blendMode)) }
    }

    /// Where a layer's blurs with hard or normalized edges have them: the pixels its bounds
    /// touch on the target (empty when they do not map to finite pixels).
    static func edgeRegion(of bounds: CGRect, matrix: CATransform3D) -> Rect {
        let box = LayerGeometry.boundingBox(of: bounds) { matrix.projecting($0) }
        let limit = Double(Pixmap.maximumDimension)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
            abs(box.minX) < limit, abs(box.minY) < limit, abs(box.maxX) < limit, abs(box.maxY) < limit
        else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let x0 = Double(box.minX).rounded(.down), y0 = Double(box.minY).rounded(.down)
        return Rect(x: x0, y: y0, width: Double(box.maxX).rounded(.up) - x0, height: Double(box.maxY).rounded(.up) - y0)
    }

    /// The layer and its subtree drawn apart, over the target grown by `reach` (pixel
    /// (reach.x, reach.y) of the plane is the target's (0, 0)); nil when it draws nothing.
    /// Backdrops inside see what lies below the layer in this walk (`steps` to run), with the
    /// layer drawn so far over it at `opacity` with `blendMode` (``BackdropCapture``).
    private func source(
        of node: PresentedLayer, matrix: CATransform3D, reach: (x: Int, y: Int), opacity: Double,
        blendMode: BlendMode, steps: [LayerTreeDrawing.Step]
    ) -> Canvas.OffscreenPixels? {
        let canvas = offscreen.canvases.canvas(at: offscreen.depth)
        canvas.threadCount = drawing.canvas.threadCount
        canvas.tolerance = drawing.canvas.tolerance
        let width = offscreen.targetWidth + 2 * reach.x, height = offscreen.targetHeight + 2 * reach.y
        let plane = CATransform3DConcat(matrix, CATransform3DMakeTranslation(CGFloat(reach.x), CGFloat(reach.y), 0))
        var inner = LayerTreeDrawing(
            canvas: canvas,
            shadows: drawing.shadows.map { ShadowDrawing(offscreen: $0.offscreen, targetWidth: width, targetHeight: height) },
            filters: OffscreenFilters(
                canvases: offscreen.canvases, depth: offscreen.depth + 1,
                targetWidth: width, targetHeight: height),
            renderedRoot: drawing.renderedRoot?.moved(x: reach.x, y: reach.y), rendersInContext: drawing.rendersInContext)
        if let outside = drawing.backdrops, node.subtreeShowsBackdrop {
            let apart = BackdropCapture.ApartLayer(
                outside: outside, drawing: drawing, groupEnds: LayerTreeDrawing.groupEnds(in: steps),
                offset: reach, width: width, height: height,
                opacity: opacity, blendMode: blendMode)
            inner.backdrops = BackdropCapture(canvas: canvas, apart: apart)
        }
        inner.draw(node.snapshot, base: plane, asFilterSource: true)
        return try? canvas.renderPixmap(width: width, height: height)
    }
}
