import Dispatch
import TesseraRaster

#if !canImport(QuartzCore)
/// Records the root's sublayers of a large tree on several threads: the sublayers are cut into
/// runs, each run's subtrees are drawn onto a canvas of its own (with a shadow canvas of its
/// own), and the canvases are spliced onto the frame's canvas in order. The recording is the
/// one a walk on one thread makes, call for call, so the bytes are the same.
///
/// The canvases are kept from frame to frame. Used from one thread at a time, as the
/// ``LayerRenderer`` that owns it.
final class ParallelSublayerRecording {
    /// Threads the runs are recorded on.
    var threadCount = 1
    /// The frame's size in pixels (for the shadows).
    var targetWidth = 0, targetHeight = 0
    /// The flattening tolerance of the frame's canvas, which the drawing reads.
    var tolerance = 0.25

    /// Each run's canvas and the canvas its shadows are rendered on.
    private var parts: [(canvas: Canvas, shadows: Canvas)] = []

    /// Below this many layers in the tree, handing runs to threads costs more than it saves.
    private static let minimumLayers = 512

    /// Whether `sublayers` of `node` are better recorded in parallel.
    func isWorthIt(for sublayers: [LayerTreeDrawing.Sublayer], of node: LayerSnapshot) -> Bool {
        threadCount > 1 && sublayers.count > 1 && node.tree.count >= Self.minimumLayers
    }

    /// Records `sublayers` (in drawing order) and their subtrees onto `canvas`.
    func record(_ sublayers: [LayerTreeDrawing.Sublayer], onto canvas: Canvas) {
        // A few runs per thread: a thread that drew light subtrees takes more.
        let runs = min(sublayers.count, 4 * threadCount)
        while parts.count < runs {
            parts.append((Canvas(threadCount: 1), Canvas(threadCount: 1)))
        }
        for part in parts.prefix(runs) { part.canvas.tolerance = tolerance }
        let work = Runs(sublayers: sublayers, parts: Array(parts.prefix(runs)), targetWidth: targetWidth,
                        targetHeight: targetHeight)
        DispatchQueue.concurrentPerform(iterations: runs, execute: work.record)
        for part in parts.prefix(runs) { canvas.append(part.canvas) }
    }

    /// The runs of one call, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: run `r` draws only on `parts[r]`'s two canvases; the snapshots are
    /// immutable.
    private struct Runs: @unchecked Sendable {
        let sublayers: [LayerTreeDrawing.Sublayer]
        let parts: [(canvas: Canvas, shadows: Canvas)]
        let targetWidth: Int, targetHeight: Int

        func record(_ run: Int) {
            let count = sublayers.count, runs = parts.count
            let range = run * count / runs..<(run + 1) * count / runs
            // The last frame's calls, spliced since, freed here rather than by the splicing thread.
            parts[run].canvas.discardRecording()
            let shadows = ShadowDrawing(offscreen: parts[run].shadows, targetWidth: targetWidth, targetHeight: targetHeight)
            LayerTreeDrawing(canvas: parts[run].canvas, shadows: shadows).draw(sublayers[range])
        }
    }
}
#endif
