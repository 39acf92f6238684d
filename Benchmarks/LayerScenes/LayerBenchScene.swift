import Tessera
import TesseraRaster

/// A bench scene of layers (`layer-tree`, `layer-content`, `layer-filters`): each frame steps
/// its clock, evaluates its tree and renders it with `renderer` into `pixmap`.
public protocol LayerBenchScene: AnyObject {
    var root: CALayer { get }
    var clock: AnimationClock { get }
    var renderer: LayerRenderer { get }
    var pixmap: Pixmap { get }
    /// Changes the model before a frame is rendered at the clock's new time (what a frame
    /// cannot animate, such as a text layer's string); nothing by default.
    func prepareFrame()
}

extension LayerBenchScene {
    public func prepareFrame() {}

    /// One frame on `threads` threads: the clock 1/60 s on, the tree rendered at its time.
    public func frame(threads: Int) {
        clock.advance(by: 1.0 / 60)
        prepareFrame()
        renderer.threadCount = threads
        renderer.render(root, at: clock.time, into: pixmap)
    }

    /// How long each step of the last frame took, in the render pipeline's order.
    public var lastStageTimes: [(name: String, seconds: Double)] {
        let times = renderer.lastFrameTimes
        return [
            ("evaluation", times.evaluation), ("drawing walk", times.drawing), ("geometry", times.raster.prepare),
            ("binning", times.raster.binning), ("rasterization", times.raster.rasterization),
        ]
    }
}
