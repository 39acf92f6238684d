import Dispatch
import Synchronization
import Testing
@testable import TesseraRaster

/// The pool a frame's parallel steps run on: every iteration once, on several threads, with
/// what they wrote visible when the step returns.
struct WorkerPoolTests {
    /// Plain memory the iterations write, each its own element.
    private struct Slots: @unchecked Sendable {
        let values: UnsafeMutableBufferPointer<Int>
    }

    @Test func runsEveryIterationOnceAndShowsWhatItWrote() {
        let pool = WorkerPool(workers: 3)
        for iterations in [0, 1, 2, 3, 17, 1000] {
            let slots = Slots(values: .allocate(capacity: max(1, iterations)))
            defer { slots.values.deallocate() }
            for round in 0..<50 {
                slots.values.initialize(repeating: -1)
                let calls = Atomic<Int>(0)
                pool.perform(iterations: iterations) { i in
                    slots.values[i] = i * 7 + round
                    calls.wrappingAdd(1, ordering: .relaxed)
                }
                #expect(calls.load(ordering: .relaxed) == iterations)
                #expect(slots.values.prefix(iterations).enumerated().allSatisfy { $1 == $0 * 7 + round })
            }
        }
    }

    /// Two iterations that each wait (10 s at most) for the other to start: on one thread,
    /// neither would see it. How many of them met.
    private final class Meeting: Sendable {
        private let started = Atomic<Int>(0)
        private let metCount = Atomic<Int>(0)
        var met: Int { metCount.load(ordering: .relaxed) }

        func arrive() {
            started.wrappingAdd(1, ordering: .relaxed)
            let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
            while started.load(ordering: .relaxed) < 2, DispatchTime.now().uptimeNanoseconds < deadline {}
            if started.load(ordering: .relaxed) == 2 { metCount.wrappingAdd(1, ordering: .relaxed) }
        }
    }

    @Test func iterationsRunAtTheSameTime() {
        let pool = WorkerPool(workers: 1)
        let meeting = Meeting()
        pool.perform(iterations: 2) { _ in meeting.arrive() }
        #expect(meeting.met == 2)
    }

    @Test func aStepInsideAStepRunsEveryInnerIteration() {
        let pool = WorkerPool(workers: 2)
        let calls = Atomic<Int>(0)
        pool.perform(iterations: 4) { _ in
            pool.perform(iterations: 5) { _ in calls.wrappingAdd(1, ordering: .relaxed) }
        }
        #expect(calls.load(ordering: .relaxed) == 20)
    }

    @Test func aStepInsideAStepRunsOnSeveralThreads() {
        // The outer step's other iteration returns at once; its thread then helps the inner step,
        // whose two iterations meet.
        let pool = WorkerPool(workers: 1)
        let meeting = Meeting()
        pool.perform(iterations: 2) { outer in
            guard outer == 0 else { return }
            pool.perform(iterations: 2) { _ in meeting.arrive() }
        }
        #expect(meeting.met == 2)
    }

    @Test func stepsFromSeveralThreadsAtOnceAllComplete() {
        let pool = WorkerPool(workers: 2)
        let calls = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 {
                pool.perform(iterations: 3) { _ in calls.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        #expect(calls.load(ordering: .relaxed) == 1200)
    }

    @Test func workersGoBackToDispatchWhenNoStepComes() {
        let pool = WorkerPool(workers: 2)
        pool.perform(iterations: 8) { _ in }
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while pool.awakeWorkers > 0, DispatchTime.now().uptimeNanoseconds < deadline {}
        #expect(pool.awakeWorkers == 0)
    }
}
