extension Animated where Value: Interpolatable {
    /// The value at `frame`, as a Lottie player computes it: the first keyframe's value before
    /// it, the last's after it, a held value until the next keyframe, else eased per dimension
    /// between the two keyframes around it (a position along its motion path, when the
    /// keyframe has spatial handles, through ``MotionPath``).
    func value(at frame: Double) -> Value {
        guard let next = keyframes.firstIndex(where: { $0.time > frame }) else { return keyframes[keyframes.count - 1].value }
        guard next > 0 else { return keyframes[0].value }
        let from = keyframes[next - 1], to = keyframes[next]
        if from.hold { return from.value }
        let u = (frame - from.time) / (to.time - from.time)
        let easing = from.easing
        let eased = { (d: Int) -> Double in
            let (x1, y1, x2, y2) = easing.controlPoints(dimension: d)
            return CubicEasing(x1, y1, x2, y2).value(at: u)
        }
        if let a = from.value as? [Double], let b = to.value as? [Double] {
            let path = MotionPath(from: from, to: to)
            if path.isCurved, let point = path.point(at: eased(0), from: a, to: b) as? Value { return point }
        }
        return Value.interpolate(from.value, to.value, fraction: eased)
    }
}

/// The motion path between two position keyframes: the cubic Bézier from one to the other with
/// the first's `to` and `ti` handles, travelled at constant speed (as Lottie players do).
struct MotionPath {
    let outHandle: [Double]
    let inHandle: [Double]

    init<V>(from: Keyframe<V>, to: Keyframe<V>) {
        outHandle = from.spatialOut ?? []
        inHandle = from.spatialIn ?? []
    }

    /// Whether the handles bend the path (all zero: a straight line).
    var isCurved: Bool {
        outHandle.contains { $0 != 0 } || inHandle.contains { $0 != 0 }
    }

    /// The Bézier's absolute control points from `a` to `b` (x and y).
    func controlPoints(from a: [Double], to b: [Double]) -> (SIMD2<Double>, SIMD2<Double>) {
        func handle(_ h: [Double], _ i: Int) -> Double { i < h.count ? h[i] : 0 }
        return (
            SIMD2(a[0] + handle(outHandle, 0), a[1] + handle(outHandle, 1)),
            SIMD2(b[0] + handle(inHandle, 0), b[1] + handle(inHandle, 1))
        )
    }

    /// The point `progress` of the way along the path by length (x and y; z as a straight line).
    func point(at progress: Double, from a: [Double], to b: [Double]) -> [Double]? {
        guard a.count >= 2, b.count >= 2 else { return nil }
        let p0 = SIMD2(a[0], a[1]), p3 = SIMD2(b[0], b[1])
        let (p1, p2) = controlPoints(from: a, to: b)
        func at(_ t: Double) -> SIMD2<Double> {
            let s = 1 - t
            return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3
        }
        // Lengths over 64 chords: enough for a point within a fraction of a pixel on screen-sized paths.
        let steps = 64
        var lengths = [0.0]
        var previous = p0
        for i in 1...steps {
            let point = at(Double(i) / Double(steps))
            let d = point - previous
            lengths.append(lengths[i - 1] + (d.x * d.x + d.y * d.y).squareRoot())
            previous = point
        }
        let target = min(max(progress, 0), 1) * lengths[steps]
        var i = 1
        while i < steps && lengths[i] < target { i += 1 }
        let span = lengths[i] - lengths[i - 1]
        let t = (Double(i - 1) + (span > 0 ? (target - lengths[i - 1]) / span : 0)) / Double(steps)
        let point = at(t)
        var result = [point.x, point.y]
        if a.count > 2, b.count > 2 { result.append(a[2] + (b[2] - a[2]) * progress) }
        return result
    }
}
