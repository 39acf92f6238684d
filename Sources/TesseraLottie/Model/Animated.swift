/// How a keyframe eases into the next one: per dimension, the cubic Bézier from (0, 0) through
/// the out handle (`o` of the keyframe) and the in handle (`i`) to (1, 1), x being time and y
/// progress, as After Effects' temporal easing. A dimension past the arrays' ends takes their
/// last entry (most files give one for all).
struct Easing: Equatable, Sendable {
    var outX: [Double]
    var outY: [Double]
    var inX: [Double]
    var inY: [Double]

    static let linear = Easing(outX: [0], outY: [0], inX: [1], inY: [1])

    /// The control points of dimension `d`: (x1, y1, x2, y2).
    func controlPoints(dimension d: Int) -> (Double, Double, Double, Double) {
        func pick(_ values: [Double], _ fallback: Double) -> Double {
            values.isEmpty ? fallback : values[min(d, values.count - 1)]
        }
        return (pick(outX, 0), pick(outY, 0), pick(inX, 1), pick(inY, 1))
    }

    /// The number of dimensions the handles give separately (1 when they are the same for all).
    var dimensionCount: Int { max(outX.count, outY.count, inX.count, inY.count, 1) }

    /// Whether every dimension eases the same way.
    var isUniform: Bool {
        let first = controlPoints(dimension: 0)
        return (1..<dimensionCount).allSatisfy { controlPoints(dimension: $0) == first }
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
