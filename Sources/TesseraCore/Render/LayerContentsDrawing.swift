import Foundation
import TesseraRaster

/// Draws a layer's `contents` image (``LayerContentsPlacement``) onto a canvas: each cell's
/// rectangle filled with the image as a pattern (pad: texels at the cell's edges continue past
/// them), sampled with the layer's magnification filter where the image is drawn larger than its
/// pixels and its minification filter where smaller; `inContext`, a magnified image with the
/// linear filter as CoreGraphics draws it (``ContextImageResampling``).
enum LayerContentsDrawing {
    /// `opacity` (0…1) is the layer's, when no group carries it; a replicator's colour tint does
    /// not apply to images. By pointer, as the walk's other drawing steps: a `LayerProperties`
    /// passed by value was copied for every layer of every frame.
    static func draw(
        _ p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, opacity: Double, inContext: Bool = false, on canvas: Canvas
    ) {
        guard let image = p.pointee.contents.image, opacity > 0 else { return }
        // Fields read in place: a copy of the properties (a kilobyte, with a retain of each of
        // their references) for each of 500 image layers was a tenth of a frame's drawing walk.
        let cells = LayerContentsPlacement.cells(
            bounds: p.pointee.bounds, imageWidth: image.width, imageHeight: image.height,
            contentsRect: p.pointee.contentsRect, contentsCenter: p.pointee.contentsCenter,
            gravity: p.pointee.contentsGravity, scale: p.pointee.contentsScale)
        guard !cells.isEmpty else { return }
        if opacity < 1 { canvas.beginGroup() }
        for cell in cells {
            let scale = scale(cell, mapping)
            let filter = filter(p, scale: scale)
            var pattern = ImagePattern(image: image.rasterImage, transform: cell.imageToLayer, extend: .pad, filter: filter)
            if inContext, filter == .bilinear, scale > 1, case .affine(let layerToTarget) = mapping,
                let resampled = ContextImageResampling.pattern(
                    image.rasterImage, imageToLayer: cell.imageToLayer, destination: cell.destination, layerToTarget: layerToTarget)
            {
                pattern = resampled
            }
            let d = cell.destination
            canvas.fill(
                Path(
                    rect: Rect(
                        x: Double(d.minX), y: Double(d.minY), width: Double(d.width),
                        height: Double(d.height))),
                paint: .image(pattern), mapping: mapping)
        }
        if opacity < 1 { canvas.endGroup(opacity: opacity) }
    }

    /// The layer's filter for a cell whose texels reach the target at `scale` (``scale(_:_:)``).
    private static func filter(_ p: UnsafePointer<LayerProperties>, scale: Double) -> ImagePattern.Filter {
        switch scale < 1 ? p.pointee.minificationFilter : p.pointee.magnificationFilter {
        case .nearest: return .nearest
        case .trilinear: return .trilinear
        default: return .bilinear
        }
    }

    /// The scale at which the cell's texels reach the target.
    private static func scale(_ cell: LayerContentsPlacement.Cell, _ mapping: PlaneMapping) -> Double {
        var scale = Double(cell.destination.width / cell.source.width)
        if case .affine(let t) = mapping { scale *= abs(t.a * t.d - t.b * t.c).squareRoot() }
        return scale
    }
}
