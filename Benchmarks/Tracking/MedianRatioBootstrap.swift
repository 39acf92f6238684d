import BenchScenes

/// A bootstrap confidence interval for the ratio of two medians (head over base), the change
/// ``BenchComparison`` reports for frame times.
///
/// Each side is a list of runs, each run a list of frame times. One resample draws as many runs as
/// there are, with replacement, then as many frames from each drawn run as it has, with
/// replacement (a hierarchical bootstrap): with several runs a side, the run-to-run drift of the
/// machine widens the interval as it should; with one run, only the frames' spread does, and the
/// noise floor has to cover the drift. The generator is seeded, so the same files always give the
/// same interval.
public enum MedianRatioBootstrap {
    /// The central `confidence` interval of median(head) / median(base) over `resamples` resamples.
    /// Every run must hold at least one sample, and each side at least one run.
    public static func interval(
        base: [[Double]], head: [[Double]], confidence: Double = 0.95,
        resamples: Int = 2_000, seed: UInt64 = 0x7E55E7A
    ) -> ClosedRange<Double> {
        precondition(!base.isEmpty && !head.isEmpty && (base + head).allSatisfy { !$0.isEmpty }, "no samples")
        var generator = SplitMix64(seed: seed)
        var buffer: [Double] = []
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let baseMedian = resampledMedian(base, generator: &generator, buffer: &buffer)
            let headMedian = resampledMedian(head, generator: &generator, buffer: &buffer)
            ratios.append(headMedian / baseMedian)
        }
        let statistics = FrameStatistics(samplesMs: ratios)
        let tail = (1 - confidence) / 2
        return statistics.quantile(tail)...statistics.quantile(1 - tail)
    }

    private static func resampledMedian(_ runs: [[Double]], generator: inout SplitMix64, buffer: inout [Double]) -> Double {
        buffer.removeAll(keepingCapacity: true)
        for _ in runs.indices {
            let run = runs[index(below: runs.count, generator: &generator)]
            for _ in run.indices {
                buffer.append(run[index(below: run.count, generator: &generator)])
            }
        }
        buffer.sort()
        return FrameStatistics.median(ofSorted: buffer)
    }

    /// A uniform index in 0..<count (the modulo's bias, under 2⁻⁵⁰ for these counts, is negligible).
    private static func index(below count: Int, generator: inout SplitMix64) -> Int {
        Int(generator.next() % UInt64(count))
    }
}
