import Dispatch
import Foundation
import TesseraRaster

/// Renders a layer tree at a time into pixels: the presentation tree is evaluated, turned into
/// drawing calls, and rasterized in horizontal bands on ``threadCount`` threads. The bytes are
/// the same whatever the thread count. A renderer keeps its buffers from frame to frame; use one
/// per thread.
///
/// ```swift
/// let renderer = LayerRenderer()
/// renderer.scale = 2
/// let pixmap = try Pixmap(width: 800, height: 600)
/// renderer.render(root, at: 0.5, into: pixmap)
/// try pixmap.writePNG(to: "frame.png")
/// ```
///
/// The layer is drawn in its own coordinates, as `CALayer.render(in:)` does: the top-left of its
/// bounds at the pixmap's top-left, y down, one point = ``scale`` pixels; its own position and
/// transform are not applied.
public final class LayerRenderer {
    private let canvas: Canvas
    /// Where shadows' shapes are rendered.
    private let shadowCanvas: Canvas
    /// Where the root's sublayers of a large tree are recorded in parallel.
    private let sublayerRecording = ParallelSublayerRecording()
    /// Where an emitter's many particles are recorded in parallel.
    private let particleRecording = ParallelParticleRecording()
    /// Where layers whose filters blur are drawn apart.
    private let filterCanvases = FilterCanvases()

    /// Pixels per point (1 by default). A non-finite or non-positive scale draws nothing.
    public var scale: Double = 1
    /// The color the pixmap is cleared to first; nil leaves its pixels and draws over them.
    public var background: Color? = .clear
    /// Which of Core Animation's ways of drawing a layer tree this renderer follows:
    /// ``Mode/onScreen`` (the default) or ``Mode/renderInContext``.
    public var mode: Mode = .onScreen

    /// The largest distance, in pixels, between a curve of the layers' content (paths, rounded
    /// corners, glyphs, shadows' shapes) and the lines that replace it: the canvases' `tolerance`
    /// for everything this renderer draws. 0.1 by default, finer than the 0.25 of a raster
    /// `Canvas`, so that edges lie where Core Animation's CoreGraphics renders put them (within
    /// about 0.05 px of the curve). The cost grows as one over its square root: at 0.1, curves
    /// become about 1.6 times as many lines as at 0.25. Clamped to [0.01, 16]; NaN reads as 0.1.
    public var tolerance: Double {
        get { canvas.tolerance }
        set {
            let value = newValue.isNaN ? Self.defaultTolerance : newValue
            canvas.tolerance = value
            shadowCanvas.tolerance = value
        }
    }

    /// ``tolerance``'s default.
    static let defaultTolerance = 0.1

    /// Threads used to rasterize (values below 1 count as 1).
    public var threadCount: Int {
        get { canvas.threadCount }
        set {
            canvas.threadCount = newValue
            shadowCanvas.threadCount = newValue
        }
    }

    /// How long the steps of the last frame took, in seconds of wall-clock time.
    public private(set) var lastFrameTimes = FrameStageTimes()

    /// Where frames record their work as tasks (evaluation, drawing walk, and the canvas's
    /// geometry, binning and rasterization), when set: see `FrameTaskRecorder` (package-wide, for
    /// the bench's predictions).
    package var taskRecorder: FrameTaskRecorder? {
        get { canvas.taskRecorder }
        set { canvas.taskRecorder = newValue }
    }

    /// A renderer that draws on `threadCount` threads (every core by default).
    public init(threadCount: Int = Canvas.processorCount) {
        canvas = Canvas(threadCount: threadCount)
        shadowCanvas = Canvas(threadCount: threadCount)
        tolerance = Self.defaultTolerance
    }

    /// Renders `layer`'s tree at root time `t` (see ``CALayer/presentation(at:)``).
    public func render(_ layer: CALayer, at t: CFTimeInterval, into pixmap: Pixmap) {
        let start = DispatchTime.now().uptimeNanoseconds
        let snapshot = taskRecorder.during("evaluation") {
            layer.presentation(at: t, threadCount: threadCount, recorder: taskRecorder, skipsHiddenSubtrees: true)
        }
        let evaluation = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        render(snapshot, into: pixmap)
        lastFrameTimes.evaluation = evaluation
    }

