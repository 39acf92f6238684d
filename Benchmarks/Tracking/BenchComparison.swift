/// `bench compare`: two reports matched by scene and thread count, with a verdict on each
/// change of time and of instructions, and whether the pixels stayed the same.
///
/// # Method
/// - Time: the ratio of the median frame times (head over base) with a 95 % bootstrap interval
///   (``MedianRatioBootstrap``). A result is a regression only when the whole interval lies above
///   1 + `noiseFloor`, an improvement only when it lies below 1 / (1 + `noiseFloor`); with fewer
///   than ``minimumSamples`` frames on a side no verdict is given.
/// - Instructions (deterministic under valgrind): a change beyond `instructionTolerance` counts.
/// - Pixels: the reference frames' hashes must match.
public struct BenchComparison: Sendable {
    /// Fewer frames than this on either side give no verdict on time (Google Benchmark's compare.py
    /// warns under 9 repetitions for the same reason: a rank or resampling test cannot reach
    /// significance on fewer).
    public static let minimumSamples = 9

    public enum Verdict: String, Sendable {
        case regression
        case improvement
        case noChange = "no change"
        case tooFewSamples = "too few samples"
    }

    /// The change of the frame time of one scene and thread count.
    public struct TimeChange: Sendable {
        public let baseMedianMs: Double
        public let headMedianMs: Double
        /// Head median over base median: above 1 is slower.
        public let ratio: Double
        /// The 95 % interval of `ratio`.
        public let interval: ClosedRange<Double>
        public let baseSamples: Int
        public let headSamples: Int
        public let verdict: Verdict
    }

    /// The change of the instructions per frame of one scene (and of its stages).
    public struct InstructionChange: Sendable {
        public let base: Double
        public let head: Double
        public var ratio: Double { head / base }
        public let verdict: Verdict
        /// The stages counted in both runs: name, base, head.
        public let stages: [(stage: String, base: Double, head: Double)]
    }

    public enum PixelStatus: Sendable, Equatable {
        case same
        case changed(base: String, head: String)
        /// A run did not hash its pixels.
        case unknown
    }

    /// One scene and thread count present in both reports.
    public struct Row: Sendable {
        public let scene: String
        public let threads: Int
        public let time: TimeChange
        public let instructions: InstructionChange?
        public let pixels: PixelStatus
    }

    public let noiseFloor: Double
    public let instructionTolerance: Double
    /// Rows in the head report's order.
    public let rows: [Row]
    /// Scene and thread count (`scene @ threads`) only one side has.
    public let onlyInBase: [String]
    public let onlyInHead: [String]
    /// Fingerprint fields that differ between the runs (`field: base → head`).
    public let machineDifferences: [String]

    /// - Parameters:
    ///   - noiseFloor: the relative change of time below which nothing is flagged (0.05 = 5 %).
    ///   - instructionTolerance: the relative change of instructions below which nothing is
    ///     flagged (0.001 = 0.1 %).
    public init(base: BenchReport, head: BenchReport, noiseFloor: Double, instructionTolerance: Double) {
        self.noiseFloor = noiseFloor
        self.instructionTolerance = instructionTolerance
        let baseGroups = Self.grouped(base.results)
        let headGroups = Self.grouped(head.results)
        rows = headGroups.keys.compactMap { key in
            guard let old = baseGroups.results[key], let new = headGroups.results[key] else { return nil }
            return Row(
                scene: key.scene, threads: key.threads,
                time: Self.timeChange(base: old, head: new, noiseFloor: noiseFloor),
                instructions: Self.instructionChange(base: old, head: new, tolerance: instructionTolerance),
                pixels: Self.pixelStatus(base: old, head: new))
        }
        onlyInBase = baseGroups.keys.filter { headGroups.results[$0] == nil }.map(\.label)
        onlyInHead = headGroups.keys.filter { baseGroups.results[$0] == nil }.map(\.label)
        machineDifferences = head.fingerprint.differences(from: base.fingerprint)
    }

