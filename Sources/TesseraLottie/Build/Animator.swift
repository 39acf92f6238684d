import Foundation
import TesseraCore

/// Sets Lottie properties on layers, or animates them with `CAKeyframeAnimation`s, in one
/// composition's time: frame f is f / frame rate seconds of the layer's time.
///
/// Each animation runs from the first keyframe to the last and fills both ways
/// (`fillMode = .both`, never removed), so that the layer shows the first value before and the
/// last after, as Lottie players do.
struct Animator {
    let frameRate: Double
    /// The time remapping of the precomposition being built, if any (see ``FrameMapping``).
    var remapping: FrameMapping? = nil
    /// The key paths set on layers, resolved once for the whole document.
    let keyPaths = LayerKeyPaths()

    /// Sets `keyPath` to the track's value, or animates it through the track (sampled through
    /// the time remapping when there is one). A position track with spatial handles, or with
    /// `alongPath` (a rotation mode), moves along a path.
    func apply<V, T: LayerValue>(
        _ track: Track<V>, to layer: CALayer, keyPath: String, alongPath: CAAnimationRotationMode? = nil, value: (V) -> T
    ) {
        if let remapping, track.isAnimated {
            animate(Track(remapping: track, through: remapping), to: layer, keyPath: keyPath, alongPath: alongPath, value: value)
        } else {
            animate(track, to: layer, keyPath: keyPath, alongPath: alongPath, value: value)
        }
    }

    /// ``apply(_:to:keyPath:alongPath:value:)`` for a track already in the layer's time.
    func animate<V, T: LayerValue>(
        _ track: Track<V>, to layer: CALayer, keyPath: String, alongPath: CAAnimationRotationMode? = nil, value: (V) -> T
    ) {
        guard let first = track.values.first else { return }
        guard track.isAnimated else {
            keyPaths.set(value(track.values[track.values.count - 1]), forKeyPath: keyPath, on: layer)
            return
        }
        keyPaths.set(value(first), forKeyPath: keyPath, on: layer)
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        var values: [Any]? = nil, read: [AnimatableValue]? = nil
        if track.hasMotionPath || alongPath != nil, let path = motionPath(track as? Track<[Double]>) {
            animation.path = path
            animation.rotationMode = alongPath
        } else {
            // Each value as `Any` and, when it has one, in the model's form (an array of `T`
            // made `[Any]` would cast each element).
            var given: [Any] = [], typed: [AnimatableValue] = []
            given.reserveCapacity(track.values.count)
            typed.reserveCapacity(track.values.count)
            for element in track.values {
                let v = value(element)
                given.append(v)
                if let t = v.animatableValue { typed.append(t) }
            }
            values = given
            read = typed.count == given.count ? typed : nil
        }
        let begin = track.times[0], end = track.times[track.times.count - 1]
        animation.setKeyframes(values: values, read: read, keyTimes: track.times.map { ($0 - begin) / (end - begin) })
        animation.timingFunctions = track.timingFunctions
        animation.beginTime = Self.beginTime(seconds(begin))
        animation.duration = seconds(end) - seconds(begin)
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: keyPath)
    }

    /// Sets or animates `keyPath` from `property`, eased as its dimension `dimension` is.
    func apply<S: Interpolatable, T: LayerValue>(
        _ property: Animated<S>, to layer: CALayer, keyPath: String, dimension: Int = 0, value: (S) -> T
    ) {
        // A fixed value (most of a file's) is set without a track to build and free.
        guard property.isAnimated else {
            set(value(property.keyframes[0].value), to: layer, keyPath: keyPath)
            return
        }
        apply(Track(property, dimension: dimension) { $0 }, to: layer, keyPath: keyPath, value: value)
    }

    /// Sets `keyPath` to `value`, as `setValue(_:forKeyPath:)` does.
    func set<T: LayerValue>(_ value: T, to layer: CALayer, keyPath: String) {
        keyPaths.set(value, forKeyPath: keyPath, on: layer)
    }

    func seconds(_ frame: Double) -> Double { frame / frameRate }

    /// This animator for the animations of a layer shown from frame `inPoint` up to `outPoint`
    /// of its composition, and of what it holds: in a time-remapped precomposition, they are
    /// sampled only around the frames where it shows (``FrameMapping/showing(from:to:)``).
    func showing(from inPoint: Double, to outPoint: Double) -> Animator {
        guard let remapping else { return self }
        var shown = self
        shown.remapping = remapping.showing(from: inPoint, to: outPoint)
        return shown
    }

    /// `add(_:forKey:)` takes a `beginTime` of exactly 0 for "now", as Core Animation does: an
    /// animation that begins at the start of its layer's time begins the smallest time before
    /// it instead (after it, it would not be active at 0 itself).
    static func beginTime(_ seconds: Double) -> Double {
        seconds == 0 ? -.leastNonzeroMagnitude : seconds
    }

    /// The motion path of a position track: its keyframes joined by lines, or by the Bézier
    /// segments their spatial handles give (one path element per segment, as
    /// `CAKeyframeAnimation.path` times them).
    private func motionPath(_ track: Track<[Double]>?) -> CGPath? {
        guard let track else { return nil }
        let path = CGMutablePath()
        func point(_ v: [Double]) -> CGPoint { CGPoint(x: v.count > 0 ? v[0] : 0, y: v.count > 1 ? v[1] : 0) }
        path.move(to: point(track.values[0]))
        for i in 1..<track.values.count {
            if let (c1, c2) = track.controlPoints[i - 1] {
                path.addCurve(to: point(track.values[i]), control1: CGPoint(x: c1.x, y: c1.y), control2: CGPoint(x: c2.x, y: c2.y))
            } else {
                path.addLine(to: point(track.values[i]))
            }
        }
        return path
    }
}

