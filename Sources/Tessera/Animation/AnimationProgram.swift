import Foundation
import TesseraRaster

/// An animation compiled when it is added to a layer: timing and values as plain values, the key
/// path resolved. Evaluating it at a time changes a ``LayerProperties`` and touches no object, so
/// that presentation is a pure function of the model and the time.
struct AnimationProgram: Sendable {
    var timing: TimingSpec
    /// The timing function of each iteration; nil is linear.
    var curve: TimingCurve?
    var body: Body

    enum Body: Sendable {
        case property(PropertyProgram)
        case group([AnimationProgram])
    }

    /// Applies the animation at parent time `t` to `properties` (the model with the animations
    /// added before this one already applied).
    func apply(at t: Double, removedOnCompletion: Bool, to properties: inout LayerProperties) {
        guard case .showing(let time, let iteration, let active) = timing.phase(at: t) else { return }
        // An animation removed on completion has no fill after its end.
        if removedOnCompletion && !active && t >= timing.beginTime { return }
        let duration = timing.duration
        let linear = duration > 0 && duration.isFinite ? time / duration : 0
        let fraction = curve.map { $0.evaluate(linear) } ?? linear
        switch body {
        case .property(let program):
            program.apply(fraction: fraction, time: time, iteration: iteration, to: &properties)
        case .group(let children):
            // Children run in the group's (eased) time.
            let childTime = fraction * duration
            for child in children {
                child.apply(at: childTime, removedOnCompletion: false, to: &properties)
            }
        }
    }
}

/// The values of a basic or spring animation.
struct BasicValues: Sendable {
    var from: AnimatableValue?
    var to: AnimatableValue?
    var by: AnimatableValue?

    /// The two ends, with Apple's rules for the combinations (`current` is the value under the
    /// animation); nil when no end is given (nothing to animate).
    func ends(current: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimatableValue.add(f, b))
        case (nil, let t?, let b?): return (AnimatableValue.subtract(t, b), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, AnimatableValue.add(current, b))
        case (nil, nil, nil): return nil
        }
    }
}

/// An animation of one key path.
struct PropertyProgram: Sendable {
    enum Values: Sendable {
        case basic(BasicValues)
        case spring(BasicValues, DampedSpring)
        case keyframes(Keyframes)
    }

    let keyPath: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    var values: Values

    func apply(fraction: Double, time: Double, iteration: Double, to properties: inout LayerProperties) {
        let current = keyPath.value(in: properties)
        let start: AnimatableValue, end: AnimatableValue, value: AnimatableValue
        switch values {
        case .basic(let basic):
            guard let ends = basic.ends(current: current) else { return }
            (start, end) = ends
            value = AnimatableValue.interpolate(start, end, fraction, discrete: keyPath.isDiscrete)
        case .spring(let basic, let spring):
            guard let ends = basic.ends(current: current) else { return }
            (start, end) = ends
            value = AnimatableValue.interpolate(start, end, spring.fraction(at: time), discrete: keyPath.isDiscrete)
        case .keyframes(let keyframes):
            if let path = keyframes.path {
                keyframes.applyAlongPath(path, fraction: fraction, keyPath: keyPath, additive: additive, to: &properties)
                return
            }
            start = keyframes.values[0]
            end = keyframes.values[keyframes.values.count - 1]
            value = keyframes.value(at: fraction, discrete: keyPath.isDiscrete)
        }
        var result = value
        if cumulative && iteration > 0 {
            result = AnimatableValue.add(result, AnimatableValue.subtract(end, start).scaled(by: iteration))
        }
        if additive { result = AnimatableValue.add(current, result) }
        keyPath.set(result, in: &properties)
    }
}

/// The values of a keyframe animation, compiled.
struct Keyframes: Sendable {
    enum Mode: Sendable { case linear, discrete, paced, cubic, cubicPaced }

    let values: [AnimatableValue]
    /// The key time of each value, computed for the mode.
    let times: [Double]
    let curves: [TimingCurve?]
    let mode: Mode
    /// Tension, continuity, bias of each value.
    let tcb: [SIMD3<Double>]
    let path: PathMeasure?
    /// The angle added to the tangent's under a rotation mode; nil: no rotation.
    let rotationOffset: Double?