    public var regressions: [Row] {
        rows.filter { $0.time.verdict == .regression || $0.instructions?.verdict == .regression }
    }

    public var improvements: [Row] {
        rows.filter { $0.time.verdict == .improvement || $0.instructions?.verdict == .improvement }
    }

    public var pixelChanges: [Row] {
        rows.filter { if case .changed = $0.pixels { true } else { false } }
    }

    /// `compare`'s exit status: 2 when anything regressed, 4 when there are only improvements,
    /// 0 when nothing changed.
    public var exitStatus: Int32 {
        if !regressions.isEmpty { return 2 }
        if !improvements.isEmpty { return 4 }
        return 0
    }

    // MARK: - Per row

    private static func timeChange(base: [SceneResult], head: [SceneResult], noiseFloor: Double) -> TimeChange {
        let baseRuns = base.map(\.comparableSamples), headRuns = head.map(\.comparableSamples)
        let baseMedian = FrameStatistics(samplesMs: baseRuns.flatMap { $0 }).medianMs
        let headMedian = FrameStatistics(samplesMs: headRuns.flatMap { $0 }).medianMs
        let interval = MedianRatioBootstrap.interval(base: baseRuns, head: headRuns)
        let baseCount = baseRuns.map(\.count).reduce(0, +), headCount = headRuns.map(\.count).reduce(0, +)
        let verdict: Verdict
        if baseCount < minimumSamples || headCount < minimumSamples {
            verdict = .tooFewSamples
        } else if interval.lowerBound > 1 + noiseFloor {
            verdict = .regression
        } else if interval.upperBound < 1 / (1 + noiseFloor) {
            verdict = .improvement
        } else {
            verdict = .noChange
        }
        return TimeChange(
            baseMedianMs: baseMedian, headMedianMs: headMedian, ratio: headMedian / baseMedian,
            interval: interval, baseSamples: baseCount, headSamples: headCount, verdict: verdict)
    }

    private static func instructionChange(base: [SceneResult], head: [SceneResult], tolerance: Double) -> InstructionChange? {
        guard let old = base.lazy.compactMap(\.instructionsPerFrame).first,
            let new = head.lazy.compactMap(\.instructionsPerFrame).first, old > 0
        else { return nil }
        let ratio = new / old
        let verdict: Verdict = ratio > 1 + tolerance ? .regression : ratio < 1 / (1 + tolerance) ? .improvement : .noChange
        let oldStages = Dictionary(
            (base.first { $0.instructionsPerFrame != nil }?.stages ?? [])
                .compactMap { stage in stage.instructionsPerFrame.map { (stage.stage, $0) } }, uniquingKeysWith: { a, _ in a })
        let stages = (head.first { $0.instructionsPerFrame != nil }?.stages ?? []).compactMap { stage in
            stage.instructionsPerFrame.flatMap { new in oldStages[stage.stage].map { (stage: stage.stage, base: $0, head: new) } }
        }
        return InstructionChange(base: old, head: new, verdict: verdict, stages: stages)
    }

    private static func pixelStatus(base: [SceneResult], head: [SceneResult]) -> PixelStatus {
        guard let old = base.lazy.compactMap(\.pixelHash).first,
            let new = head.lazy.compactMap(\.pixelHash).first
        else { return .unknown }
        return old == new ? .same : .changed(base: old, head: new)
    }

    // MARK: - Grouping

    struct Key: Hashable {
        let scene: String
        let threads: Int
        var label: String { "\(scene) @ \(threads)" }
    }

    /// The results of each scene and thread count (its repetitions), keys in first-seen order.
    private static func grouped(_ results: [SceneResult]) -> (keys: [Key], results: [Key: [SceneResult]]) {
        var keys: [Key] = []
        var groups: [Key: [SceneResult]] = [:]
        for result in results {
            let key = Key(scene: result.scene, threads: result.threads)
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(result)
        }
        return (keys, groups)
    }
}
