import Foundation
import TesseraRaster

/// An animation compiled when it is added to a layer: timing and values as plain values, the key
/// path resolved. Evaluating it at a time changes a ``LayerProperties`` and touches no other
/// object, so that presentation is a pure function of the model and the time. A class, so that
/// evaluating it every frame copies nothing.
package final class AnimationProgram {
    /// Changed in place by playback controls (see ``AnimationToken``) and by a group for a child
    /// without a duration. Exempt from run-time exclusivity checks: only read or assigned.
    @exclusivity(unchecked) var timing: TimingSpec
    /// The timing function of each iteration; nil is linear.
    let curve: TimingCurve?
    let body: Body

    enum Body {
        case property(PropertyProgram)
        case group([AnimationProgram])
        /// A ``CATransition``: it changes no property, its layer is drawn through it (see
        /// ``EvaluationPlan``, which presents it).
        case transition(TransitionProgram)
    }

    init(timing: TimingSpec, curve: TimingCurve?, body: Body) {
        self.timing = timing
        self.curve = curve
        self.body = body
    }

    /// Applies the animation at parent time `t` to `properties` (the model with the animations
    /// added before this one already applied).
    func apply(at t: Double, removedOnCompletion: Bool, to properties: inout LayerProperties) {
        apply(at: t, timing: timing, removedOnCompletion: removedOnCompletion, to: &properties)
    }

    /// ``apply(at:removedOnCompletion:to:)`` with `timing` for the program's own: the copy an
    /// ``EvaluationPlan`` took, which playback controls do not change in place, so that animations
    /// left to apply after the frame (``SkippedAnimations``) apply as they would have in it.
    func apply(at t: Double, timing: TimingSpec, removedOnCompletion: Bool, to properties: inout LayerProperties) {
        guard let (fraction, time, iteration) = timing.progress(at: t, curve: curve, removedOnCompletion: removedOnCompletion)
        else { return }
        switch body {
        case .property(let program):
            program.apply(fraction: fraction, time: time, iteration: iteration, to: &properties)
        case .group(let children):
            // Children run in the group's (eased) time.
            let childTime = fraction * timing.duration
            for child in children {
                child.apply(at: childTime, removedOnCompletion: false, to: &properties)
            }
        case .transition:
            return
        }
    }
}

/// The values of a basic or spring animation. (Programs are classes, so that evaluating one
/// every frame copies a reference, not its values.)
final class BasicValues: Sendable {
    let from: AnimatableValue?
    let to: AnimatableValue?
    let by: AnimatableValue?

    init(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
        self.from = from
        self.to = to
        self.by = by
    }

    /// The two ends, with Apple's rules for the combinations (`current` is the value under the
    /// animation); nil when no end is given (nothing to animate).
    /// `current` is read only for the combinations that use it.
    func ends(current: @autoclosure () -> AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimatableValue.add(f, b))
        case (nil, let t?, let b?): return (AnimatableValue.subtract(t, b), t)
        case (let f?, nil, nil): return (f, current())
        case (nil, let t?, nil): return (current(), t)
        case (nil, nil, let b?):
            let current = current()
            return (current, AnimatableValue.add(current, b))
        case (nil, nil, nil): return nil
        }
    }
}

/// An animation of one key path.
final class PropertyProgram: Sendable {
    enum Values: Sendable {
        case basic(BasicValues)
        case spring(BasicValues, DampedSpring)
        case keyframes(Keyframes)
    }

    let keyPath: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    let values: Values
    /// Basic and spring values of a vector key path as vectors: the fast path, with no
    /// ``AnimatableValue`` work per frame.
    let vector: VectorAnimation?
    /// Basic and spring values morphing one path into another: the fast path of shape morphs.
    let morph: PathMorph?
    /// Turns the values (its inputs) into the transform animated (``CAValueFunction``).
    let valueFunction: ValueFunction?

    init(keyPath: LayerKeyPath, additive: Bool, cumulative: Bool, values: Values, valueFunction: ValueFunction? = nil) {
        self.keyPath = keyPath
        self.additive = additive
        self.cumulative = cumulative
        self.values = values
        self.valueFunction = valueFunction
        switch values {
        case .basic(let basic), .spring(let basic, _):
            vector = VectorAnimation(keyPath: keyPath, additive: additive, cumulative: cumulative, values: basic)
            morph = PathMorph(keyPath: keyPath, additive: additive, cumulative: cumulative, values: basic)
        case .keyframes:
            vector = nil
            morph = nil
        }
    }

    func apply(fraction: Double, time: Double, iteration: Double, to properties: inout LayerProperties) {
        if vector != nil || morph != nil {
            var progress = fraction
            if case .spring(_, let spring) = values { progress = spring.fraction(at: time) }
            if let vector { vector.apply(progress: progress, iteration: iteration, to: &properties) }
            if let morph { morph.apply(progress: progress, to: &properties) }
            return
        }
        if case .keyframes(let keyframes) = values, keyframes.path == nil, let vectors = keyframes.vectors,
            keyPath.isInterpolatedVector
        {
            let value = keyframes.vector(at: fraction, vectors)
            keyPath.updateVector(in: &properties) { current in
                VectorAnimation.combined(
                    value, start: vectors[0], end: vectors[vectors.count - 1], iteration: iteration,
                    current: current, cumulative: cumulative, additive: additive)
            }
            return
        }
        // Under a value function the values are its inputs, and a missing end is its identity.
        // Read only where it is used (an end left out, an additive animation): most keyframe
        // animations never need it, and reading a value copies it out of the properties.
        var current: AnimatableValue { valueFunction?.identity ?? keyPath.value(in: properties) }
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
        if let valueFunction {
            result = .transform(valueFunction.transform(result))
            if additive { result = AnimatableValue.add(keyPath.value(in: properties), result) }
        } else if additive {
            result = AnimatableValue.add(current, result)
        }
        keyPath.set(result, in: &properties)
    }
}

