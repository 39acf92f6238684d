import Tessera
import TesseraRaster

/// A bench scene of layers (`layer-tree`, `layer-content`): each frame steps its clock,
/// evaluates its tree and renders it with `renderer` into `pixmap`.
public protocol LayerBenchScene: AnyObject {
    var renderer: LayerRenderer { get }
    var pixmap: Pixmap { get }
    /// One frame on `threads` threads.
    func frame(threads: Int)
}

extension LayerBenchScene {
    /// How long each step of the last frame took, in the render pipeline's order.
    public var lastStageTimes: [(name: String, seconds: Double)] {
        let times = renderer.lastFrameTimes
        return [("evaluation", times.evaluation), ("drawing walk", times.drawing), ("geometry", times.raster.prepare),
                ("binning", times.raster.binning), ("rasterization", times.raster.rasterization)]
    }
}
