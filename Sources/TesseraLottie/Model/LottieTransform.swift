/// A layer's or a shape group's transform (`ks` of a layer, the `tr` item of a group), in
/// Lottie's units: points, percent for scale, degrees, opacity 0–100.
///
/// A point p of the content lands at `position + R(rotation) · Skew · S(scale) · (p − anchor)`.
struct LottieTransform: Sendable {
    enum Position: Sendable {
        case combined(Animated<[Double]>)
        /// `p` with `s: true`: x and y animated apart.
        case split(x: Animated<Double>, y: Animated<Double>)
    }

    var anchor = Animated<[Double]>([0, 0])
    var position = Position.combined(Animated([0, 0]))
    var scale = Animated<[Double]>([100, 100])
    var rotation = Animated<Double>(0)
    var opacity = Animated<Double>(100)
    var skew = Animated<Double>(0)
    var skewAxis = Animated<Double>(0)
    /// Rotations about x and y, in degrees (3D layers' `rx`, `ry`).
    var rotationX = Animated<Double>(0)
    var rotationY = Animated<Double>(0)
    /// A 3D layer's orientation (`or`), which is not drawn.
    var hasOrientation = false

    /// Whether the layer turns about x or y at some keyframe.
    var hasThreeDimensionalRotation: Bool {
        (rotationX.keyframes + rotationY.keyframes).contains { $0.value != 0 }
    }

    /// A shape group's transform item's `nm` (`Transform`), which keypaths name.
    var name = ""

    init() {}

    init(_ node: JSONNode) throws(LottieError) {
        anchor = try .vector(node.member("a"), default: [0, 0])
        if let p = node.member("p"), p.isObject, try p.flag("s") {
            position = .split(x: try .number(p.member("x"), default: 0), y: try .number(p.member("y"), default: 0))
        } else {
            position = .combined(try .vector(node.member("p"), default: [0, 0]))
        }
        scale = try .vector(node.member("s"), default: [100, 100])
        // `r` in 2D layers; 3D layers write `rz` (and `rx`, `ry`, `or`).
        rotation = try .number(node.member("r") ?? node.member("rz"), default: 0)
        opacity = try .number(node.member("o"), default: 100)
        skew = try .number(node.member("sk"), default: 0)
        skewAxis = try .number(node.member("sa"), default: 0)
        rotationX = try .number(node.member("rx"), default: 0)
        rotationY = try .number(node.member("ry"), default: 0)
        if let orientation = node.member("or") {
            let values = try Animated<[Double]>.vector(orientation, default: [0])
            hasOrientation = values.keyframes.contains { $0.value.contains { $0 != 0 } }
        }
    }
}
