/// How a keyframe eases into the next one: per dimension, the cubic Bézier from (0, 0) through
/// the out handle (`o` of the keyframe) and the in handle (`i`) to (1, 1), x being time and y
/// progress, as After Effects' temporal easing. A dimension past the arrays' ends takes their
/// last entry (most files give one for all).
struct Easing: Equatable, Sendable {
    /// The handles as written (`o.x`, `o.y`, `i.x`, `i.y`), when one of them is not a single number.
    private final class Handles: Sendable {
        let outX: [Double], outY: [Double], inX: [Double], inY: [Double]

        init(outX: [Double], outY: [Double], inX: [Double], inY: [Double]) {
            (self.outX, self.outY, self.inX, self.inY) = (outX, outY, inX, inY)
        }
    }

    /// The control points of every dimension when each handle is a single number (nearly every
    /// file's): an easing is then four numbers, copied without an array to retain and release.
    private let single: (x1: Double, y1: Double, x2: Double, y2: Double)
    /// The handles of any other easing; nil when they are ``single``.
    private let handles: Handles?

    init(outX: [Double], outY: [Double], inX: [Double], inY: [Double]) {
        if outX.count == 1, outY.count == 1, inX.count == 1, inY.count == 1 {
            single = (outX[0], outY[0], inX[0], inY[0])
            handles = nil
        } else {
            single = (0, 0, 1, 1)
            handles = Handles(outX: outX, outY: outY, inX: inX, inY: inY)
        }
    }

    /// The easing whose handles are single numbers: (x1, y1) out, (x2, y2) in.
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        single = (x1, y1, x2, y2)
        handles = nil
    }

    static let linear = Easing(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The control points of dimension `d`: (x1, y1, x2, y2).
    func controlPoints(dimension d: Int) -> (Double, Double, Double, Double) {
        guard let handles else { return single }
        func pick(_ values: [Double], _ fallback: Double) -> Double {
            values.isEmpty ? fallback : values[min(d, values.count - 1)]
        }
        return (pick(handles.outX, 0), pick(handles.outY, 0), pick(handles.inX, 1), pick(handles.inY, 1))
    }

    /// The number of dimensions the handles give separately (1 when they are the same for all).
    var dimensionCount: Int {
        guard let h = handles else { return 1 }
        return max(h.outX.count, h.outY.count, h.inX.count, h.inY.count, 1)
    }

    /// Whether every dimension eases the same way.
    var isUniform: Bool {
        let first = controlPoints(dimension: 0)
        return (1..<dimensionCount).allSatisfy { controlPoints(dimension: $0) == first }
    }

    /// The same handles as written.
    static func == (a: Easing, b: Easing) -> Bool {
        switch (a.handles, b.handles) {
        case (nil, nil): a.single == b.single
        case (let h?, let k?): h.outX == k.outX && h.outY == k.outY && h.inX == k.inX && h.inY == k.inY
        default: false
        }
    }
}

/// A keyframe of a Lottie property: its value at `time` (in frames of its composition) and how
/// the value goes from here to the next keyframe.
struct Keyframe<Value: Sendable>: Sendable {
    var time: Double
    var value: Value
    /// The value holds until the next keyframe, then jumps.
    var hold: Bool = false
    /// The temporal easing to the next keyframe.
    var easing: Easing = .linear
    /// For positions: the Bézier handles of the motion path to the next keyframe, relative to
    /// this keyframe's value (`to`) and to the next one's (`ti`); nil for a straight line.
    var spatialOut: [Double]? = nil
    var spatialIn: [Double]? = nil
}

/// A Lottie property: a fixed value (one keyframe) or keyframes in time order.
struct Animated<Value: Sendable>: Sendable {
    /// Never empty.
    var keyframes: [Keyframe<Value>]

    init(_ value: Value) {
        keyframes = [Keyframe(time: 0, value: value)]
    }

    init(keyframes: [Keyframe<Value>]) {
        precondition(!keyframes.isEmpty, "a property has at least one keyframe")
        self.keyframes = keyframes
    }

    /// Whether the value changes over time.
    var isAnimated: Bool { keyframes.count > 1 }

    /// The first keyframe's value (the value of a fixed property).
    var initialValue: Value { keyframes[0].value }

    /// The same keyframes with each value transformed.
    func mapValues(_ transform: (Value) -> Value) -> Animated {
        var copy = self
        for k in copy.keyframes.indices { copy.keyframes[k].value = transform(copy.keyframes[k].value) }
        return copy
    }
}

/// A Bézier path as Lottie writes it: vertices with in and out handles relative to them.
struct BezierShape: Equatable, Sendable {
    struct Vertex: Equatable, Sendable {
        var point: SIMD2<Double>
        var inHandle: SIMD2<Double>
        var outHandle: SIMD2<Double>
    }

    var vertices: [Vertex]
    var isClosed: Bool
}