/// The values of a keyframe animation, compiled.
final class Keyframes: Sendable {
    enum Mode: Sendable { case linear, discrete, paced, cubic, cubicPaced }

    let values: [AnimatableValue]
    /// The number of keyframes: the values, or the path's keyframes (``KeyframePath``).
    let count: Int
    /// The key time of each keyframe, computed for the mode.
    let times: [Double]
    let curves: [TimingCurve?]
    let mode: Mode
    /// Tension, continuity, bias of each value.
    let tcb: [SIMD3<Double>]
    let path: KeyframePath?
    /// The angle added to the tangent's under a rotation mode; nil: no rotation.
    let rotationOffset: Double?
    /// The values as vectors, when they all are.
    let vectors: [SIMD4<Double>]?

    init(
        values: [AnimatableValue], keyTimes: [Double], curves: [TimingCurve?], mode: Mode, tcb: [SIMD3<Double>],
        path: KeyframePath?, rotationOffset: Double?
    ) {
        self.values = values
        // Paced modes ignore timing functions (Apple's header: "the keyTimes and timingFunctions
        // properties of the animation are ignored").
        self.curves = mode == .paced || mode == .cubicPaced ? [] : curves
        self.mode = mode
        self.tcb = tcb
        self.path = path
        self.rotationOffset = rotationOffset
        let vectors = values.compactMap(\.vector)
        self.vectors = vectors.count == values.count ? vectors : nil
        let n = path?.keyframeCount ?? values.count
        count = n
        switch mode {
        case .paced, .cubicPaced:
            guard path == nil else {
                times = []   // constant speed along the whole path
                break
            }
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

    /// Where `fraction` falls: the index of a value and the eased fraction `u` of the way to
    /// the next one; `u` nil when it is that value itself (one value, discrete mode).
    private func segment(at fraction: Double) -> (index: Int, u: Double?) {
        let n = count
        if n == 1 { return (0, nil) }
        if mode == .discrete {
            // The last value whose key time has been reached (the last one at the very end).
            if fraction >= 1 { return (n - 1, nil) }
            var index = 0
            for i in 0..<n where times[i] <= fraction { index = i }
            return (index, nil)
        }
        // The segment holding the fraction.
        var i = 0
        while i < n - 2 && fraction > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (fraction - times[i]) / span : (fraction >= times[i + 1] ? 1 : 0)
        u = min(max(u, 0), 1)
        if i < curves.count, let curve = curves[i] { u = curve.evaluate(u) }
        return (i, u)
    }

    /// The value at `fraction` of the animation.
    func value(at fraction: Double, discrete: Bool) -> AnimatableValue {
        let (i, u) = segment(at: fraction)
        guard let u else { return values[i] }
        if (mode == .cubic || mode == .cubicPaced) && !discrete, let vectors {
            return values[i].withVector(cubic(vectors, segment: i, u))
        }
        return AnimatableValue.interpolate(values[i], values[i + 1], u, discrete: discrete)
    }

    /// ``value(at:discrete:)`` for vector values (``vectors`` not nil) of a property that
    /// interpolates, with no ``AnimatableValue`` work.
    func vector(at fraction: Double, _ vectors: [SIMD4<Double>]) -> SIMD4<Double> {
        let (i, u) = segment(at: fraction)
        guard let u else { return vectors[i] }
        if mode == .cubic || mode == .cubicPaced { return cubic(vectors, segment: i, u) }
        return vectors[i] + (vectors[i + 1] - vectors[i]) * u
    }

    /// Kochanek–Bartels between values i and i+1 (Catmull–Rom when tension, continuity and bias
    /// are 0).
    private func cubic(_ vectors: [SIMD4<Double>], segment i: Int, _ u: Double) -> SIMD4<Double> {
        let n = vectors.count
        let p1 = vectors[i], p2 = vectors[i + 1]
        let p0 = i > 0 ? vectors[i - 1] : p1
        let p3 = i + 2 < n ? vectors[i + 2] : p2
        func tangents(
            _ k: Int, _ previous: SIMD4<Double>, _ point: SIMD4<Double>, _ next: SIMD4<Double>
        ) -> (incoming: SIMD4<Double>, outgoing: SIMD4<Double>) {
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
        return h00 * p1 + h10 * m1 + h01 * p2 + h11 * m2
    }

    /// Moves a point property along the path (``KeyframePath``: at constant speed in the paced
    /// modes, keyframe by keyframe in the others); under a rotation mode, turns the transform too.
    func applyAlongPath(
        _ path: KeyframePath, fraction: Double, keyPath: LayerKeyPath, additive: Bool,
        to properties: inout LayerProperties
    ) {
        let point: Point, tangent: Point?
        if mode == .paced || mode == .cubicPaced {
            let distance = min(max(fraction, 0), 1) * path.whole.length
            guard let found = path.whole.position(at: distance) else { return }
            (point, tangent) = (found, path.whole.tangent(at: distance))
        } else {
            let (index, u) = segment(at: fraction)
            (point, tangent) = path.point(keyframe: index, u: u)
        }
        var value = AnimatableValue.point(CGPoint(x: point.x, y: point.y))
        if additive { value = AnimatableValue.add(keyPath.value(in: properties), value) }
        keyPath.set(value, in: &properties)
        if let offset = rotationOffset, let tangent {
            let angle = atan2(tangent.y, tangent.x) + offset
            properties.transform = CATransform3DRotate(properties.transform, CGFloat(angle), 0, 0, 1)
        }
    }
}
