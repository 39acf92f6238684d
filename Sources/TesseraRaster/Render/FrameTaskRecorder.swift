import Dispatch
import Synchronization

/// Records a frame's work as a graph of tasks, to predict how it would run on more cores than
/// the machine has (`bench --predict`): each task's stage, its duration, and the tasks it waits
/// for. Record at 1 thread: the tasks then run one after another on the caller's thread, and
/// each is timed alone.
///
/// The renderer marks its work as *serial* steps (everything before, then the step, then
/// everything after) and *items* of parallel steps (the items of one step wait for what came
/// before the step, not for each other). Time between the steps becomes a serial task of the
/// stage that ``during(_:_:)`` names (the walk between its parallel runs), or of stage `other`
/// (setup, the caller's own work); time between the items of one step is added to the next item.
/// Work done inside a task (a shadow's offscreen render inside a run of the walk) is part of that
/// task: it runs where the task runs. But a parallel step inside a task (a blurred layer's passes
/// inside a run of the walk) splits it, as the workers run it: the task's part before the step,
/// the step's items (waiting for that part), and the task's part after them (waiting for the
/// items; what waits for the task waits for it). Deeper steps are part of their task.
///
/// While recording, the renderer plans its parallel work for ``plannedThreadCount`` threads (its
/// chunks and runs, as many as it would make for them) and runs it on the caller's thread, one
/// item after another (`concurrentPerform(iterations:stage:execute:)` on an optional recorder).
///
/// Package-wide, not public: the bench records with it, and the renderers of this package
/// (`TesseraCore`'s included) mark their steps with it; a user of the library has no use for it.
package final class FrameTaskRecorder: Sendable {
    /// One task: its stage, how long it ran, and the indices of the tasks it waits for.
    package struct Task: Sendable, Equatable {
        /// The stage of the pipeline it belongs to (such as `drawing walk`).
        package let stage: String
        /// How long it ran, in nanoseconds.
        package let nanoseconds: UInt64
        /// The indices of the tasks it waits for.
        package let dependencies: [Int]
    }

    private struct State {
        var tasks: [Task] = []
        /// The tasks the next step waits for.
        var barrier: [Int] = []
        /// The items of the parallel step under way.
        var items: [Int] = []
        /// How many tasks are running (a task inside a task is part of it).
        var depth = 0
        /// When the last task ended (or the frame began); nil outside a frame.
        var lastEnd: UInt64?
        /// What the time between tasks is spent on (innermost last; `other` when empty).
        var gapStages: [String] = []
        /// The recorded task under way outside every other: its stage, when its current part
        /// began and what that part waits for.
        var outermost: (stage: String, start: UInt64, dependencies: [Int])?
        /// What the items of the parallel step under way inside the outermost task wait for
        /// (nil when none is under way), and those items.
        var innerBarrier: [Int]?
        var innerItems: [Int] = []

        /// What the outermost task's part after the inner step under way waits for: its items
        /// (or, with none, the part before them); nil when no inner step is under way.
        var afterInnerStep: [Int]? { innerBarrier.map { innerItems.isEmpty ? $0 : innerItems } }
    }

    private let state = Mutex(State())

    /// The thread count the renderer plans its parallel work for while recording.
    package let plannedThreadCount: Int

    /// A recorder whose frames plan their parallel work for `plannedThreadCount` threads (at
    /// least 1): record with the largest thread count you predict.
    package init(plannedThreadCount: Int = 1) {
        self.plannedThreadCount = max(1, plannedThreadCount)
    }

    /// The tasks of the last frame, in the order they ran (an order that respects every dependency).
    package var tasks: [Task] { state.withLock { $0.tasks } }

    /// Starts a frame: forgets the last one.
    package func beginFrame() {
        state.withLock { $0 = State(lastEnd: Self.now()) }
    }

    /// Ends the frame: the time since the last task is a serial task of stage `other`.
    package func endFrame() {
        state.withLock { state in
            Self.closeItems(&state)
            Self.recordGap(&state, until: Self.now())
            state.lastEnd = nil
        }
    }

    /// Runs `body` as a serial step of `stage`.
    package func serial<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let recorded = begin(stage, serial: true)
        let start = Self.now()
        defer { end(stage, start: start, serial: true, recorded: recorded) }
        return try body()
    }

    /// Runs `body` as one item of the parallel step of `stage` under way (or of a new one).
    package func item<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let recorded = begin(stage, serial: false)
        let start = Self.now()
        defer { end(stage, start: start, serial: false, recorded: recorded) }
        return try body()
    }

    /// Runs `body`, the time it spends outside recorded tasks counted as serial work of `stage`.
    package func during<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        state.withLock { state in
            guard state.depth == 0 else { return }
            Self.closeItems(&state)
            Self.recordGap(&state, until: Self.now())
            state.gapStages.append(stage)
        }
        defer {
            state.withLock { state in
                guard state.depth == 0, state.gapStages.last == stage else { return }
                Self.closeItems(&state)
                Self.recordGap(&state, until: Self.now())
                state.gapStages.removeLast()
            }
        }
        return try body()
    }

    /// Ends the parallel step under way: what comes next waits for all its items.
    package func endParallel() {
        state.withLock { state in
            if state.depth == 0 { Self.closeItems(&state) }
            // A step inside the outermost task: the task's next part waits for its items.
            if state.depth == 1, let after = state.afterInnerStep, let task = state.outermost {
                state.outermost = (task.stage, task.start, after)
                state.innerItems = []
                state.innerBarrier = nil
            }
        }
    }

    /// Whether the task about to run is recorded: outside every other task, inside a frame, or
    /// an item of a parallel step inside the outermost task (see the type's notes). A serial step
    /// first ends the parallel one under way, and records the gap before it.
    private func begin(_ stage: String, serial: Bool) -> Bool {
        state.withLock { state in
            state.depth += 1
            guard let lastEnd = state.lastEnd else { return false }
            if state.depth == 2, !serial, let task = state.outermost {
                if state.innerBarrier == nil {
                    // The outermost task's part so far; the step's items wait for it.
                    let now = Self.now()
                    state.tasks.append(Task(stage: task.stage, nanoseconds: now - task.start, dependencies: task.dependencies))
                    state.innerBarrier = [state.tasks.count - 1]
                    state.outermost = (task.stage, now, [])
                }
                return true
            }
            guard state.depth == 1 else { return false }
            if serial { Self.closeItems(&state) }
            if serial || state.items.isEmpty { Self.recordGap(&state, until: Self.now()) }
            // Between two items of a step, the loop's own time goes to the item that follows it.
            state.outermost = (stage, state.lastEnd ?? lastEnd, state.barrier)
            return true
        }
    }

    private func end(_ stage: String, start: UInt64, serial: Bool, recorded: Bool) {
        let now = Self.now()
        state.withLock { state in
            state.depth -= 1
            guard recorded, state.lastEnd != nil else { return }
            if state.depth == 1 {
                // An item of a step inside the outermost task.
                state.tasks.append(Task(stage: stage, nanoseconds: now - start, dependencies: state.innerBarrier ?? []))
                state.innerItems.append(state.tasks.count - 1)
                // The outermost task's next part starts after the items.
                state.outermost?.start = now
                return
            }
            guard var task = state.outermost else { return }
            if let after = state.afterInnerStep { task.dependencies = after }
            state.outermost = nil
            state.innerBarrier = nil
            state.innerItems = []
            state.tasks.append(
                Task(
                    stage: stage, nanoseconds: now - task.start,
                    dependencies: task.dependencies))
            if serial {
                state.barrier = [state.tasks.count - 1]
            } else {
                state.items.append(state.tasks.count - 1)
            }
            state.lastEnd = now
        }
    }

    private static func closeItems(_ state: inout State) {
        guard !state.items.isEmpty else { return }
        state.barrier = state.items
        state.items = []
    }

    /// Records the time since the last task as a serial task of the stage under way.
    private static func recordGap(_ state: inout State, until now: UInt64) {
        guard let lastEnd = state.lastEnd, now > lastEnd else { return }
        state.tasks.append(
            Task(
                stage: state.gapStages.last ?? "other", nanoseconds: now - lastEnd,
                dependencies: state.barrier))
        state.barrier = [state.tasks.count - 1]
        state.lastEnd = now
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

extension FrameTaskRecorder? {
    /// ``FrameTaskRecorder/serial(_:_:)`` when recording, `body` alone otherwise.
    package func serial<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        if let self { try self.serial(stage, body) } else { try body() }
    }

    /// ``FrameTaskRecorder/item(_:_:)`` when recording, `body` alone otherwise.
    package func item<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        if let self { try self.item(stage, body) } else { try body() }
    }

    /// ``FrameTaskRecorder/endParallel()`` when recording.
    package func endParallel() { self?.endParallel() }

    /// ``FrameTaskRecorder/during(_:_:)`` when recording, `body` alone otherwise.
    package func during<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        if let self { try self.during(stage, body) } else { try body() }
    }

    /// `body(i)` for every `i` in `0..<iterations`, in parallel on the renderers' workers; while
    /// recording, one after another on the caller's thread, each an item of a parallel step of
    /// `stage`.
    package func concurrentPerform(iterations: Int, stage: String, execute body: @Sendable (Int) -> Void) {
        guard let self else { return WorkerPool.shared.perform(iterations: iterations, body) }
        for i in 0..<iterations { self.item(stage) { body(i) } }
        self.endParallel()
    }

    /// `body` over `0..<count` cut into `parts` contiguous ranges (at least one, at most `count`),
    /// run as ``concurrentPerform(iterations:stage:execute:)`` runs its iterations; a single range
    /// runs on the caller's thread, and is not recorded as an item of its own.
    package func concurrentPerform(
        splitting count: Int, into parts: Int, stage: String,
        execute body: @Sendable (Range<Int>) -> Void
    ) {
        let parts = max(1, min(parts, count))
        if parts == 1 { return body(0..<count) }
        concurrentPerform(iterations: parts, stage: stage) { part in
            body(part * count / parts..<(part + 1) * count / parts)
        }
    }

    /// The thread count to plan parallel work for: ``FrameTaskRecorder/plannedThreadCount``
    /// while recording, `threadCount` otherwise.
    package func plannedThreadCount(otherwise threadCount: Int) -> Int {
        self?.plannedThreadCount ?? threadCount
    }
}
