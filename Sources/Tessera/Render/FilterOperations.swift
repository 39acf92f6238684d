import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Applies a filter chain's operations (``LayerFilterChain``) to pixels drawn apart from the
/// frame: blurs through TesseraRaster's `GaussianBlur` (the pixels grow by its reach), colour
/// matrices in place (`Pixmap.apply`, the kernel of a group's colour filter). Where the pixels
/// lie on the target moves with them.
struct FilterOperations {
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
                pixels.pixmap.apply(colorMatrix)   // in place: the pixels are this chain's own
            }
        }
        return pixels
    }
}
#endif
