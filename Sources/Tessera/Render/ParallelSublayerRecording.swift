import Dispatch
import Synchronization
import TesseraRaster

#if !canImport(QuartzCore)
/// Records the root's sublayers on several threads: the sublayers are cut into runs of about
/// equal cost (``RecordingCost``), each run's subtrees are drawn onto a canvas of its own, and
/// the canvases are spliced onto the frame's canvas in order. The recording is the one a walk on
/// one thread makes, call for call, so the bytes are the same.
///
/// Layers drawn apart (blurred layers, shadows' shapes) are drawn by the run that meets them,
/// so they are rendered concurrently with each other and with the rest of the recording; text
/// is laid out by the run that draws it. A sublayer whose subtree shows a backdrop is left to
/// the frame's own walk, in turn: its capture needs everything below it recorded (see
/// ``segments(of:)``).
///
/// The canvases are kept from frame to frame. Used from one thread at a time, as the
/// ``LayerRenderer`` that owns it.
final class ParallelSublayerRecording {
    /// Each run's canvas.
    private var canvases: [Canvas] = []
    /// What the runs draw apart on, lent to one run at a time (see ``OffscreenSlots``).
    private var offscreens: [Offscreen] = []
    private let slots = OffscreenSlots()

    /// Below this cost, handing runs to threads costs more than it saves.
    static let minimumCost = 512

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
        // A few runs per thread: a thread that drew light subtrees takes more.
        let runs = min(sublayers.count, 4 * max(1, canvas.threadCount))
        while canvases.count < runs { canvases.append(Canvas(threadCount: 1)) }
        while offscreens.count < runs { offscreens.append(Offscreen()) }
        for part in canvases.prefix(runs) { part.tolerance = canvas.tolerance }
        let work = Runs(sublayers: sublayers, starts: Self.runStarts(sublayers, runs: runs),
                        canvases: Array(canvases.prefix(runs)), offscreens: Array(offscreens.prefix(runs)),
                        slots: slots, renderedRoot: drawing.renderedRoot,
                        shadowTarget: drawing.shadows.map { ($0.targetWidth, $0.targetHeight) },
                        filterTarget: drawing.filters.map { ($0.targetWidth, $0.targetHeight) })
        DispatchQueue.concurrentPerform(iterations: runs, execute: work.record)
        for part in canvases.prefix(runs) { canvas.append(part) }
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

    /// The runs of one call, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: run `r` draws only on `canvases[r]` and on the offscreen canvases
    /// of the slot it holds (``OffscreenSlots``: one run at a time); the snapshots are immutable.
    private struct Runs: @unchecked Sendable {
        let sublayers: ArraySlice<LayerTreeDrawing.Sublayer>
        let starts: [Int]
        let canvases: [Canvas]
        let offscreens: [Offscreen]
        let slots: OffscreenSlots
        /// Where the drawing that hands the runs out has the rendered tree's root.
        let renderedRoot: LayerTreeDrawing.RenderedRoot?
        /// The frame's size in pixels when shadows are drawn; nil when they are not.
        let shadowTarget: (width: Int, height: Int)?
        /// The frame's size in pixels when blurred layers are drawn; nil when they are not.
        let filterTarget: (width: Int, height: Int)?

        func record(_ run: Int) {
            // The last calls, spliced since, freed here rather than by the splicing thread.
            canvases[run].discardRecording()
            let range = starts[run]..<starts[run + 1]
            guard !range.isEmpty else { return }
            let slot = slots.take(of: offscreens.count)
            defer { slots.give(slot) }
            let shadows = shadowTarget.map {
                ShadowDrawing(offscreen: offscreens[slot].shadows, targetWidth: $0.width, targetHeight: $0.height)
            }
            let filters = filterTarget.map {
                OffscreenFilters(canvases: offscreens[slot].filters, depth: 0, targetWidth: $0.width, targetHeight: $0.height)
            }
            LayerTreeDrawing(canvas: canvases[run], shadows: shadows, filters: filters, renderedRoot: renderedRoot)
                .draw(sublayers[range])
        }
    }
}

/// Which runs' offscreen canvases are in use. A run takes the first free slot: no more slots are
/// ever used than runs record at once (the threads), and each slot's canvases keep targets as
/// large as the frame, so runs in turn share them rather than each keeping its own.
final class OffscreenSlots: Sendable {
    private let inUse = Mutex<[Bool]>([])

    /// The first free slot below `count` (there is one: at most `count` runs record at once),
    /// now in use.
    func take(of count: Int) -> Int {
        inUse.withLock { inUse in
            if inUse.count < count { inUse += [Bool](repeating: false, count: count - inUse.count) }
            let slot = inUse.firstIndex(of: false)!
            inUse[slot] = true
            return slot
        }
    }

    func give(_ slot: Int) {
        inUse.withLock { $0[slot] = false }
    }
}
#endif
