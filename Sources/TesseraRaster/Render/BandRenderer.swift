import CTesseraSIMD
import Dispatch
import Synchronization

/// Renders a ``Recording`` into a pixmap (or the alpha rows of a ``RenderTarget``): the stages of
/// the pipeline in order, each in the folder of its name.
/// 1. **Coarse** (Coarse/): ``CommandPreparation``, parallel over chunks of commands taken
///    dynamically by the workers (transform, flatten and clip each path into device-space lines,
///    or clip a rectangle recognised when recorded; clip each alpha mask, made and blurred before
///    it was recorded, to the target; prepare each paint); then ``GroupExtents`` gives groups the
///    extent of their content, and ``Binning`` lists for each band of ``bandHeight`` rows the
///    commands that touch it, in order.
/// 2. **Fine** (Fine/): ``BandRasterizer`` (or ``AlphaBandRasterizer``), parallel over bands taken
///    dynamically by the workers: each band draws its commands in order into its own rows, so no
///    band waits on another.
///
/// Each line contributes to a pixel from its own equation, whatever band it is cut into, so the
/// bytes are the same for any thread count and any band height. All buffers are kept between
/// frames.
final class BandRenderer {
    /// Rows per band at most: small enough that a band's accumulation cells stay in L2
    /// (1920 px × 64 rows × 4 B = 492 KB).
    static let maximumBandHeight = 64

    /// Rows per band for `threads` threads on a target `height` rows high: about 64 for one or
    /// two, 32 up to four, 16 past four, adjusted so that the bands come in whole rounds of
    /// `threads` (at most 64 rows). A command pays set-up in every band it meets (its lines
    /// visited, its rows filled), so taller bands cost less work: a frame of small shapes
    /// (`layer-tree`) does 2.3 % fewer instructions at 64 rows than at 32. Shorter bands balance
    /// more threads: a thread's heaviest band sets the frame's end. And as the workers take the
    /// bands in turn, a last round of a few bands leaves the other threads idle: a full-HD frame
    /// has 68 bands of 16 rows, five rounds on 16 threads, the last of 4 bands; 64 bands of 17
    /// rows are four.
    static func bandHeight(forThreads threads: Int, height: Int) -> Int {
        let preferred = threads > 4 ? 16 : threads > 2 ? 32 : maximumBandHeight
        // The preferred bands' count, to the nearest whole number of rounds; a target too small
        // for a round of them keeps them (shorter bands would only add set-up).
        let preferredBands = (height + preferred - 1) / preferred
        guard threads > 1, preferredBands >= threads else { return preferred }
        var bands = (2 * preferredBands + threads) / (2 * threads) * threads
        var rows = (height + bands - 1) / bands
        while rows > maximumBandHeight {
            bands += threads
            rows = (height + bands - 1) / bands
        }
        return rows
    }
    /// Commands a worker prepares at a time.
    static let prepareChunk = 64

    private var arenas: [LineArena] = []
    private var strokeGeometry: [StrokeGeometry] = []
    private var projectedGeometry: [ProjectedGeometry] = []
    private let strokeOutlines = StrokeOutlineCache()
    private var scratch: [WorkerScratch] = []
    private let prepared = ScratchBuffer<PreparedCommand>()
    private let paints = ScratchBuffer<PreparedPaint>()
    private let bandStarts = ScratchBuffer<Int32>()
    private let bandCommands = ScratchBuffer<Int32>()
    private let binningCursors = ScratchBuffer<Int32>()

    /// Returns how long each step took.
    func render(
        _ recording: Recording, into pixmap: Pixmap, threadCount: Int, tolerance: Double,
        recorder: FrameTaskRecorder? = nil
    ) -> RenderStageTimes {
        render(recording, into: RenderTarget(pixmap), threadCount: threadCount, tolerance: tolerance, recorder: recorder)
    }

