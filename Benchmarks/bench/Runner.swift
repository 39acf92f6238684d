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

extension SceneResult {
    /// One result of the repetitions of a scene and thread count (not empty): their frames and
    /// steps together, for the table.
    init(pooling repetitions: [SceneResult]) {
        self.init(
            scene: repetitions[0].scene, threads: repetitions[0].threads,
            samplesMs: repetitions.flatMap(\.comparableSamples))
        let names = repetitions[0].stages?.map(\.stage) ?? []
        let stages = names.compactMap { name -> StageResult? in
            let samples = repetitions.flatMap { $0.stages?.first { $0.stage == name }?.samplesMs ?? [] }
            return samples.isEmpty ? nil : StageResult(stage: name, samplesMs: samples)
        }
        self.stages = stages.isEmpty ? nil : stages
    }
}