    /// Renders a presented layer and its subtree.
    public func render(_ snapshot: LayerSnapshot, into pixmap: Pixmap) {
        render(snapshot, origin: snapshot.properties.bounds.origin, into: pixmap)
    }

    /// Renders a presented layer and its subtree with the point `origin` of its coordinates at
    /// the pixmap's top-left.
    func render(_ snapshot: LayerSnapshot, origin: CGPoint, into pixmap: Pixmap) {
        let start = DispatchTime.now().uptimeNanoseconds
        if let background { canvas.clear(background) }
        if scale.isFinite && scale > 0 {
            let base = CATransform3DConcat(
                CATransform3DMakeTranslation(-origin.x, -origin.y, 0),
                CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1))
            let shadows = ShadowDrawing(offscreen: shadowCanvas, targetWidth: pixmap.width, targetHeight: pixmap.height)
            let filters = OffscreenFilters(
                canvases: filterCanvases, depth: 0, targetWidth: pixmap.width,
                targetHeight: pixmap.height)
            let backdrops = snapshot.tree.shape.hasBackdrop ? BackdropCapture(canvas: canvas, pixmap: pixmap) : nil
            taskRecorder.during("drawing walk") {
                LayerTreeDrawing(
                    canvas: canvas, shadows: shadows, sublayerRecorders: sublayerRecording,
                    particleRecording: particleRecording, filters: filters, backdrops: backdrops,
                    target: (pixmap.width, pixmap.height), rendersInContext: mode == .renderInContext
                )
                .draw(snapshot, base: base)
            }
        }
        let drawing = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        canvas.render(into: pixmap)
        lastFrameTimes = FrameStageTimes(evaluation: 0, drawing: drawing, raster: canvas.lastRenderTimes)
    }
}

extension LayerRenderer {
    /// Which of Core Animation's ways of drawing a layer tree a renderer follows.
    public enum Mode: Sendable, Hashable {
        /// As Core Animation composites layers on screen: the whole composition model.
        case onScreen
        /// As `CALayer.render(in:)` draws a layer tree into a `CGContext` (what snapshot tests of
        /// layers record, such as lottie-ios's). Apple's documentation of `render(in:)` says that
        /// it "does not support the entire Core Animation composition model": layers that use 3D
        /// transforms are not rendered, nor are layers that specify `backgroundFilters`,
        /// `filters`, `compositingFilter` or a `mask`. What iOS's `render(in:)` observably draws
        /// (lottie-ios's snapshots of its layer trees) differs in part, and this mode draws that:
        ///
        /// - A layer whose `transform` is not affine (``CATransform3DIsAffine(_:)``, within
        ///   rounding: a rotation about x or y, a perspective) is drawn without its `position` and
        ///   `transform`, its anchor point at its superlayer's origin; its sublayers are drawn in
        ///   it as usual.
        /// - A layer whose `compositingFilter` is `luminosityBlendMode` is composited as a normal
        ///   one. The other blend modes those renders show (multiply, screen, overlay, darken,
        ///   difference) are drawn as on screen.
        /// - A `contents` image drawn larger than its pixels with the linear magnification filter
        ///   is interpolated as CoreGraphics draws images, not bilinearly: each pixel a
        ///   Gaussian-weighted blend (σ 0.35 texel, fitted to Apple's renders) of the 4 × 4 texels around it.
        ///
        /// Masks, filters and everything else are drawn as ``onScreen`` draws them (masks are
        /// drawn by iOS's `render(in:)`; what it does with filters is not seen in those renders).
        case renderInContext
    }
}

/// How long the steps of a ``LayerRenderer`` frame took, in seconds of wall-clock time, in the
/// order of the render pipeline.
public struct FrameStageTimes: Sendable, Equatable {
    /// Evaluating the presentation tree (0 when a presented tree was given).
    public var evaluation: Double = 0
    /// Walking the tree into drawing calls.
    public var drawing: Double = 0
    /// Geometry, binning and rasterization (see `RenderStageTimes`).
    public var raster = RenderStageTimes()

    /// Times of zero.
    public init() {}

    init(evaluation: Double, drawing: Double, raster: RenderStageTimes) {
        self.evaluation = evaluation
        self.drawing = drawing
        self.raster = raster
    }
}