    /// Renders into RGBA or alpha rows; returns how long each step took. `recorder` records the
    /// steps as tasks: the chunks of commands and the bands as items of parallel steps.
    func render(
        _ recording: Recording, into target: RenderTarget, threadCount: Int, tolerance: Double,
        recorder: FrameTaskRecorder? = nil
    ) -> RenderStageTimes {
        var times = RenderStageTimes()
        var clock = DispatchTime.now().uptimeNanoseconds
        let count = recording.count
        guard target.width > 0, target.height > 0, count > 0 else { return times }
        // While recording, the bands are those of the planned thread count.
        let bandHeight = Self.bandHeight(forThreads: recorder.plannedThreadCount(otherwise: threadCount), height: target.height)
        let bands = (target.height + bandHeight - 1) / bandHeight
        let workers = min(threadCount, bands)
        reserve(commands: count, workers: workers, width: target.width)
        prepareCommands(
            recording, target: target, bandHeight: bandHeight, workers: workers, tolerance: tolerance,
            recorder: recorder)
        times.prepare = RenderStageTimes.seconds(since: &clock)
        binCommands(
            count: count, bands: bands, bandHeight: bandHeight, workers: workers,
            chunkThreads: recorder.plannedThreadCount(otherwise: threadCount), recorder: recorder)
        times.binning = RenderStageTimes.seconds(since: &clock)
        rasterizeBands(
            bands, bandHeight: bandHeight, recording: recording, target: target, workers: workers,
            recorder: recorder)
        times.rasterization = RenderStageTimes.seconds(since: &clock)
        return times
    }

    // The three steps stay out of line: `bench --instructions` splits a frame's instructions at
    // their entries and exits, by their symbols (Benchmarks/bench/InstructionStages.swift).

    /// 1. Prepare, in small chunks taken in turn: a worker that drew cheap commands takes more.
    @inline(never)
    func prepareCommands(
        _ recording: Recording, target: RenderTarget, bandHeight: Int, workers: Int, tolerance: Double,
        recorder: FrameTaskRecorder?
    ) {
        let parts = recording.parts
        let memory = frameMemory(target, recording: recording, bandHeight: bandHeight)
        let chunks = CommandPreparation.chunks(of: parts)
        let nextChunk = Atomic<Int>(0)
        WorkerPool.shared.perform(iterations: workers) { w in
            while true {
                let c = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                if c >= chunks.count { break }
                let chunk = chunks[c]
                recorder.item("geometry") {
                    CommandPreparation.prepare(
                        parts[chunk.part].commands[chunk.range], paths: parts[chunk.part].paths,
                        firstIndex: chunk.firstIndex,
                        maskOffset: parts[chunk.part].maskOffset,
                        filterOffset: parts[chunk.part].filterOffset, worker: w, memory: memory,
                        tolerance: tolerance)
                }
            }
        }
        recorder.endParallel()
        // Without groups there is nothing to complete (a frame of plain fills skips a serial pass
        // over every command).
        if recording.hasGroups {
            recorder.serial("geometry") { GroupExtents.complete(prepared.pointer, parts: parts) }
        }
    }

    /// 2. Bin, in chunks of commands for `chunkThreads` threads taken in turn by `workers`
    /// workers: each chunk counts its commands per band, the counts become places (serial), each
    /// chunk lists its commands there.
    @inline(never)
    func binCommands(
        count: Int, bands: Int, bandHeight: Int, workers: Int, chunkThreads: Int, recorder: FrameTaskRecorder?
    ) {
        let chunks = Binning.Chunks(
            prepared.pointer, commandCount: count, bands: bands, bandHeight: bandHeight, threads: chunkThreads,
            cursors: binningCursors)
        let workers = min(workers, chunks.count)
        Self.chunksInTurn(chunks.count, workers: workers) { c in
            recorder.item("binning") { chunks.countBands(chunk: c) }
        }
        recorder.serial("binning") { chunks.place(bandStarts: bandStarts, bandCommands: bandCommands) }
        let list = ListPointer(bandCommands.pointer)
        Self.chunksInTurn(chunks.count, workers: workers) { c in
            recorder.item("binning") { chunks.list(chunk: c, into: list.pointer) }
        }
        recorder.endParallel()
    }

