import Dispatch

/// How long the steps of one ``Canvas/render(into:)`` took, in seconds of wall-clock time:
/// preparing the geometry (flattening, stroking, clipping into device lines; parallel), binning
/// the commands into bands, and rasterizing the bands (parallel).
public struct RenderStageTimes: Sendable, Equatable {
    /// Preparing the geometry, in seconds.
    public var prepare: Double = 0
    /// Binning the commands into bands, in seconds.
    public var binning: Double = 0
    /// Rasterizing the bands, in seconds.
    public var rasterization: Double = 0

    /// Times of zero.
    public init() {}

    /// Seconds since `start` (a `DispatchTime.now().uptimeNanoseconds`), and `now` for the next step.
    static func seconds(since start: inout UInt64) -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start) / 1e9
    }
}