extension Track {
    /// A track of a value computed from several properties, given by their keyframe times:
    /// keyframe by keyframe (`atKeyframe(k)`) when the animated ones share their times, holds and
    /// easing, else sampled (`atFrame(f)`) at every frame between their first and last keyframes.
    init(combining properties: [KeyframeTiming], atKeyframe: (Int) -> Value, atFrame: @escaping (Double) -> Value) {
        let animated = properties.filter { $0.times.count > 1 }
        guard let first = animated.first else {
            self.init(Animated(0), sample: atFrame) { atKeyframe($0) }
            return
        }
        if animated.allSatisfy({ $0 == first }) && first.easings.allSatisfy(\.isUniform) {
            self.init(first.indexed, sample: atFrame) { atKeyframe($0) }
            return
        }
        self.init(sampling: animated, value: atFrame)
    }

    /// A track of `value(frame)` sampled (``init(sampling:jumps:value:)``) over the keyframes of
    /// `properties`, jumping where one of them holds, constant where all of them are.
    init(sampling properties: [KeyframeTiming], value: @escaping (Double) -> Value) {
        var jumps = Set<Double>()
        for timing in properties where timing.times.count > 1 {
            for k in 1..<timing.times.count where timing.holds[k - 1] { jumps.insert(timing.times[k]) }
        }
        self.init(sampling: properties.flatMap(\.times), jumps: jumps, value: value)
        constantSpan = { KeyframeTiming.constantSpan(of: properties, at: $0) }
    }
}

/// When a property's keyframes are and how they are timed, apart from their values.
struct KeyframeTiming: Equatable {
    var times: [Double]
    var holds: [Bool]
    var easings: [Easing]

    /// A number for each stretch of frames over which a property so timed keeps its value (as
    /// ``Animated/value(at:)`` computes it): 0 before the first keyframe, k + 1 while keyframe k
    /// holds, the keyframe count from the last one on; nil while it eases to the next keyframe.
    func constantSpan(at frame: Double) -> Int? {
        Self.constantSpan(count: times.count, at: frame, time: { times[$0] }, hold: { holds[$0] })
    }

    /// ``constantSpan(at:)`` of keyframes given by their count, times and holds.
    static func constantSpan(count: Int, at frame: Double, time: (Int) -> Double, hold: (Int) -> Bool) -> Int? {
        guard count > 1 else { return 0 }
        guard let next = (0..<count).first(where: { time($0) > frame }) else { return count }
        guard next > 0 else { return 0 }
        return hold(next - 1) ? next : nil
    }

    /// A number for each stretch of frames over which properties so timed all keep their values
    /// (their ``constantSpan(at:)``s as the digits of one number); nil where one of them may change.
    static func constantSpan(of timings: [KeyframeTiming], at frame: Double) -> Int? {
        var span = 0
        for timing in timings where timing.times.count > 1 {
            guard let digit = timing.constantSpan(at: frame) else { return nil }
            let (shifted, overflow) = span.multipliedReportingOverflow(by: timing.times.count + 1)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            span = sum
        }
        return span
    }

    /// Keyframes at the same times whose values are their indices.
    var indexed: Animated<Int> {
        Animated(keyframes: times.indices.map { Keyframe(time: times[$0], value: $0, hold: holds[$0], easing: easings[$0]) })
    }
}

extension Animated {
    var timing: KeyframeTiming {
        KeyframeTiming(times: keyframes.map(\.time), holds: keyframes.map(\.hold), easings: keyframes.map(\.easing))
    }

    /// ``KeyframeTiming/constantSpan(at:)`` of the property's keyframes.
    func constantSpan(at frame: Double) -> Int? {
        KeyframeTiming.constantSpan(count: keyframes.count, at: frame, time: { keyframes[$0].time }, hold: { keyframes[$0].hold })
    }

    /// The value at keyframe `k` of a property with the same timing, or the fixed value.
    func value(atKeyframe k: Int) -> Value {
        keyframes[isAnimated ? min(k, keyframes.count - 1) : 0].value
    }
}
