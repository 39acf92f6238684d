import Foundation

/// The times of the frames of a render: `frameCount` frames, `1 / framesPerSecond` apart, from
/// `start` (in the root's parent time, what ``LayerRenderer/render(_:at:into:)`` takes).
///
/// A duration `d` gives ⌈d × fps⌉ frames (at least one), the frames of the half-open span
/// [start, start + d), as video tools count them: 2 s at 30 frames per second are 60 frames.
public struct FrameTimeline: Sendable, Equatable {
    /// The most frames a timeline holds (about 9 hours at 30 frames per second).
    public static let maximumFrameCount = 1_000_000

    /// The time of the first frame, in seconds.
    public let start: Double
    /// The frame rate, 1…1000: the frames are 1 / framesPerSecond seconds apart.
    public let framesPerSecond: Int
    /// The number of frames, 1…``maximumFrameCount``.
    public let frameCount: Int

    /// `frameCount` frames from `start`; the count is clamped to 1…``maximumFrameCount`` and the
    /// rate to 1…1000 (a non-finite start is 0).
    public init(start: Double = 0, frameCount: Int, framesPerSecond: Int) {
        self.start = start.isFinite ? start : 0
        self.frameCount = min(max(frameCount, 1), Self.maximumFrameCount)
        self.framesPerSecond = min(max(framesPerSecond, 1), 1000)
    }

    /// The frames of `duration` seconds from `start` (see the type's rule; a negative or
    /// non-finite duration gives one frame).
    public init(start: Double = 0, duration: Double, framesPerSecond: Int) {
        let fps = min(max(framesPerSecond, 1), 1000)
        let exact = duration.isFinite && duration > 0 ? duration * Double(fps) : 0
        // 1e-9 absorbs the rounding of durations that are whole frames (0.1 s × 30 = 3.0000000000000004).
        let count = exact > Double(Self.maximumFrameCount) ? Self.maximumFrameCount : Int((exact - 1e-9).rounded(.up))
        self.init(start: start, frameCount: count, framesPerSecond: fps)
    }

    /// The time of frame `index` (0 is the first).
    public func time(ofFrame index: Int) -> Double {
        start + Double(index) / Double(framesPerSecond)
    }

    /// How long the frames show: `frameCount / framesPerSecond` seconds.
    public var duration: Double { Double(frameCount) / Double(framesPerSecond) }
}
