/// Replaces quadratic and cubic Béziers by lines no farther than a tolerance from the curve.
///
/// The segment count comes from Wang's formula: a Bézier of degree d split into n equal parameter
/// steps stays within `tol` of its chords when n ≥ √(d(d−1)/8 · M / tol), where M is the largest
/// second difference of its control points. It is computed per curve, so a tiny curve gets one
/// line and a large one as many as it needs, up to ``maximumSegments``.
///
/// The lines' inner vertices are not on the curve but half a chord's sag beyond it, on its convex
/// side (``vertex(quadratic:_:_:at:step:)``): chords through points on the curve all lie on its
/// concave side, so a flattened circle is smaller than the circle (by up to the tolerance, two
/// thirds of it on average), and its anti-aliased edge sits visibly inward next to CoreGraphics'
/// (lottie-ios's snapshots, 0.2 px on a circle's rim at tolerance 0.25). Moved out by half the
/// sag, the lines cross the curve, within about half the tolerance on either side of it, for the
/// same number of lines.
enum CurveFlattener {
    /// The most lines one curve becomes. Reached only by curves thousands of pixels long
    /// (a cubic with a second difference of about 5·10⁶ px at tolerance 0.25); past it the error
    /// grows beyond the tolerance instead of the work growing without bound.
    static let maximumSegments = 4096

    static func segmentCount(quadratic p0: Point, _ p1: Point, _ p2: Point, tolerance: Double) -> Int {
        let dx = p0.x - 2 * p1.x + p2.x, dy = p0.y - 2 * p1.y + p2.y
        return count(forSecondDifference: (dx * dx + dy * dy).squareRoot(), factor: 0.25, tolerance: tolerance)
    }

    static func segmentCount(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> Int {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let m = max(ax * ax + ay * ay, bx * bx + by * by).squareRoot()
        return count(forSecondDifference: m, factor: 0.75, tolerance: tolerance)
    }

    private static func count(forSecondDifference m: Double, factor: Double, tolerance: Double) -> Int {
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        // Compare before converting: n may be huge (or, for non-finite input, NaN).
        guard n >= 1 else { return 1 }
        return n < Double(maximumSegments) ? Int(n) : maximumSegments
    }

    /// The inner vertex at parameter t of a quadratic Bézier cut into steps of `h` in t: the point
    /// on the curve less h²/16 times the second derivative (2·(p0 − 2p1 + p2)). The chord of a
    /// step h lies h²/8 · P″ from the curve at its middle (P(t ± h/2) averaged, to second order),
    /// towards the concave side; moving both ends half that the other way centers the chord on
    /// the curve.
    @inline(__always)
    static func vertex(quadratic p0: Point, _ p1: Point, _ p2: Point, at t: Double, step h: Double) -> Point {
        let p = point(quadratic: p0, p1, p2, at: t)
        let k = h * h / 8
        return Point(x: p.x - k * (p0.x - 2 * p1.x + p2.x), y: p.y - k * (p0.y - 2 * p1.y + p2.y))
    }

    /// The inner vertex at parameter t of a cubic Bézier cut into steps of `h` in t: the point
    /// on the curve less h²/16 times the second derivative there
    /// (6·((1 − t)(p0 − 2p1 + p2) + t(p1 − 2p2 + p3))), as for quadratics.
    @inline(__always)
    static func vertex(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double, step h: Double) -> Point {
        let p = point(cubic: p0, p1, p2, p3, at: t)
        let u = 1 - t, k = 3 * h * h / 8
        let ddx = u * (p0.x - 2 * p1.x + p2.x) + t * (p1.x - 2 * p2.x + p3.x)
        let ddy = u * (p0.y - 2 * p1.y + p2.y) + t * (p1.y - 2 * p2.y + p3.y)
        return Point(x: p.x - k * ddx, y: p.y - k * ddy)
    }

    /// The point at parameter t of a quadratic Bézier.
    @inline(__always)
    static func point(quadratic p0: Point, _ p1: Point, _ p2: Point, at t: Double) -> Point {
        let u = 1 - t
        let a = u * u, b = 2 * u * t, c = t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
    }

    /// The point at parameter t of a cubic Bézier.
    @inline(__always)
    static func point(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
