import CTesseraSIMD
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the iterations of a frame's parallel steps on Dispatch threads that stay awake between
/// the steps.
///
/// A frame is a few parallel steps in a row (evaluation, the drawing walk, geometry,
/// rasterization, and a blurred layer's passes in between), with short serial work between
/// them. `DispatchQueue.concurrentPerform` asks for its threads anew at every step, and on the
/// bench's 2-core VM a thread joined 30–55 µs after it was asked: often longer than the step's
/// iterations took. Here a worker that has finished a step spins for ``lingering`` nanoseconds,
/// watching for the next one, and only then gives its thread back to Dispatch; the frames of an
/// animation find their workers awake.
///
/// Steps may run at once: a step inside a step (a blurred layer's passes inside the drawing
/// walk's runs) or other renderers' frames on other threads. Every thread with nothing left to
/// do, a worker or a caller waiting for the last iterations of its own step, takes iterations of
/// the newest step that has some (a step inside a step holds up the one around it). The caller
/// takes iterations too, so a step completes even when no worker comes. So a thread may run
/// another step's iteration inside its own: a body must not hold a lock across a step.
package final class WorkerPool: Sendable {
    /// The pool the renderers share: as many workers as the machine has processors, less the
    /// caller's thread.
    package static let shared = WorkerPool(workers: Canvas.processorCount - 1)

    /// How long a worker waits for the next step after its last one: longer than the serial
    /// gaps between a frame's steps (the walk's splicing, binning), and short enough that an
    /// idle renderer leaves the processors within a quarter of a millisecond.
    package static let lingering: UInt64 = 250_000

    private let maximumWorkers: Int
    /// Workers started and not yet gone back to Dispatch.
    private let awake = Atomic<Int>(0)
    /// Counts the steps handed out: a thread looks for iterations in ``open`` when it changes.
    private let steps = Atomic<Int>(0)
    /// The steps under way, in the order they began.
    private let open = Mutex<[Step]>([])
    /// See ``withOpenSteps(_:)``.
    private let openOrder = Atomic<Int>(0)

    /// A pool of at most `workers` threads besides the caller's.
    package init(workers: Int) {
        maximumWorkers = max(0, workers)
    }

    /// The workers started and not yet gone back to Dispatch.
    package var awakeWorkers: Int { awake.load(ordering: .relaxed) }

    /// Calls `body(i)` once for every `i` in `0..<iterations`, on the caller's thread and on the
    /// pool's workers, and returns when every call has returned: what they wrote is visible to
    /// the caller then.
    package func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
        if iterations <= 1 {
            if iterations == 1 { body(0) }
            return
        }
        guard maximumWorkers > 0 else { return (0..<iterations).forEach(body) }
        withoutActuallyEscaping(body) { body in
            let step = Step(iterations: iterations, body: body)
            withOpenSteps { $0.append(step) }
            steps.wrappingAdd(1, ordering: .releasing)
            wake(min(iterations - 1, maximumWorkers))
            step.work()
            var spins = 0
            while !step.isFinished {
                if helpWithOpenSteps() { spins = 0 } else { spins += 1; Self.wait(spins) }
            }
            withOpenSteps { open in open.removeAll { $0 === step } }
            // No thread calls the body again (every iteration is taken), and one still holding
            // the step must not hold the caller's closure past this call.
            step.body = nil
        }
    }

    /// `body` on the open steps, under their lock. The lock's own atomics are not seen by
    /// ThreadSanitizer (the Synchronization module is not built with it), and the pool's threads
    /// meet through nothing else: the critical sections also pass an atomic of ours from one to
    /// the next (acquired on entry, released on exit), which orders them for it as the lock does.
    private func withOpenSteps<R>(_ body: (inout [Step]) -> R) -> R {
        open.withLock { steps in
            _ = openOrder.load(ordering: .acquiring)
            defer { openOrder.wrappingAdd(1, ordering: .releasing) }
            return body(&steps)
        }
    }

    /// Works on the newest open step with iterations left, if any; returns whether it did.
    private func helpWithOpenSteps() -> Bool {
        guard let step = withOpenSteps({ $0.last { $0.hasIterationsLeft } }) else { return false }
        step.work()
        return true
    }

    /// Starts workers until `wanted` are awake.
    private func wake(_ wanted: Int) {
        var count = awake.load(ordering: .relaxed)
        while count < wanted {
            let (exchanged, original) = awake.compareExchange(expected: count, desired: count + 1, ordering: .relaxed)
            if exchanged {
                // A serial queue of its own: its thread comes from Dispatch's overcommitting pool,
                // so a lingering worker never holds up the work of Dispatch's global queues (one
                // thread per processor, which workers of the global queue would fill).
                DispatchQueue(label: "Tessera worker").async { self.linger() }
                count += 1
            } else {
                count = original
            }
        }
    }

    /// A worker's life: the open steps worked on while they have iterations left, until no new
    /// step has come for ``lingering`` nanoseconds.
    private func linger() {
        var seen = -1
        var idleSince = DispatchTime.now().uptimeNanoseconds
        var spins = 0
        while true {
            let latest = steps.load(ordering: .acquiring)
            if latest != seen {
                seen = latest
                while helpWithOpenSteps() {}
                idleSince = DispatchTime.now().uptimeNanoseconds
                continue
            }
            spins += 1
            Self.wait(spins)
            // The clock every 64 waits.
            guard spins & 63 == 0, DispatchTime.now().uptimeNanoseconds - idleSince > Self.lingering else { continue }
            awake.wrappingSubtract(1, ordering: .relaxed)
            // A step handed out as this worker left counted it awake: take it after all.
            guard steps.load(ordering: .acquiring) != seen else { return }
            awake.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// The `spins`th wait of a spin loop: the processor's pause for the first few (a microsecond
    /// or so each), then the processor yielded to any other thread that is ready to run, so that
    /// on a busy machine a spinning thread takes no time from those with work.
    fileprivate static func wait(_ spins: Int) {
        if spins < 64 { tsr_spin_pause() } else { sched_yield() }
    }

    /// One call of ``perform(iterations:_:)``: its iterations, taken in turn by whoever works on it.
    ///
    /// `@unchecked Sendable`: `body` is read only by a thread that has taken an iteration, and
    /// cleared by the caller once every iteration has finished (`finished` orders the two).
    private final class Step: @unchecked Sendable {
        let iterations: Int
        var body: (@Sendable (Int) -> Void)?
        private let next = Atomic<Int>(0)
        private let finished = Atomic<Int>(0)

        init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        /// Takes iterations until none is left.
        func work() {
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= iterations { return }
                call(i)
                finished.wrappingAdd(1, ordering: .releasing)
            }
        }

        /// Out of line, so that the reference to the body it takes is gone before the iteration
        /// counts as finished.
        @inline(never)
        private func call(_ i: Int) {
            body?(i)
        }

        /// Whether every iteration has returned: what they wrote is visible to the caller then.
        var isFinished: Bool { finished.load(ordering: .acquiring) == iterations }

        /// Whether some iteration is not taken yet.
        var hasIterationsLeft: Bool { next.load(ordering: .relaxed) < iterations }
    }
}
