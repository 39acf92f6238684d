import BenchTracking
import Testing

struct TaskScheduleTests {
    /// A serial setup of 2 ms, eight independent tasks of 3 ms, then a serial end of 1 ms.
    static let forkJoin: TaskSchedule = {
        var tasks = [TaskSchedule.Task(milliseconds: 2, dependencies: [])]
        tasks += (0..<8).map { _ in TaskSchedule.Task(milliseconds: 3, dependencies: [0]) }
        tasks.append(TaskSchedule.Task(milliseconds: 1, dependencies: Array(1...8)))
        return TaskSchedule(tasks: tasks)
    }()

    @Test func workIsTheSumAndSpanTheLongestChain() {
        #expect(Self.forkJoin.workMs == 27)
        #expect(Self.forkJoin.spanMs == 6)
    }

    @Test func theCriticalPathGoesThroughTheLongestTasks() {
        let schedule = TaskSchedule(tasks: [.init(stage: "setup", milliseconds: 2, dependencies: []),
                                            .init(stage: "band", milliseconds: 1, dependencies: [0]),
                                            .init(stage: "band", milliseconds: 5, dependencies: [0]),
                                            .init(stage: "end", milliseconds: 1, dependencies: [1, 2])])
        #expect(schedule.criticalPath == [0, 2, 3])
        #expect(schedule.spanByStage.map(\.stage) == ["band", "setup", "end"])
        #expect(schedule.spanMs == 8)
    }

    @Test func oneWorkerTakesTheWholeWork() {
        #expect(Self.forkJoin.makespanMs(workers: 1) == 27)
    }

    @Test func workersShareTheParallelStepOnly() {
        #expect(Self.forkJoin.makespanMs(workers: 2) == 2 + 12 + 1)
        #expect(Self.forkJoin.makespanMs(workers: 3) == 2 + 9 + 1)  // 8 tasks on 3 workers: 3 rounds
        #expect(Self.forkJoin.makespanMs(workers: 8) == 6)
        #expect(Self.forkJoin.makespanMs(workers: 16) == 6)  // no faster than the span
    }

    /// A task that must wait holds up no later one that need not: run A splits around a step
    /// of two items, and run B, recorded after them, starts at once on the other worker.
    @Test func anIdleWorkerTakesALaterReadyTask() {
        let schedule = TaskSchedule(tasks: [.init(milliseconds: 1, dependencies: []),      // A, before its step
                                            .init(milliseconds: 2, dependencies: [0]),     // A's step
                                            .init(milliseconds: 2, dependencies: [0]),
                                            .init(milliseconds: 1, dependencies: [1, 2]),  // A, after it
                                            .init(milliseconds: 4, dependencies: [])])     // B
        // B on worker 2 from 0 to 4; A's part, its items in turn on worker 1 (1 to 5), A's end 5 to 6.
        #expect(schedule.makespanMs(workers: 2) == 6)
        #expect(schedule.makespanMs(workers: 3) == 4)
    }

    @Test func aTaskWaitsForItsDependenciesNotForItsPredecessor() {
        // 0 (4 ms) and 1 (1 ms) are independent; 2 (1 ms) waits for 1 only, so on two workers it
        // runs while 0 is still going.
        let schedule = TaskSchedule(tasks: [.init(milliseconds: 4, dependencies: []), .init(milliseconds: 1, dependencies: []),
                                            .init(milliseconds: 1, dependencies: [1])])
        #expect(schedule.makespanMs(workers: 2) == 4)
        #expect(schedule.spanMs == 4)
    }
}
