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
    /// Each run's canvas, the canvas its shadows are rendered on, and where its blurred layers
    /// are drawn.
    private var parts: [(canvas: Canvas, shadows: Canvas, filters: FilterCanvases)] = []

    /// Below this many layers in the tree, handing runs to threads costs more than it saves.
    private static let minimumLayers = 512

    /// Whether `sublayers` of `node` are better recorded in parallel on `threadCount` threads.
    static func isWorthIt(for sublayers: [LayerTreeDrawing.Sublayer], of node: PresentedLayer, threadCount: Int) -> Bool {
        // A backdrop needs everything before it rendered: one thread records such a tree. A
        // portal draws its source before its sublayers, from the stack, after they would be
        // recorded here.
        threadCount > 1 && sublayers.count > 1 && node.treeCount >= minimumLayers && !node.treeHasBackdrop
            && node.properties.kind != .portal
    }

    /// Records `sublayers` (in drawing order) and their subtrees as `drawing` draws them, onto
    /// its canvas (with its tolerance, on its threads) and with its shadows, if it draws any.
    func record(_ sublayers: [LayerTreeDrawing.Sublayer], as drawing: LayerTreeDrawing) {
        let canvas = drawing.canvas
        // A few runs per thread: a thread that drew light subtrees takes more.
        let runs = min(sublayers.count, 4 * max(1, canvas.threadCount))
        while parts.count < runs {
            parts.append((Canvas(threadCount: 1), Canvas(threadCount: 1), FilterCanvases()))
        }
        for part in parts.prefix(runs) { part.canvas.tolerance = canvas.tolerance }
        let work = Runs(sublayers: sublayers, parts: Array(parts.prefix(runs)), renderedRoot: drawing.renderedRoot,
                        shadowTarget: drawing.shadows.map { ($0.targetWidth, $0.targetHeight) },
                        filterTarget: drawing.filters.map { ($0.targetWidth, $0.targetHeight) })
        DispatchQueue.concurrentPerform(iterations: runs, execute: work.record)
        for part in parts.prefix(runs) { canvas.append(part.canvas) }
    }

    /// The runs of one call, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: run `r` draws only on `parts[r]`'s canvases; the snapshots are
    /// immutable.
    private struct Runs: @unchecked Sendable {
        let sublayers: [LayerTreeDrawing.Sublayer]
        let parts: [(canvas: Canvas, shadows: Canvas, filters: FilterCanvases)]
        /// Where the drawing that hands the runs out has the rendered tree's root.
        let renderedRoot: LayerTreeDrawing.RenderedRoot?
        /// The frame's size in pixels when shadows are drawn; nil when they are not.
        let shadowTarget: (width: Int, height: Int)?
        /// The frame's size in pixels when blurred layers are drawn; nil when they are not.
        let filterTarget: (width: Int, height: Int)?

        func record(_ run: Int) {
            let count = sublayers.count, runs = parts.count
            let range = run * count / runs..<(run + 1) * count / runs
            // The last frame's calls, spliced since, freed here rather than by the splicing thread.
            parts[run].canvas.discardRecording()
            let shadows = shadowTarget.map {
                ShadowDrawing(offscreen: parts[run].shadows, targetWidth: $0.width, targetHeight: $0.height)
            }
            let filters = filterTarget.map {
                OffscreenFilters(canvases: parts[run].filters, depth: 0, targetWidth: $0.width, targetHeight: $0.height)
            }
            LayerTreeDrawing(canvas: parts[run].canvas, shadows: shadows, filters: filters, renderedRoot: renderedRoot)
                .draw(sublayers[range])
        }
    }
}
#endif
