import BenchTracking
import TesseraRaster

/// `--predict`: a workload's frames recorded as tasks at 1 thread, and the frame's length on more
/// threads from ``TaskSchedule``.
enum TaskPrediction {
    /// Frames recorded. Where they have the same tasks (the same stages, waiting for the same
    /// tasks), each task's time is its median over them, so a task the machine interrupted in one
    /// frame does not lengthen the prediction; otherwise the frame of median work is kept.
    static let recordedFrames = 5

    /// Records `workload`'s next frames at 1 thread, their parallel work planned for
    /// `plannedThreads`; nil when it cannot record its tasks.
    static func schedule(of workload: PreparedWorkload, plannedThreads: Int) -> TaskSchedule? {
        let recorder = FrameTaskRecorder(plannedThreadCount: plannedThreads)
        guard workload.recordTasks(into: recorder) else { return nil }
        defer { _ = workload.recordTasks(into: nil) }
        var frames: [[FrameTaskRecorder.Task]] = []
        for _ in 0..<recordedFrames {
            recorder.beginFrame()
            workload.frame(threads: 1)
            recorder.endFrame()
            frames.append(recorder.tasks)
        }
        let shape = frames[0].map { [$0.stage] + $0.dependencies.map(String.init) }
        guard frames.allSatisfy({ $0.map { [$0.stage] + $0.dependencies.map(String.init) } == shape }) else {
            return frames.map(schedule).sorted { $0.workMs < $1.workMs }[frames.count / 2]
        }
        return TaskSchedule(
            tasks: frames[0].indices.map { i in
                let times = frames.map { Double($0[i].nanoseconds) / 1e6 }.sorted()
                return TaskSchedule.Task(
                    stage: frames[0][i].stage, milliseconds: times[times.count / 2],
                    dependencies: frames[0][i].dependencies)
            })
    }

    private static func schedule(_ tasks: [FrameTaskRecorder.Task]) -> TaskSchedule {
        TaskSchedule(
            tasks: tasks.map {
                TaskSchedule.Task(stage: $0.stage, milliseconds: Double($0.nanoseconds) / 1e6, dependencies: $0.dependencies)
            })
    }
}

extension SceneResult {
    /// Records `schedule`'s work, span and its predictions for `threads`.
    mutating func record(_ schedule: TaskSchedule, predicting threads: [Int]) {
        workMs = Self.rounded(schedule.workMs, digits: 6)
        spanMs = Self.rounded(schedule.spanMs, digits: 6)
        predictedMs = Dictionary(
            uniqueKeysWithValues: threads.map {
                (String($0), Self.rounded(schedule.makespanMs(workers: $0), digits: 6))
            })
    }
}
