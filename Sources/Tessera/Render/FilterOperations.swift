import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Applies a filter chain's operations (``LayerFilterChain``) to pixels drawn apart from the
/// frame: blurs through TesseraRaster's `GaussianBlur` (the pixels grow by its reach), colour
/// matrices through a group drawn on `canvas` (a canvas of the filter's own). Where the pixels
/// lie on the target moves with them.
struct FilterOperations {
    /// Where colour matrices are applied.
    let canvas: Canvas
    let threadCount: Int
    /// Pixels per point of the layer along x and y (a blur's σ is in points).
    let scale: (x: Double, y: Double)

    /// Pixels placed on the target: their top-left pixel at (x, y).
    struct Placed {
        var pixmap: Pixmap
        var x: Int
        var y: Int
    }

    func blur(sigma: Double) -> GaussianBlur { GaussianBlur(sigmaX: sigma * scale.x, sigmaY: sigma * scale.y) }

    /// How far the blurs of `operations` reach together, in pixels.
    func reach(of operations: [LayerFilterChain.Operation]) -> (x: Int, y: Int) {
        var x = 0, y = 0
        for case .gaussianBlur(let sigma) in operations {
            let blur = blur(sigma: sigma)
            x += blur.reachX
            y += blur.reachY
        }
        return (x, y)
    }

    /// `pixels` through `operations`, in order; nil when memory runs out or nothing is left.
    func apply(_ operations: ArraySlice<LayerFilterChain.Operation>, to pixels: Placed) -> Placed? {
        var pixels = pixels
        for operation in operations {
            switch operation {
            case .gaussianBlur(let sigma):
                let blur = blur(sigma: sigma)
                guard let blurred = try? pixels.pixmap.blurred(by: blur, threadCount: threadCount) else { return nil }
                pixels = Placed(pixmap: blurred, x: pixels.x - blur.reachX, y: pixels.y - blur.reachY)
            case .colorMatrix(let colorMatrix):
                guard let image = try? Image(pixmap: pixels.pixmap) else { return nil }
                let width = pixels.pixmap.width, height = pixels.pixmap.height
                canvas.threadCount = threadCount
                canvas.beginGroup()
                canvas.drawImage(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), filter: .nearest)
                canvas.endGroup(colorMatrix: colorMatrix)
                guard let filtered = try? canvas.renderPixmap(width: width, height: height) else { return nil }
                pixels = Placed(pixmap: filtered.pixmap, x: pixels.x + filtered.x, y: pixels.y + filtered.y)
            }
        }
        return pixels
    }
}
#endif
