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

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    /// y at `x` in [0, 1] (outside: the ends).
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x(t) is monotonic: bisection, 40 halvings reach double precision's useful range.
        var low = 0.0, high = 1.0, t = x
        for _ in 0..<40 {
            let current = Self.bezier(t, x1, x2)
            if abs(current - x) < 1e-10 { break }
            if current < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return Self.bezier(t, y1, y2)
    }
}
