import BenchTracking
import TesseraRaster

/// `--predict`: a workload's frames recorded as tasks at 1 thread, and the frame's length on more
/// threads from ``TaskSchedule``.
enum TaskPrediction {
    /// Frames recorded; the one of median work is kept (a frame interrupted by the machine is
    /// longer, not differently shaped).
    static let recordedFrames = 5

    /// Records `workload`'s next frames at 1 thread, their parallel work planned for
    /// `plannedThreads`; nil when it cannot record its tasks.
    static func schedule(of workload: PreparedWorkload, plannedThreads: Int) -> TaskSchedule? {
        let recorder = FrameTaskRecorder(plannedThreadCount: plannedThreads)
        guard workload.recordTasks(into: recorder) else { return nil }
        defer { _ = workload.recordTasks(into: nil) }
        var schedules: [TaskSchedule] = []
        for _ in 0..<recordedFrames {
            recorder.beginFrame()
            workload.frame(threads: 1)
            recorder.endFrame()
            schedules.append(TaskSchedule(tasks: recorder.tasks.map {
                TaskSchedule.Task(stage: $0.stage, milliseconds: Double($0.nanoseconds) / 1e6, dependencies: $0.dependencies)
            }))
        }
        return schedules.sorted { $0.workMs < $1.workMs }[schedules.count / 2]
    }
}

extension SceneResult {
    /// Records `schedule`'s work, span and its predictions for `threads`.
    mutating func record(_ schedule: TaskSchedule, predicting threads: [Int]) {
        workMs = Self.rounded(schedule.workMs, digits: 6)
        spanMs = Self.rounded(schedule.spanMs, digits: 6)
        predictedMs = Dictionary(uniqueKeysWithValues: threads.map {
            (String($0), Self.rounded(schedule.makespanMs(workers: $0), digits: 6))
        })
    }
}
