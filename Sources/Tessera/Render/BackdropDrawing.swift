import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Draws what a ``CABackdropLayer`` shows: the frame below it (``BackdropCapture``) within its
/// rounded bounds, through its `filters` (``LayerFilterChain``: colour matrices and blurs,
/// which read the frame around the bounds as far as they reach).
struct BackdropDrawing {
    let capture: BackdropCapture

    /// Draws the backdrop of the layer at `p` (mapped to the frame by `matrix`, through
    /// `mapping`) onto the frame's canvas.
    func draw(_ p: UnsafePointer<LayerProperties>, matrix: CATransform3D, mapping: PlaneMapping) {
        let canvas = capture.canvas
        let frame = capture.frame(group: p.pointee.groupName)
        let operations = LayerFilterChain(p.pointee.filters)?.operations ?? []
        let filter = FilterOperations(threadCount: canvas.threadCount,
                                      scale: LayerGeometry.deviceScale(of: p.pointee.bounds, matrix))
        let reach = filter.reach(of: operations)
        // The bounds on the frame, grown by the reach, within the frame.
        let box = LayerGeometry.boundingBox(of: p.pointee.bounds) { matrix.projecting($0) }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let left = max(0, Int(box.minX.rounded(.down)) - reach.x), top = max(0, Int(box.minY.rounded(.down)) - reach.y)
        let right = min(frame.width, Int(box.maxX.rounded(.up)) + reach.x)
        let bottom = min(frame.height, Int(box.maxY.rounded(.up)) + reach.y)
        guard left < right, top < bottom, let below = try? Pixmap(width: right - left, height: bottom - top) else { return }
        for row in 0..<below.height {
            below.row(row).update(from: frame.row(top + row) + left, count: below.width)
        }
        guard let filtered = filter.apply(operations[...], to: .init(pixmap: below, x: left, y: top)) else { return }
        guard let image = try? Image(pixmap: filtered.pixmap) else { return }
        // Within the rounded bounds: the pixels, masked by the bounds' shape on the frame.
        canvas.beginGroup()
        canvas.drawImage(image, in: filtered.rect, filter: filtered.sampling)
        canvas.beginMask()
        canvas.fill(LayerBackgroundShapes.roundedRect(p.pointee.bounds, radius: p.pointee.cornerRadius,
                                                      corners: p.pointee.maskedCorners, curve: p.pointee.cornerCurve),
                    paint: .solid(.white), mapping: mapping)
        canvas.endGroup()
    }
}
#endif