    /// Calls `body(c)` for every chunk `c` in `0..<count`, on `workers` workers taking them in turn.
    private static func chunksInTurn(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        WorkerPool.shared.perform(iterations: workers) { _ in
            while true {
                let c = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if c >= count { break }
                body(c)
            }
        }
    }

    /// The bands' lists, written by the chunks of the binning at places of their own.
    private struct ListPointer: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<Int32>
        init(_ pointer: UnsafeMutablePointer<Int32>) { self.pointer = pointer }
    }

    /// 3. Rasterize, bands taken in turn.
    @inline(never)
    func rasterizeBands(
        _ bands: Int, bandHeight: Int, recording: Recording, target: RenderTarget, workers: Int,
        recorder: FrameTaskRecorder?
    ) {
        let binned = frameMemory(target, recording: recording, bandHeight: bandHeight)
        let nextBand = Atomic<Int>(0)
        WorkerPool.shared.perform(iterations: workers) { w in
            while true {
                let band = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue
                if band >= bands { break }
                recorder.item("rasterization") {
                    if binned.isAlphaTarget {
                        AlphaBandRasterizer.rasterize(band: band, memory: binned, scratch: binned.scratch[w])
                    } else {
                        BandRasterizer.rasterize(band: band, memory: binned, scratch: binned.scratch[w])
                    }
                }
            }
        }
        recorder.endParallel()
    }

    /// After a render of `commandCount` commands: the union of their prepared pixels (a
    /// group's covers everything drawn in it), nil when they drew nothing. Asked for only by
    /// those who need it, off the frame's path.
    func drawnBounds(commandCount: Int) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        var left = Int32.max, top = Int32.max, right = Int32.min, bottom = Int32.min
        for i in 0..<commandCount where !prepared.pointer[i].drawsNothing {
            let command = prepared.pointer[i]
            left = min(left, command.left)
            top = min(top, command.top)
            right = max(right, command.right)
            bottom = max(bottom, command.bottom)
        }
        guard left < right, top < bottom else { return nil }
        return (Int(left), Int(top), Int(right), Int(bottom))
    }

    private func frameMemory(_ target: RenderTarget, recording: Recording, bandHeight: Int) -> FrameMemory {
        FrameMemory(
            prepared: prepared.pointer, paints: paints.pointer, arenas: arenas, strokeGeometry: strokeGeometry,
            projectedGeometry: projectedGeometry, strokeOutlines: strokeOutlines.slots, scratch: scratch, masks: recording.masks,
            colorFilters: recording.colorFilters,
            bandStarts: bandStarts.pointer, bandCommands: bandCommands.pointer, bandHeight: bandHeight,
            pixels: target.pixels, bytesPerRow: target.bytesPerRow,
            width: target.width, height: target.height, isAlphaTarget: target.format == .alpha8)
    }

    private func reserve(commands: Int, workers: Int, width: Int) {
        prepared.reserve(commands)
        paints.reserve(commands)
        strokeOutlines.reserve(commands)
        while arenas.count < workers { arenas.append(LineArena()) }
        while strokeGeometry.count < workers { strokeGeometry.append(StrokeGeometry()) }
        while projectedGeometry.count < workers { projectedGeometry.append(ProjectedGeometry()) }
        for arena in arenas { arena.removeAll() }
        // Every worker's scratch must fit the target: they were made for the widths of earlier
        // frames, with fewer workers or more (checking only the first let a narrower one through).
        let stride = WorkerScratch.stride(forWidth: width)
        for w in scratch.indices where scratch[w].stride < stride {
            scratch[w] = WorkerScratch(width: width, rows: Self.maximumBandHeight)
        }
        while scratch.count < workers { scratch.append(WorkerScratch(width: width, rows: Self.maximumBandHeight)) }
    }

}
