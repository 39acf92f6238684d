import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Draws what a ``CABackdropLayer`` shows: the frame below it (``BackdropCapture``) within its
/// rounded bounds, through its `filters` (``LayerFilterChain``: colour matrices and blurs,
/// which read the frame around the bounds as far as they reach).
struct BackdropDrawing {
    let capture: BackdropCapture
    let filterCanvas: Canvas

    /// Draws the backdrop of the layer at `p` (mapped to the frame by `matrix`, through
    /// `mapping`) onto the frame's canvas.
    func draw(_ p: UnsafePointer<LayerProperties>, matrix: CATransform3D, mapping: PlaneMapping) {
        let canvas = capture.canvas
        let frame = capture.frame(group: p.pointee.groupName)
        let chain = LayerFilterChain(p.pointee.filters)
        let scale = ShadowDrawing.deviceScale(of: p.pointee.bounds, matrix)
        var reachX = 0, reachY = 0
        for case .gaussianBlur(let sigma) in chain?.operations ?? [] {
            let blur = GaussianBlur(sigmaX: sigma * scale.x, sigmaY: sigma * scale.y)
            reachX += blur.reachX
            reachY += blur.reachY
        }
        // The bounds on the frame, grown by the reach, within the frame.
        let box = LayerGeometry.boundingBox(of: p.pointee.bounds) { matrix.projecting($0) }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let left = max(0, Int(box.minX.rounded(.down)) - reachX), top = max(0, Int(box.minY.rounded(.down)) - reachY)
        let right = min(frame.width, Int(box.maxX.rounded(.up)) + reachX)
        let bottom = min(frame.height, Int(box.maxY.rounded(.up)) + reachY)
        guard left < right, top < bottom, var pixels = try? Pixmap(width: right - left, height: bottom - top) else { return }
        for row in 0..<pixels.height {
            pixels.row(row).update(from: frame.row(top + row) + left, count: pixels.width)
        }
        var x = left, y = top
        for operation in chain?.operations ?? [] {
            switch operation {
            case .gaussianBlur(let sigma):
                let blur = GaussianBlur(sigmaX: sigma * scale.x, sigmaY: sigma * scale.y)
                guard let blurred = try? pixels.blurred(by: blur, threadCount: canvas.threadCount) else { return }
                pixels = blurred
                x -= blur.reachX
                y -= blur.reachY
            case .colorMatrix(let colorMatrix):
                guard let image = try? Image(pixmap: pixels) else { return }
                filterCanvas.threadCount = canvas.threadCount
                filterCanvas.beginGroup()
                filterCanvas.drawImage(image, in: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)),
                                       filter: .nearest)
                filterCanvas.endGroup(colorMatrix: colorMatrix)
                guard let filtered = try? filterCanvas.renderPixmap(width: pixels.width, height: pixels.height) else { return }
                pixels = filtered.pixmap
                x += filtered.x
                y += filtered.y
            }
        }
        guard let image = try? Image(pixmap: pixels) else { return }
        // Within the rounded bounds: the pixels, masked by the bounds' shape on the frame.
        canvas.beginGroup()
        canvas.drawImage(image, in: Rect(x: Double(x), y: Double(y), width: Double(pixels.width), height: Double(pixels.height)),
                         filter: .nearest)
        canvas.beginMask()
        canvas.fill(LayerBackgroundShapes.roundedRect(p.pointee.bounds, radius: p.pointee.cornerRadius,
                                                      corners: p.pointee.maskedCorners, curve: p.pointee.cornerCurve),
                    paint: .solid(.white), mapping: mapping)
        canvas.endGroup()
    }
}
#endif
