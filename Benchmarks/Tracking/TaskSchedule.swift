/// A frame's recorded tasks (see `FrameTaskRecorder`), list-scheduled on N workers: how long the
/// frame would take on N cores if nothing but the tasks' order and dependencies held it back.
///
/// # Model
/// Tasks are taken in the order they were recorded (an order that respects their dependencies,
/// as Dispatch hands out iterations in order); each starts on the worker that frees up first, once
/// every task it waits for has finished. The model has no cost for handing out a task, and no
/// contention for memory bandwidth: where it disagrees with a measurement at 2 threads, those are
/// the first suspects.
public struct TaskSchedule: Sendable {
    public struct Task: Sendable, Equatable {
        public let milliseconds: Double
        /// Indices of earlier tasks this one waits for.
        public let dependencies: [Int]
        public init(milliseconds: Double, dependencies: [Int]) {
            self.milliseconds = milliseconds
            self.dependencies = dependencies
        }
    }

    public let tasks: [Task]

    /// `tasks` in an order where every dependency comes before the task that waits for it.
    public init(tasks: [Task]) {
        precondition(tasks.indices.allSatisfy { i in tasks[i].dependencies.allSatisfy { $0 < i } },
                     "a task waits for a later one")
        self.tasks = tasks
    }

    /// The sum of the tasks: the frame on one worker.
    public var workMs: Double { tasks.map(\.milliseconds).reduce(0, +) }

    /// The longest chain of dependent tasks: the frame on unlimited workers.
    public var spanMs: Double {
        var finish = [Double](repeating: 0, count: tasks.count)
        for (i, task) in tasks.enumerated() {
            finish[i] = (task.dependencies.map { finish[$0] }.max() ?? 0) + task.milliseconds
        }
        return finish.max() ?? 0
    }

    /// The frame's length on `workers` workers (at least 1).
    public func makespanMs(workers: Int) -> Double {
        var free = [Double](repeating: 0, count: max(1, workers))
        var finish = [Double](repeating: 0, count: tasks.count)
        for (i, task) in tasks.enumerated() {
            let ready = task.dependencies.map { finish[$0] }.max() ?? 0
            let worker = free.indices.min { free[$0] < free[$1] }!
            let start = max(free[worker], ready)
            finish[i] = start + task.milliseconds
            free[worker] = finish[i]
        }
        return finish.max() ?? 0
    }
}
