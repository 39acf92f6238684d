import Foundation

/// `sr`: a star (`sy` 1) or a regular polygon (`sy` 2) about `p`, its first point straight up
/// from the center turned by `r` degrees; `pt` points (stars have as many inner ones between),
/// outer and inner radii `or`, `ir`, and roundness `os`, `is` (percent: handles along the
/// circle of that share of the point's arc).
struct Polystar: Sendable {
    var isStar: Bool
    var points: Animated<Double>
    var position: Animated<[Double]>
    var rotation: Animated<Double>
    var outerRadius: Animated<Double>
    var outerRoundness: Animated<Double>
    var innerRadius: Animated<Double>
    var innerRoundness: Animated<Double>
    var reversed: Bool

    /// The most points drawn (a file asking for millions would hang the flattening).
    static let maximumPoints = 1000.0

    init(_ node: JSONNode) throws(LottieError) {
        isStar = try node.number("sy", default: 1) != 2
        points = try .number(node.member("pt"), default: 5)
        position = try .vector(node.member("p"), default: [0, 0])
        rotation = try .number(node.member("r"), default: 0)
        outerRadius = try .number(node.member("or"), default: 0)
        outerRoundness = try .number(node.member("os"), default: 0)
        innerRadius = try .number(node.member("ir"), default: 0)
        innerRoundness = try .number(node.member("is"), default: 0)
        reversed = try node.number("d", default: 1) == 3
    }

    var timings: [KeyframeTiming] {
        [
            points.timing, position.timing, rotation.timing, outerRadius.timing, outerRoundness.timing, innerRadius.timing,
            innerRoundness.timing,
        ]
    }

    func shape(atKeyframe k: Int) -> BezierShape {
        shape(
            points: points.value(atKeyframe: k), center: position.value(atKeyframe: k), rotation: rotation.value(atKeyframe: k),
            outer: (outerRadius.value(atKeyframe: k), outerRoundness.value(atKeyframe: k)),
            inner: (innerRadius.value(atKeyframe: k), innerRoundness.value(atKeyframe: k)))
    }

    func shape(at frame: Double) -> BezierShape {
        shape(
            points: points.value(at: frame), center: position.value(at: frame), rotation: rotation.value(at: frame),
            outer: (outerRadius.value(at: frame), outerRoundness.value(at: frame)),
            inner: (innerRadius.value(at: frame), innerRoundness.value(at: frame)))
    }

    private func shape(
        points: Double, center: [Double], rotation: Double, outer: (Double, Double),
        inner: (Double, Double)
    ) -> BezierShape {
        let count = Int(min(max(points, 0), Self.maximumPoints).rounded(.down)) * (isStar ? 2 : 1)
        guard count > 0 else { return BezierShape(vertices: [], isClosed: true) }
        let direction = reversed ? -1.0 : 1.0
        let step = 2 * Double.pi / Double(count) * direction
        var angle = -Double.pi / 2 + rotation * .pi / 180
        var vertices: [BezierShape.Vertex] = []
        for i in 0..<count {
            let (radius, roundness) = i % 2 == 1 && isStar ? inner : outer
            // A point's share of the perimeter: half a point's arc for stars, a quarter for polygons.
            let arc = 2 * Double.pi * radius / Double(count * (isStar ? 2 : 4))
            let offset = SIMD2(radius * cos(angle), radius * sin(angle))
            // The tangent of the circle through the point, clockwise.
            let tangent = radius == 0 ? SIMD2<Double>(0, 0) : SIMD2(-offset.y, offset.x) / radius
            let handle = tangent * (arc * roundness / 100 * direction)
            vertices.append(BezierShape.Vertex(point: SIMD2(center[0], center[1]) + offset, inHandle: -handle, outHandle: handle))
            angle += step
        }
        return BezierShape(vertices: vertices, isClosed: true)
    }
}
