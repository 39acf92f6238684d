import Foundation
import TesseraRaster

/// What backdrop layers see: what lies below them as far as the walk has recorded it, as Core
/// Animation composites it: inside a group (opacity, mask, clip, colour or compositing filter)
/// or a layer drawn apart, what lies below the group with the group's content drawn so far
/// composited over it, as if the group ended there.
///
/// A backdrop needs everything below it final, including around its bounds as far as its blur
/// reaches. Rather than wait band by band, the frame is rendered in segments: at each backdrop
/// met with no group open, what the walk recorded so far is rendered into the frame's pixmap (in
/// parallel bands, as any render), the backdrop's pixels are taken from there, and recording goes
/// on; the last segment is rendered over the pixmap at the end of the frame. The root's sublayers
/// between backdrops are recorded in parallel (``ParallelSublayerRecording/segments(of:threadCount:)``),
/// spliced before the next capture; a sublayer whose subtree shows a backdrop is recorded by the
/// frame's walk itself.
///
/// Rendering the frame would end the groups open on its canvas, so a backdrop inside them is
/// given a flattened copy instead (``flattened(with:ends:drawing:)``): the calls recorded so far
/// are shared with a scratch canvas (``Canvas/append(keepingGroupsOpen:)``), the walk's pending
/// group ends are recorded there as the walk will record them (a mask's layer included), and
/// that is rendered over a copy of the frame; the frame's canvas records on, untouched. A layer
/// drawn apart (``FilteredLayerDrawing``) has a capture of its own, whose flattened content
/// goes over what lies below it in the walk outside, at the layer's opacity and blend mode
/// (before its filters and mask, which apply to the layer as a whole), into the offscreen
/// plane's pixels. Every render is deterministic at any thread count, so the frame is too.
///
/// Backdrops of one `groupName` share the capture made for the first of them.
final class BackdropCapture {
    /// The canvas the walk records on: the frame's, or the one a layer is drawn apart on.
    let canvas: Canvas
    /// Where that canvas's calls end up.
    private let target: Target
    /// What lies below each named group, as its first backdrop saw it.
    private var groups: [String: Pixmap] = [:]
    /// What lies below the backdrop being drawn, captured before its own groups opened.
    private(set) var captured: Pixmap?

    enum Target {
        /// The frame's pixmap, which the canvas renders into.
        case frame(Pixmap)
        /// A layer drawn apart, composited into the walk outside it.
        case apart(ApartLayer)
    }

    /// A layer drawn apart, as the walk outside it records it.
    struct ApartLayer {
        /// What the walk outside captures.
        let outside: BackdropCapture
        /// The walk outside, which ends its groups (``LayerTreeDrawing/endGroups(_:on:)``).
        let drawing: LayerTreeDrawing
        /// The walk outside's pending group ends when it drew the layer.
        let groupEnds: [LayerTreeDrawing.Step]
        /// Where the outside's pixel (0, 0) lies on the offscreen plane (the blurs' reach).
        let offset: (x: Int, y: Int)
        /// The offscreen plane's size in pixels.
        let width: Int, height: Int
        /// How the layer is composited outside.
        let opacity: Double, blendMode: BlendMode
    }

    init(canvas: Canvas, pixmap: Pixmap) {
        self.canvas = canvas
        self.target = .frame(pixmap)
    }

    init(canvas: Canvas, apart: ApartLayer) {
        self.canvas = canvas
        self.target = .apart(apart)
    }

    /// Captures what lies below a backdrop of `groupName`, met by `drawing` with `steps` to run
    /// (its groups' ends among them), into ``captured``: in the canvas's pixels; nil when memory
    /// runs out.
    func capture(group groupName: String?, steps: [LayerTreeDrawing.Step], drawing: LayerTreeDrawing) {
        captured = below(group: groupName, steps: steps, drawing: drawing)
    }

    /// What ``capture(group:steps:drawing:)`` captures, returned.
    func below(group groupName: String?, steps: [LayerTreeDrawing.Step], drawing: LayerTreeDrawing) -> Pixmap? {
        if let groupName, let shared = groups[groupName] { return shared }
        guard let below = flattened(with: nil, ends: LayerTreeDrawing.groupEnds(in: steps), drawing: drawing) else {
            return nil
        }
        guard let groupName else { return below }
        // A copy of the frame itself: later segments change it, and the group keeps what its first saw.
        guard case .frame(let frame) = target, below === frame else {
            groups[groupName] = below
            return below
        }
        let copy = try? Pixmap(copying: frame, x: 0, y: 0, width: frame.width, height: frame.height)
        groups[groupName] = copy
        return copy
    }

    /// What lies below with the canvas's calls so far over it, then `overlay`, its open groups
    /// ended by `ends` as `drawing` ends them: in the canvas's pixels.
    private func flattened(with overlay: Overlay?, ends: [LayerTreeDrawing.Step], drawing: LayerTreeDrawing) -> Pixmap? {
        if case .frame(let frame) = target, canvas.openGroupCount == 0 {
            if canvas.recordedCount > 0 { canvas.render(into: frame) }   // a segment
            if overlay == nil { return frame }
        }
        let scratch = Canvas(threadCount: canvas.threadCount)
        scratch.tolerance = canvas.tolerance
        scratch.taskRecorder = canvas.taskRecorder
        scratch.append(keepingGroupsOpen: canvas)
        overlay?.pixels.draw(on: scratch, opacity: overlay?.opacity ?? 1, blendMode: overlay?.blendMode ?? .normal)
        drawing.endGroups(ends, on: scratch)
        switch target {
        case .frame(let frame):
            guard let copy = try? Pixmap(copying: frame, x: 0, y: 0, width: frame.width, height: frame.height) else { return nil }
            scratch.render(into: copy)
            return copy
        case .apart(let apart):
            let drawn: Canvas.OffscreenPixels?   // nil: the layer has drawn nothing yet
            do { drawn = try scratch.renderPixmap(width: apart.width, height: apart.height) } catch { return nil }
            let overlay = drawn.map {
                Overlay(
                    pixels: FilterOperations.Placed(pixmap: $0.pixmap, x: $0.x - apart.offset.x, y: $0.y - apart.offset.y),
                    opacity: apart.opacity, blendMode: apart.blendMode)
            }
            guard let outside = apart.outside.flattened(with: overlay, ends: apart.groupEnds, drawing: apart.drawing) else {
                return nil
            }
            return Self.placed(outside, at: apart.offset, width: apart.width, height: apart.height)
        }
    }

    /// A layer drawn apart, as it is composited outside.
    private struct Overlay {
        let pixels: FilterOperations.Placed
        let opacity: Double
        let blendMode: BlendMode
    }

    /// `pixels` at `offset` on a transparent plane `width × height`.
    private static func placed(_ pixels: Pixmap, at offset: (x: Int, y: Int), width: Int, height: Int) -> Pixmap? {
        guard let plane = try? Pixmap(width: width, height: height) else { return nil }
        let columns = min(pixels.width, width - offset.x), rows = min(pixels.height, height - offset.y)
        guard offset.x >= 0, offset.y >= 0, columns > 0, rows > 0 else { return plane }
        for row in 0..<rows {
            (plane.row(offset.y + row) + offset.x).update(from: pixels.row(row), count: columns)
        }
        return plane
    }
}
