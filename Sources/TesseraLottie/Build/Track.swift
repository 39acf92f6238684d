import TesseraCore

/// Keyframes as a `CAKeyframeAnimation` takes them: times in frames (never decreasing; two equal
/// times make the value jump), a value at each, and how each segment between them is timed.
///
/// Holds become jumps: a held value is repeated just before the next keyframe's time
/// (``jumpLead`` frames), then the next value follows, so that the next keyframe's time shows
/// the next value as Lottie does (`CAKeyframeAnimation`'s `.discrete` mode cannot be mixed with
/// eased segments in one animation; lottie-ios splits such keyframes into groups of animations).
struct Track<Value> {
    /// How long before a jump the value before it is last shown, in frames.
    static var jumpLead: Double { 1e-4 }

    var times: [Double] = []
    var values: [Value] = []
    /// One per segment (`times.count - 1`).
    var timingFunctions: [CAMediaTimingFunction] = []
    /// The timing of the linear segments (holds and samples), one object for all of them.
    private let linear = CAMediaTimingFunction(name: .linear)
    /// One per segment: the motion path's Bézier control points, absolute, or nil for a straight
    /// segment (positions only).
    var controlPoints: [(SIMD2<Double>, SIMD2<Double>)?] = []
    /// The value at any frame, as the keyframes give it (for time remapping, which samples
    /// tracks at other times than their keyframes').
    var sample: (Double) -> Value
    /// Which frames are known to share a value: frames it gives the same number have the same
    /// ``sample``; nil where the value may change (nil throughout when not given). A
    /// time-remapped track computes a held value once (``init(remapping:through:)``).
    var constantSpan: ((Double) -> Int?)? = nil

    var isAnimated: Bool { times.count > 1 && times.first != times.last }

    var hasMotionPath: Bool { controlPoints.contains { $0 != nil } }

    /// A track that keeps `property`'s keyframes, eased as its dimension `dimension` is; with
    /// `motionPath`, the segments follow the keyframes' spatial handles (x and y).
    init<Source: Interpolatable>(
        _ property: Animated<Source>, dimension: Int = 0, motionPath: Bool = false,
        value: @escaping (Source) -> Value
    ) {
        self.init(property, dimension: dimension, motionPath: motionPath, sample: { value(property.value(at: $0)) }, value: value)
    }

    /// A track that keeps `property`'s keyframes, with `sample` for its value at any frame.
    init<Source>(
        _ property: Animated<Source>, dimension: Int = 0, motionPath: Bool = false, sample: @escaping (Double) -> Value,
        value: (Source) -> Value
    ) {
        self.sample = sample
        constantSpan = { property.constantSpan(at: $0) }
        let keyframes = property.keyframes
        // A hold takes two keyframes of the track.
        reserveCapacity(2 * keyframes.count)
        times.append(keyframes[0].time)
        values.append(value(keyframes[0].value))
        for k in 1..<keyframes.count {
            let from = keyframes[k - 1], to = keyframes[k]
            if from.hold {
                append(max(to.time - Self.jumpLead, from.time), value(from.value), linear)
                append(to.time, value(to.value), linear)
            } else {
                let (x1, y1, x2, y2) = from.easing.controlPoints(dimension: dimension)
                let clamped = CubicEasing(x1, y1, x2, y2)
                append(
                    to.time, value(to.value),
                    CAMediaTimingFunction(
                        controlPoints: Float(clamped.x1), Float(clamped.y1),
                        Float(clamped.x2), Float(clamped.y2)))
                if motionPath, let a = from.value as? [Double], let b = to.value as? [Double], a.count >= 2, b.count >= 2 {
                    let path = MotionPath(from: from, to: to)
                    if path.isCurved { controlPoints[controlPoints.count - 1] = path.controlPoints(from: a, to: b) }
                }
            }
        }
    }

    /// A track of `value(frame)` sampled at every whole frame between the first and the last of
    /// `keyframeTimes` and at each of them, linear in between; at a time in `jumps`, the value
    /// just before it and the value at it.
    init(sampling keyframeTimes: [Double], jumps: Set<Double>, value: @escaping (Double) -> Value) {
        sample = value
        let samples = FrameMapping.sampleFrames(keyframeTimes)
        reserveCapacity(samples.count + jumps.count)
        for time in samples {
            if jumps.contains(time), let previous = times.last {
                append(max(time - Self.jumpLead, previous), value(time - Self.jumpLead), linear)
            }
            if times.isEmpty {
                times.append(time)
                values.append(value(time))
            } else {
                append(time, value(time), linear)
            }
        }
    }

    /// A track with no keyframes, only its value at any frame and where that value holds, to be
    /// remapped (``init(remapping:through:)``).
    init(sample: @escaping (Double) -> Value, constantSpan: @escaping (Double) -> Int?) {
        self.sample = sample
        self.constantSpan = constantSpan
    }

    /// `track` in the frames of the composition around a time-remapped precomposition: its value
    /// at the precomposition's frame for each whole outer frame of `mapping` and its ends,
    /// linear in between. Over a run of frames where `track` holds a value (its
    /// ``constantSpan``), or where it cannot be seen (``FrameMapping/needed``), the value is
    /// computed once, and only the run's first and last frames are kept: the same animation
    /// wherever it is seen, built and evaluated with fewer values.
    init(remapping track: Track<Value>, through mapping: FrameMapping) {
        sample = { track.sample(mapping.local($0)) }
        reserveCapacity(mapping.samples.count)
        // How many of the last values kept are in the current run of one span.
        var span: Int? = nil, run = 0
        for (i, (time, local)) in mapping.samples.enumerated() {
            // A sample not needed continues the run: its value is never seen.
            let needed = mapping.needed[i]
            let next = needed ? track.constantSpan?(local) : span
            if !needed || (next != nil && next == span), let held = values.last {
                if run >= 2 {
                    times[times.count - 1] = time
                } else {
                    append(time, held, linear)
                    run += 1
                }
                continue
            }
            span = next
            run = 1
            if times.isEmpty {
                times.append(time)
                values.append(track.sample(local))
            } else {
                append(time, track.sample(local), linear)
            }
        }
    }

    private mutating func reserveCapacity(_ count: Int) {
        times.reserveCapacity(count)
        values.reserveCapacity(count)
        timingFunctions.reserveCapacity(count)
        controlPoints.reserveCapacity(count)
    }

    private mutating func append(_ time: Double, _ value: Value, _ function: CAMediaTimingFunction) {
        times.append(time)
        values.append(value)
        timingFunctions.append(function)
        controlPoints.append(nil)
    }
}
