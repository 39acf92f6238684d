import Foundation
import TesseraRaster

/// What each frame of an export is drawn over.
public enum FrameBackground {
    /// A colour (`Color.clear`: transparent, the default).
    case color(Color)
    /// An image of the frame's size, copied under each frame.
    case image(Pixmap)
}

/// Renders a layer tree frame after frame into a `FrameWriter`: the frame loop of
/// `tessera render`, for embedders who write videos, animated images or frame sequences
/// in-process.
///
/// ```swift
/// let timeline = FrameTimeline(duration: AnimationLength(of: root).duration, framesPerSecond: 30)
/// let writer = try FrameWriter(format: .mp4, destination: .file("out.mp4"), width: 400, height: 400,
///                              framesPerSecond: 30, frameCount: timeline.frameCount)
/// try AnimationExport(renderer: LayerRenderer()).render(root, timeline: timeline, width: 400, height: 400, to: writer)
/// ```
///
/// One pixmap is reused for every frame and the writer keeps none: memory stays the same
/// whatever the number of frames. On an error the writer is cancelled (no partial file is left)
/// and the error rethrown; on success the writer is finished.
public final class AnimationExport {
    /// The renderer that draws each frame (its thread count and tolerance apply).
    public let renderer: LayerRenderer
    /// What each frame is drawn over.
    public var background: FrameBackground = .color(.clear)

    /// An export drawing with `renderer` over a clear background.
    public init(renderer: LayerRenderer) {
        self.renderer = renderer
    }

    /// Renders `root` at each time of `timeline` into a `width` × `height` frame and writes it.
    /// `beforeFrame` runs before each frame is rendered, with its time (to drive a tree from
    /// outside its timeline); `progress` after each frame is written, with the count so far. An
    /// error thrown by `progress` stops the render: the writer is cancelled and the error rethrown
    /// (how a caller stops on an interruption).
    public func render(
        _ root: CALayer, timeline: FrameTimeline, width: Int, height: Int, to writer: FrameWriter,
        beforeFrame: ((Double) -> Void)? = nil, progress: ((Int) throws -> Void)? = nil
    ) throws {
        do {
            let pixmap = try Pixmap(width: width, height: height)
            for index in 0..<timeline.frameCount {
                let t = timeline.time(ofFrame: index)
                beforeFrame?(t)
                draw(root, at: t, into: pixmap)
                try writer.write(pixmap)
                try progress?(index + 1)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// Renders one frame at `t` over the background into `pixmap`.
    public func draw(_ root: CALayer, at t: Double, into pixmap: Pixmap) {
        switch background {
        case .color(let color):
            renderer.background = color
        case .image(let image):
            image.copy(into: pixmap)
            renderer.background = nil   // draw over the copied image
        }
        renderer.render(root, at: t, into: pixmap)
    }
}

extension Pixmap {
    /// Copies this pixmap's pixels into `target`'s top-left corner (as much as fits).
    func copy(into target: Pixmap) {
        let width = min(self.width, target.width), height = min(self.height, target.height)
        for y in 0..<height {
            target.row(y).update(from: row(y), count: width)
        }
    }
}
