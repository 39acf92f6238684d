/// The cubic Bézier timing curve from (0, 0) through (x1, y1) and (x2, y2) to (1, 1), evaluated
/// as `CAMediaTimingFunction` does: y where x is the given fraction. x1 and x2 are clamped to
/// [0, 1] (the curve is then a function of x), as Lottie players do.
struct CubicEasing: Sendable {
    let x1: Double, y1: Double, x2: Double, y2: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// How close x(t) comes to the x asked for: y is then within this tolerance times the
    /// curve's slope dy/dx there.
    static let tolerance = 1e-10

    /// The Bézier coordinate with control values `p1` and `p2` at parameter `t`, as the
    /// polynomial ((a t + b) t + c) t.
    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// y at `x` in [0, 1] (outside: the ends).
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(parameter(at: x), y1, y2)
    }

    /// The t in [0, 1] where x(t) = x (x(t) rises monotonically with x1 and x2 in [0, 1]), as
    /// WebKit's and Chromium's UnitBezier solve it: Newton's method from t = x, which converges
    /// in a few steps where the slope is not near zero, then bisection (each step halves the
    /// interval that holds the answer) when Newton has not reached the tolerance.
    private func parameter(at x: Double) -> Double {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.tolerance { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if !(0...1).contains(t) { break }
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let current = ((ax * t + bx) * t + cx) * t
            if abs(current - x) < Self.tolerance { break }
            if current < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
