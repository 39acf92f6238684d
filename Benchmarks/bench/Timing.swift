#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the system's monotonic clock (`CLOCK_MONOTONIC`): never goes backwards and
/// ignores changes to the wall-clock time.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Summary statistics of a set of frame times.
struct FrameStatistics: Equatable {
    /// The median in milliseconds: the middle sample, or the mean of the two middle ones.
    let medianMs: Double
    let minMs: Double
    let maxMs: Double
    let count: Int

    /// Frames per second at the median frame time (`1000 / median`); infinite for a zero median.
    var fps: Double { 1000 / medianMs }

    /// Statistics of `samples` (milliseconds); `samples` must not be empty.
    init(samplesMs samples: [Double]) {
        precondition(!samples.isEmpty, "no frame times")
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        medianMs = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minMs = sorted[0]
        maxMs = sorted[sorted.count - 1]
        count = sorted.count
    }
}
