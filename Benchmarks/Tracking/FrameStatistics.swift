/// Summary statistics of a set of frame times.
public struct FrameStatistics: Equatable, Sendable {
    /// The samples in increasing order.
    public let sorted: [Double]

    /// Statistics of `samples` (milliseconds); `samples` must not be empty.
    public init(samplesMs samples: [Double]) {
        precondition(!samples.isEmpty, "no frame times")
        sorted = samples.sorted()
    }

    public var count: Int { sorted.count }
    /// The median in milliseconds: the middle sample, or the mean of the two middle ones.
    public var medianMs: Double { Self.median(ofSorted: sorted) }
    public var minMs: Double { sorted[0] }
    public var maxMs: Double { sorted[sorted.count - 1] }
    /// Frames per second at the median frame time (`1000 / median`); infinite for a zero median.
    public var fps: Double { 1000 / medianMs }

    /// The `q`-quantile (0…1) by linear interpolation between the closest ranks (numpy's default).
    public func quantile(_ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    /// The median of `sorted` (increasing, not empty).
    public static func median(ofSorted sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
