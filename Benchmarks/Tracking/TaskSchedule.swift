/// A frame's recorded tasks (see `FrameTaskRecorder`), list-scheduled on N workers: how long the
/// frame would take on N cores if nothing but the tasks' order and dependencies held it back.
///
/// # Model
/// A worker that frees up takes the first task, in the order they were recorded (an order that
/// respects their dependencies, as the renderer's pool hands out iterations in order), whose
/// dependencies have all finished; when none has, it waits for the next task to finish. So a task
/// that must wait holds up no other: an idle thread of the pool takes any step's iterations (a
/// blur's inside a run of the walk while the walk's other runs wait). The model has no cost for
/// handing out a task, and no contention for memory bandwidth: where it disagrees with a
/// measurement at 2 threads, those are the first suspects.
public struct TaskSchedule: Sendable {
    public struct Task: Sendable, Equatable {
        public let stage: String
        public let milliseconds: Double
        /// Indices of earlier tasks this one waits for.
        public let dependencies: [Int]
        public init(stage: String = "", milliseconds: Double, dependencies: [Int]) {
            self.stage = stage
            self.milliseconds = milliseconds
            self.dependencies = dependencies
        }
    }

    public let tasks: [Task]

    /// `tasks` in an order where every dependency comes before the task that waits for it.
    public init(tasks: [Task]) {
        precondition(
            tasks.indices.allSatisfy { i in tasks[i].dependencies.allSatisfy { $0 < i } },
            "a task waits for a later one")
        self.tasks = tasks
    }

    /// The sum of the tasks: the frame on one worker.
    public var workMs: Double { tasks.map(\.milliseconds).reduce(0, +) }

    /// The longest chain of dependent tasks: the frame on unlimited workers.
    public var spanMs: Double { criticalPath.map { tasks[$0].milliseconds }.reduce(0, +) }

    /// The tasks of the longest chain, first to last.
    public var criticalPath: [Int] {
        var finish = [Double](repeating: 0, count: tasks.count)
        var previous = [Int?](repeating: nil, count: tasks.count)
        for (i, task) in tasks.enumerated() {
            previous[i] = task.dependencies.max { finish[$0] < finish[$1] }
            finish[i] = (previous[i].map { finish[$0] } ?? 0) + task.milliseconds
        }
        guard var last = finish.indices.max(by: { finish[$0] < finish[$1] }) else { return [] }
        var path = [last]
        while let before = previous[last] {
            path.append(before)
            last = before
        }
        return path.reversed()
    }

    /// The longest chain's time by stage, longest first: what stays serial.
    public var spanByStage: [(stage: String, milliseconds: Double)] {
        var byStage: [String: Double] = [:]
        for i in criticalPath { byStage[tasks[i].stage, default: 0] += tasks[i].milliseconds }
        return byStage.sorted { $0.value > $1.value }.map { ($0.key, $0.value) }
    }

    /// The frame's length on `workers` workers (at least 1).
    public func makespanMs(workers: Int) -> Double {
        var free = [Double](repeating: 0, count: max(1, workers))
        // Finish times; infinity until started.
        var finish = [Double](repeating: .infinity, count: tasks.count)
        var firstWaiting = 0
        while firstWaiting < tasks.count {
            let worker = free.indices.min { free[$0] < free[$1] }!
            let now = free[worker]
            let ready = (firstWaiting..<tasks.count).first { i in
                finish[i] == .infinity && tasks[i].dependencies.allSatisfy { finish[$0] <= now }
            }
            guard let ready else {
                // Nothing can start yet: this worker waits for the next running task to finish.
                free[worker] = finish.lazy.filter { $0 > now && $0 < .infinity }.min()!
                continue
            }
            finish[ready] = now + tasks[ready].milliseconds
            free[worker] = finish[ready]
            while firstWaiting < tasks.count, finish[firstWaiting] < .infinity { firstWaiting += 1 }
        }
        return finish.max() ?? 0
    }
}
