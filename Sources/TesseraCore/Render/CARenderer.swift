import Foundation
import TesseraRaster

/// Renders a layer tree into a pixmap frame by frame, with the shape of QuartzCore's `CARenderer`
/// (which renders into a Metal texture there), so that code driving one ports:
///
/// ```swift
/// let renderer = CARenderer(pixmap: pixmap, options: nil)
/// renderer.layer = root
/// renderer.bounds = root.bounds
/// renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
/// renderer.render()
/// renderer.endFrame()
/// ```
///
/// `bounds` is the part of the layer's coordinates drawn, stretched over the whole pixmap.
open class CARenderer: NSObject {
    /// The pixmap frames are drawn into (QuartzCore's renderer draws into its texture).
    public let pixmap: Pixmap
    /// The root of the tree drawn.
    open var layer: CALayer?
    /// The rectangle of the layer's coordinates drawn into the pixmap.
    open var bounds: CGRect = .zero
    private let renderer = LayerRenderer()
    private var frameTime: CFTimeInterval?

    /// A renderer drawing into `pixmap`; options are accepted for source compatibility and
    /// ignored.
    public init(pixmap: Pixmap, options: [AnyHashable: Any]? = nil) {
        self.pixmap = pixmap
        super.init()
    }

    /// Starts a frame at media time `t` (the tree's root time). The time stamp is ignored (there
    /// is no CVTimeStamp on Linux).
    open func beginFrame(atTime t: CFTimeInterval, timeStamp: UnsafeMutableRawPointer? = nil) {
        frameTime = t
    }

    /// The rectangle of the pixmap the frame changes: all of it (Tessera draws whole frames).
    open func updateBounds() -> CGRect {
        CGRect(x: 0, y: 0, width: pixmap.width, height: pixmap.height)
    }

    /// Accepted for source compatibility: every frame is drawn whole.
    open func addUpdate(_ r: CGRect) {}

    /// Draws the layer at the frame's time, `bounds` stretched over the pixmap (nothing when no
    /// frame has begun, there is no layer, or `bounds` is empty).
    open func render() {
        guard let t = frameTime, let layer, bounds.width > 0, bounds.height > 0 else { return }
        let scale = min(Double(pixmap.width) / Double(bounds.width), Double(pixmap.height) / Double(bounds.height))
        renderer.scale = scale
        renderer.render(layer.presentation(at: t, threadCount: 1, skipsHiddenSubtrees: true), origin: bounds.origin, into: pixmap)
    }

    /// The next time anything in the tree may change: now while any animation is attached
    /// somewhere in it (a frame is due), infinity when nothing animates.
    open func nextFrameTime() -> CFTimeInterval {
        guard let layer, let t = frameTime else { return .infinity }
        return layer.treeContains { !$0.attached.isEmpty } ? t : .infinity
    }

    /// Ends the frame begun by ``beginFrame(atTime:timeStamp:)``.
    open func endFrame() {
        frameTime = nil
    }
}
