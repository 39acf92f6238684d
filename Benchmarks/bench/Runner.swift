import BenchTracking

/// Times workloads frame after frame.
struct BenchRunner {
    let frames: Int
    let warmup: Int

    /// Runs `warmup` untimed frames then `frames` timed ones of `workload` with `threads` threads,
    /// keeping every frame's time and every step's.
    func measure(_ workload: PreparedWorkload, name: String, threads: Int) -> SceneResult {
        for _ in 0..<warmup {
            workload.frame(threads: threads)
        }
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var stageSamples: [String: [Double]] = [:]
        var stageNames: [String] = []
        let residentBefore = ResidentMemory.bytes()
        for _ in 0..<frames {
            let start = MonotonicClock.nanoseconds()
            workload.frame(threads: threads)
            let end = MonotonicClock.nanoseconds()
            samples.append(Double(end - start) / 1_000_000)
            for (stage, seconds) in workload.lastStageTimes {
                if stageSamples[stage] == nil { stageNames.append(stage) }
                stageSamples[stage, default: []].append(seconds * 1000)
            }
        }
        var result = SceneResult(scene: name, threads: threads, samplesMs: samples)
        if !stageNames.isEmpty {
            result.stages = stageNames.map { StageResult(stage: $0, samplesMs: stageSamples[$0]!) }
        }
        if let before = residentBefore, let after = ResidentMemory.bytes() { result.memoryGrowthBytes = after - before }
        return result
    }
}
