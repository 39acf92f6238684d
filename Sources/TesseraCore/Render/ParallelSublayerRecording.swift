import Synchronization
import TesseraRaster

/// Records the root's sublayers on several threads (or, when the root has only one sublayer,
/// the first layer's down that chain with more than one): the sublayers are cut into runs of about
/// equal cost (``RecordingCost``), each run's subtrees are drawn onto a canvas of its own, and
/// the canvases are spliced onto the frame's canvas in order. The recording is the one a walk on
/// one thread makes, call for call, so the bytes are the same.
///
/// Layers drawn apart (blurred layers, shadows' shapes) are drawn by the run that meets them,
/// so they are rendered concurrently with each other and with the rest of the recording, and
/// their blurs and renders are parallel steps inside the run (``WorkerPool`` runs them); text
/// is laid out by the run that draws it. A sublayer whose subtree shows a backdrop is left to
/// the frame's own walk, in turn: its capture needs everything below it recorded (see
/// ``segments(of:threadCount:)``).
///
/// The canvases are kept from frame to frame. Used from one thread at a time, as the
/// ``LayerRenderer`` that owns it.
final class ParallelSublayerRecording {
    /// Each run's canvas.
    private var canvases: [Canvas] = []
    /// What each worker's runs draw apart on: one set per worker, not per run, since each set
    /// keeps targets as large as the frame.
    private var offscreens: [Offscreen] = []

    /// Below this cost, handing runs to threads costs more than it saves. (About a quarter of a
    /// millisecond of walk: the runs' canvases are spliced after, and a worker that has gone back
    /// to Dispatch joins 30–55 µs after it is asked on the bench's 2-core VM.)
    static let minimumCost = 256

    /// The canvases a run draws layers apart on: its shadows' shapes and its blurred layers.
    struct Offscreen {
        let shadows = Canvas(threadCount: 1)
        let filters = FilterCanvases()
    }

    /// Sublayers in drawing order, as the frame's walk draws them: runs recorded in parallel,
    /// or one at a time.
    enum Segment: Equatable {
        case parallel(Range<Int>)
        case inTurn(Range<Int>)
    }

    /// How `sublayers` (in drawing order) are drawn on `threadCount` threads: cut at the
    /// sublayers whose subtrees show a backdrop (drawn in turn), the runs between them recorded
    /// in parallel where their cost pays for it. Nil when nothing is recorded in parallel.
    static func segments(of sublayers: [LayerTreeDrawing.Sublayer], threadCount: Int) -> [Segment]? {
        guard threadCount > 1, sublayers.count > 1 else { return nil }
        var segments: [Segment] = []
        var start = 0
        func close(_ end: Int) {
            guard start < end else { return }
            let cost = sublayers[start..<end].reduce(0) { $0 + $1.node.subtreeCost }
            let worthIt = end - start > 1 && cost >= minimumCost
            segments.append(worthIt ? .parallel(start..<end) : .inTurn(start..<end))
        }
        for (i, sublayer) in sublayers.enumerated() where sublayer.node.subtreeShowsBackdrop {
            close(i)
            segments.append(.inTurn(i..<i + 1))
            start = i + 1
        }
        close(sublayers.count)
        return segments.contains { if case .parallel = $0 { true } else { false } } ? segments : nil
    }

    /// Records `sublayers` (in drawing order) and their subtrees as `drawing` draws them, onto
    /// its canvas (with its tolerance, on its threads) and with its shadows and filters, if it
    /// draws them.
    func record(_ sublayers: ArraySlice<LayerTreeDrawing.Sublayer>, as drawing: LayerTreeDrawing) {
        let canvas = drawing.canvas
        // A few runs per worker, each taken by the next worker free, so that the estimate's
        // errors (a blur's cost varies with its reach) even out.
        let workers = min(sublayers.count, max(1, canvas.plannedThreadCount))
        let runs = min(sublayers.count, 4 * workers)
        while canvases.count < runs { canvases.append(Canvas(threadCount: 1)) }
        while offscreens.count < workers { offscreens.append(Offscreen()) }
        // The frame's threads and recorder: a run's blurs and offscreen renders are parallel
        // steps inside it, which the pool's idle threads help with.
        for part in canvases.prefix(runs) + offscreens.prefix(workers).map(\.shadows) {
            part.tolerance = canvas.tolerance
            part.threadCount = canvas.threadCount
            part.taskRecorder = canvas.taskRecorder
        }
        let starts = Self.runStarts(sublayers, runs: runs)
        let work = Runs(
            sublayers: sublayers, starts: starts, order: Self.costliestFirst(sublayers, starts: starts),
            canvases: Array(canvases.prefix(runs)), offscreens: Array(offscreens.prefix(workers)),
            renderedRoot: drawing.renderedRoot, rendersInContext: drawing.rendersInContext,
            shadowTarget: drawing.shadows.map { ($0.targetWidth, $0.targetHeight) },
            filterTarget: drawing.filters.map { ($0.targetWidth, $0.targetHeight) })
        if canvas.taskRecorder != nil {
            // Each run an item, as the workers take them: recorded one after another here.
            canvas.taskRecorder.concurrentPerform(iterations: runs, stage: "drawing walk") {
                work.record(work.order[$0], drawingApartOn: 0)
            }
        } else {
            let next = Atomic<Int>(0)
            WorkerPool.shared.perform(iterations: workers) { worker in
                while case let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue, taken < runs {
                    work.record(work.order[taken], drawingApartOn: worker)
                }
            }
        }
        // Serial on the frame's thread, after the last run: a stage of its own in the model.
        canvas.taskRecorder.serial("splice") { for part in canvases.prefix(runs) { canvas.append(part) } }
    }