    init(values: [AnimatableValue], keyTimes: [Double], curves: [TimingCurve?], mode: Mode, tcb: [SIMD3<Double>],
         path: PathMeasure?, rotationOffset: Double?) {
        self.values = values
        self.curves = curves
        self.mode = mode
        self.tcb = tcb
        self.path = path
        self.rotationOffset = rotationOffset
        let n = values.count
        switch mode {
        case .paced, .cubicPaced:
            var cumulative = [0.0]
            for i in 1..<max(n, 1) { cumulative.append(cumulative[i - 1] + AnimatableValue.distance(values[i - 1], values[i])) }
            let total = cumulative.last ?? 0
            times = total > 0 ? cumulative.map { $0 / total } : Self.even(n, segments: max(n - 1, 1))
        case .discrete:
            times = keyTimes.count == n || keyTimes.count == n + 1 ? Array(keyTimes.prefix(n)) : Self.even(n, segments: n)
        case .linear, .cubic:
            times = keyTimes.count == n ? keyTimes : Self.even(n, segments: max(n - 1, 1))
        }
    }

    private static func even(_ n: Int, segments: Int) -> [Double] {
        (0..<n).map { Double($0) / Double(segments) }
    }

    /// The value at `fraction` of the animation.
    func value(at fraction: Double, discrete: Bool) -> AnimatableValue {
        let n = values.count
        if n == 1 { return values[0] }
        if mode == .discrete {
            // The last value whose key time has been reached (the last one at the very end).
            if fraction >= 1 { return values[n - 1] }
            var index = 0
            for i in 0..<n where times[i] <= fraction { index = i }
            return values[index]
        }
        // The segment holding the fraction.
        var i = 0
        while i < n - 2 && fraction > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (fraction - times[i]) / span : (fraction >= times[i + 1] ? 1 : 0)
        u = min(max(u, 0), 1)
        if i < curves.count, let curve = curves[i] { u = curve.evaluate(u) }
        if (mode == .cubic || mode == .cubicPaced) && !discrete, let value = cubic(segment: i, u) { return value }
        return AnimatableValue.interpolate(values[i], values[i + 1], u, discrete: discrete)
    }

    /// Kochanek–Bartels between values i and i+1 (Catmull–Rom when tension, continuity and bias
    /// are 0), for the vector kinds; nil for others.
    private func cubic(segment i: Int, _ u: Double) -> AnimatableValue? {
        let n = values.count
        guard let p1 = values[i].vector, let p2 = values[i + 1].vector else { return nil }
        let p0 = i > 0 ? values[i - 1].vector ?? p1 : p1
        let p3 = i + 2 < n ? values[i + 2].vector ?? p2 : p2
        func tangents(_ k: Int, _ previous: SIMD4<Double>, _ point: SIMD4<Double>, _ next: SIMD4<Double>) -> (incoming: SIMD4<Double>, outgoing: SIMD4<Double>) {
            let (t, c, b) = k < tcb.count ? (tcb[k].x, tcb[k].y, tcb[k].z) : (0, 0, 0)
            let d0 = point - previous, d1 = next - point
            let outgoing = (1 - t) * (1 + b) * (1 + c) / 2 * d0 + (1 - t) * (1 - b) * (1 - c) / 2 * d1
            let incoming = (1 - t) * (1 + b) * (1 - c) / 2 * d0 + (1 - t) * (1 - b) * (1 + c) / 2 * d1
            return (incoming, outgoing)
        }
        let m1 = tangents(i, p0, p1, p2).outgoing
        let m2 = tangents(i + 1, p1, p2, p3).incoming
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return values[i].withVector(h00 * p1 + h10 * m1 + h01 * p2 + h11 * m2)
    }

    /// Moves a point property along the path; under a rotation mode, turns the transform too.
    func applyAlongPath(_ path: PathMeasure, fraction: Double, keyPath: LayerKeyPath, additive: Bool,
                        to properties: inout LayerProperties) {
        let distance = min(max(fraction, 0), 1) * path.length
        guard let point = path.position(at: distance) else { return }
        var value = AnimatableValue.point(CGPoint(x: point.x, y: point.y))
        if additive { value = AnimatableValue.add(keyPath.value(in: properties), value) }
        keyPath.set(value, in: &properties)
        if let offset = rotationOffset, let tangent = path.tangent(at: distance) {
            let angle = atan2(tangent.y, tangent.x) + offset
            properties.transform = CATransform3DRotate(properties.transform, CGFloat(angle), 0, 0, 1)
        }
    }
}
