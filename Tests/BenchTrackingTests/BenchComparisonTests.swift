import BenchScenes
import Foundation
import BenchTracking
import Testing

/// The verdicts of `bench compare` on runs whose truth is known: drawn from one distribution, or
/// from one slowed by a known factor.
struct BenchComparisonTests {
    /// Frame times around `median` ms: a log-normal spread of about 3 % with occasional slow
    /// frames (a tenth of them up to 40 % slower), as frames on a shared machine look.
    static func frames(_ count: Int, median: Double, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let u1 = max(generator.unit(), 1e-12), u2 = generator.unit()
            let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            let hiccup = generator.unit() < 0.1 ? 1 + 0.4 * generator.unit() : 1
            return median * exp(0.03 * normal) * hiccup
        }
    }

    static func report(_ runs: [(scene: String, threads: Int, samples: [Double])], hash: String = "0123456789abcdef",
                       instructions: Double? = nil) -> BenchReport {
        let machine = MachineFingerprint(cpu: "test CPU", cores: 2, simd: "avx2", swiftCompiler: "6.3",
                                         configuration: "release", system: "Linux")
        var results: [SceneResult] = []
        for (index, run) in runs.enumerated() {
            var result = SceneResult(scene: run.scene, threads: run.threads, samplesMs: run.samples)
            result.repetition = index
            result.pixelHash = hash
            result.instructionsPerFrame = instructions
            results.append(result)
        }
        return BenchReport(commit: "abc", date: "2026-12-04", machine: machine, warmup: 3, results: results)
    }

    static func compare(_ base: BenchReport, _ head: BenchReport) -> BenchComparison {
        BenchComparison(base: base, head: head, noiseFloor: 0.05, instructionTolerance: 0.001)
    }

    @Test func runsOfTheSameDistributionAreNotFlagged() {
        for seed in UInt64(1)...20 {
            let base = Self.report([("s", 1, Self.frames(40, median: 10, seed: seed))])
            let head = Self.report([("s", 1, Self.frames(40, median: 10, seed: seed + 1000))])
            let comparison = Self.compare(base, head)
            #expect(comparison.rows.map(\.time.verdict) == [.noChange], "seed \(seed)")
            #expect(comparison.exitStatus == 0)
        }
    }

    @Test func aRunSlowedByAThirdIsARegression() {
        let base = Self.report([("s", 1, Self.frames(40, median: 10, seed: 1))])
        let head = Self.report([("s", 1, Self.frames(40, median: 13.3, seed: 2))])
        let comparison = Self.compare(base, head)
        #expect(comparison.rows.map(\.time.verdict) == [.regression])
        #expect(comparison.exitStatus == 2)
        let row = comparison.rows[0].time
        #expect(row.interval.contains(row.ratio))
        #expect(row.interval.lowerBound > 1.2 && row.interval.upperBound < 1.45)
    }

    @Test func aFasterRunIsAnImprovementWithExitStatusFour() {
        let base = Self.report([("s", 1, Self.frames(40, median: 10, seed: 3))])
        let head = Self.report([("s", 1, Self.frames(40, median: 8, seed: 4))])
        let comparison = Self.compare(base, head)
        #expect(comparison.rows.map(\.time.verdict) == [.improvement])
        #expect(comparison.exitStatus == 4)
    }

    @Test func aChangeInsideTheNoiseFloorIsNotFlagged() {
        // 3 % slower, clearly measurable with 400 frames, but under the 5 % floor.
        let base = Self.report([("s", 1, Self.frames(400, median: 10, seed: 5))])
        let head = Self.report([("s", 1, Self.frames(400, median: 10.3, seed: 6))])
        #expect(Self.compare(base, head).rows.map(\.time.verdict) == [.noChange])
    }

    @Test func fewerThanNineFramesGiveNoVerdict() {
        let base = Self.report([("s", 1, [10, 10.1])])
        let head = Self.report([("s", 1, [20, 20.1])])
        let comparison = Self.compare(base, head)
        #expect(comparison.rows.map(\.time.verdict) == [.tooFewSamples])
        #expect(comparison.exitStatus == 0)
    }

    @Test func driftBetweenRunsWidensTheInterval() {
        // Three runs a side whose medians drift by ±8 % between runs: pooled frame by frame the
        // sides differ by 6 %, but the runs say the machine moves that much on its own.
        let drift = [1.0, 1.08, 0.92]
        let base = Self.report(drift.enumerated().map { ("s", 1, Self.frames(40, median: 10 * $1, seed: UInt64(10 + $0))) })
        let head = Self.report(drift.enumerated().map { ("s", 1, Self.frames(40, median: 10.6 * $1, seed: UInt64(20 + $0))) })
        let row = Self.compare(base, head).rows[0].time
        #expect(row.verdict == .noChange)
        #expect(row.interval.upperBound - row.interval.lowerBound > 0.1)
    }

    @Test func theIntervalIsTheSameEveryTime() {
        let base = [Self.frames(30, median: 10, seed: 7)], head = [Self.frames(30, median: 11, seed: 8)]
        #expect(MedianRatioBootstrap.interval(base: base, head: head) == MedianRatioBootstrap.interval(base: base, head: head))
    }

    @Test func instructionsAreJudgedAgainstTheirTolerance() {
        let samples = Self.frames(20, median: 10, seed: 9)
        let base = Self.report([("s", 1, samples)], instructions: 1_000_000)
        #expect(Self.compare(base, Self.report([("s", 1, samples)], instructions: 1_000_900)).rows[0].instructions?.verdict == .noChange)
        #expect(Self.compare(base, Self.report([("s", 1, samples)], instructions: 1_001_100)).rows[0].instructions?.verdict == .regression)
        #expect(Self.compare(base, Self.report([("s", 1, samples)], instructions: 998_000)).exitStatus == 4)
    }

    @Test func changedPixelsAreReported() {
        let samples = Self.frames(20, median: 10, seed: 11)
        let comparison = Self.compare(Self.report([("s", 1, samples)], hash: "aaaa"), Self.report([("s", 1, samples)], hash: "bbbb"))
        #expect(comparison.pixelChanges.map(\.scene) == ["s"])
        #expect(comparison.exitStatus == 0)
        #expect(ComparisonText(comparison, markdown: false).render().contains("pixels changed: s @ 1 (aaaa → bbbb)"))
    }

    @Test func resultsAreMatchedBySceneAndThreadCount() {
        let samples = Self.frames(20, median: 10, seed: 12)
        let base = Self.report([("a", 1, samples), ("a", 2, samples), ("gone", 1, samples)])
        let head = Self.report([("a", 2, samples), ("a", 1, samples), ("new", 1, samples)])
        let comparison = Self.compare(base, head)
        #expect(comparison.rows.map { "\($0.scene) @ \($0.threads)" } == ["a @ 2", "a @ 1"])
        #expect(comparison.onlyInBase == ["gone @ 1"])
        #expect(comparison.onlyInHead == ["new @ 1"])
    }

    @Test func markdownIsATable() {
        let base = Self.report([("fill-rects", 1, Self.frames(40, median: 10, seed: 13))])
        let head = Self.report([("fill-rects", 1, Self.frames(40, median: 15, seed: 14))])
        let text = ComparisonText(Self.compare(base, head), markdown: true).render()
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "| scene | threads | base ms | head ms | change | 95% interval | verdict |")
        #expect(lines[1] == "| --- | ---: | ---: | ---: | ---: | ---: | --- |")
        #expect(lines[2].hasPrefix("| fill-rects | 1 |") && lines[2].hasSuffix("| **regression** |"))
    }
}
