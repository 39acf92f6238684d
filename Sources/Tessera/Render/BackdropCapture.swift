import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// What backdrop layers see: the frame rendered as far as the walk has recorded it.
///
/// A backdrop needs everything below it final, including around its bounds as far as its blur
/// reaches. Rather than wait band by band, the frame is rendered in segments: at each backdrop,
/// what the walk recorded so far is rendered into the frame's pixmap (in parallel bands, as any
/// render), the backdrop's pixels are taken from there, and recording goes on; the last segment
/// is rendered over the pixmap at the end of the frame. Each segment is deterministic and
/// parallel, so the frame is too. The root's sublayers between backdrops are recorded in
/// parallel (``ParallelSublayerRecording/segments(of:threadCount:)``), spliced before the next
/// capture; a sublayer whose subtree shows a backdrop is recorded by the frame's walk itself.
///
/// A render cannot happen while a group is open on the canvas (it would end it early): a
/// backdrop inside an open group sees the frame as last rendered, without the group's content.
/// Backdrops of one `groupName` share the capture made for the first of them.
final class BackdropCapture {
    /// The frame's canvas and the pixmap it renders into.
    let canvas: Canvas
    let pixmap: Pixmap
    /// The frame as each named group first saw it.
    private var groups: [String: Pixmap] = [:]

    init(canvas: Canvas, pixmap: Pixmap) {
        self.canvas = canvas
        self.pixmap = pixmap
    }

    /// The frame below a backdrop of `groupName`: rendered now when no group is open.
    func frame(group groupName: String?) -> Pixmap {
        if let groupName, let captured = groups[groupName] { return captured }
        if canvas.openGroupCount == 0, canvas.recordedCount > 0 { canvas.render(into: pixmap) }
        guard let groupName else { return pixmap }
        // A copy: later segments change the frame, and the group keeps what its first saw.
        let copy = (try? Pixmap(width: pixmap.width, height: pixmap.height)) ?? pixmap
        if copy !== pixmap { copy.baseAddress.copyMemory(from: pixmap.baseAddress, byteCount: pixmap.bytesPerRow * pixmap.height) }
        groups[groupName] = copy
        return copy
    }
}
#endif