    /// Where each of `runs` runs of `sublayers` starts (positions in the slice), then its end: each
    /// run holds about the same cost, a sublayer going to the run where the middle of its cost
    /// falls. A sublayer costlier than a run's share leaves runs empty.
    static func runStarts(_ sublayers: ArraySlice<LayerTreeDrawing.Sublayer>, runs: Int) -> [Int] {
        let costs = sublayers.map(\.node.subtreeCost)
        let total = max(1, costs.reduce(0, +))
        var starts = [sublayers.startIndex]
        var before = 0
        for (offset, cost) in costs.enumerated() {
            let run = min(runs - 1, (2 * before + cost) * runs / (2 * total))
            while starts.count <= run { starts.append(sublayers.startIndex + offset) }
            before += cost
        }
        while starts.count <= runs { starts.append(sublayers.endIndex) }
        return starts
    }

    /// The order in which the runs that start at `starts` (see ``runStarts(_:runs:)``) are handed
    /// to the workers: costliest first, runs of equal cost in drawing order. The last runs taken
    /// are then the cheapest, and the workers finish about together (text: 200 layers in 64 runs
    /// of 3 and 4 layers, the runs of 4 taken last kept one worker on after the others).
    static func costliestFirst(_ sublayers: ArraySlice<LayerTreeDrawing.Sublayer>, starts: [Int]) -> [Int] {
        let costs = (0..<starts.count - 1).map { run in
            sublayers[starts[run]..<starts[run + 1]].reduce(0) { $0 + $1.node.subtreeCost }
        }
        return costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    }

    /// The runs of one call, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: each run is recorded by one worker, on its own canvas; worker `w`
    /// draws apart on `offscreens[w]` alone; the snapshots are immutable.
    private struct Runs: @unchecked Sendable {
        let sublayers: ArraySlice<LayerTreeDrawing.Sublayer>
        let starts: [Int]
        /// The runs in the order they are handed out (``costliestFirst(_:starts:)``).
        let order: [Int]
        let canvases: [Canvas]
        /// One per worker.
        let offscreens: [Offscreen]
        /// Where the drawing that hands the runs out has the rendered tree's root.
        let renderedRoot: LayerTreeDrawing.RenderedRoot?
        /// Whether the drawing that hands the runs out draws as `render(in:)` does.
        let rendersInContext: Bool
        /// The frame's size in pixels when shadows are drawn; nil when they are not.
        let shadowTarget: (width: Int, height: Int)?
        /// The frame's size in pixels when blurred layers are drawn; nil when they are not.
        let filterTarget: (width: Int, height: Int)?

        /// Records run `run`, drawing apart on the offscreen canvases of worker `worker`.
        func record(_ run: Int, drawingApartOn worker: Int) {
            let offscreen = offscreens[worker]
            // The last calls, spliced since, freed here rather than by the splicing thread.
            canvases[run].discardRecording()
            let range = starts[run]..<starts[run + 1]
            guard !range.isEmpty else { return }
            let shadows = shadowTarget.map {
                ShadowDrawing(offscreen: offscreen.shadows, targetWidth: $0.width, targetHeight: $0.height)
            }
            let filters = filterTarget.map {
                OffscreenFilters(canvases: offscreen.filters, depth: 0, targetWidth: $0.width, targetHeight: $0.height)
            }
            LayerTreeDrawing(
                canvas: canvases[run], shadows: shadows, filters: filters, renderedRoot: renderedRoot,
                rendersInContext: rendersInContext
            )
            .draw(sublayers[range])
        }
    }
}
