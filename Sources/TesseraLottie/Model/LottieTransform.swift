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

    // No initial values for the animated properties: `init(_:)` would build each of them (an array
    // or two apiece) before storing what it reads. ``init()`` gives the identity.
    var anchor: Animated<[Double]>
    var position: Position
    var scale: Animated<[Double]>
    var rotation: Animated<Double>
    var opacity: Animated<Double>
    var skew: Animated<Double>
    var skewAxis: Animated<Double>
    /// Rotations about x and y, in degrees (3D layers' `rx`, `ry`).
    var rotationX: Animated<Double>
    var rotationY: Animated<Double>
    /// A 3D layer's orientation (`or`), which is not drawn.
    var hasOrientation = false

    /// Whether the layer turns about x or y at some keyframe.
    var hasThreeDimensionalRotation: Bool {
        rotationX.keyframes.contains { $0.value != 0 } || rotationY.keyframes.contains { $0.value != 0 }
    }

    /// A shape group's transform item's `nm` (`Transform`), which keypaths name.
    var name = ""

    /// The identity: no anchor, position, rotation or skew, scale 100 %, opacity 100.
    init() {
        anchor = Animated([0, 0])
        position = .combined(Animated([0, 0]))
        scale = Animated([100, 100])
        rotation = Animated(0)
        opacity = Animated(100)
        skew = Animated(0)
        skewAxis = Animated(0)
        rotationX = Animated(0)
        rotationY = Animated(0)
    }

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
