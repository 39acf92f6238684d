import Testing
@testable import TesseraLottie

/// The easing curve's y at x, solved by Newton's method with a bisection fallback, against the
/// curve solved by bisection alone, in the Bernstein form, to the last bit of t.
@Suite struct CubicEasingTests {
    /// y at x by halving [0, 1] until t stops changing: the reference.
    static func reference(_ e: CubicEasing, at x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        while true {
            let t = (low + high) / 2
            if t == low || t == high { return bezier(t, e.y1, e.y2) }
            if bezier(t, e.x1, e.x2) < x { low = t } else { high = t }
        }
    }

    /// Handles from a fixed random sequence (steep ends with x1 or x2 at 0 or 1 included, y
    /// outside [0, 1] for overshoot), 200 fractions each: y is the curve's y at an x within
    /// ``CubicEasing/tolerance`` of the one asked for (between the reference's values at
    /// x ± tolerance), and exact at the ends.
    @Test func newtonAgreesWithBisection() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let tolerance = CubicEasing.tolerance
        for k in 0..<300 {
            let ends: [Double] = [0, 1]
            let x1 = k % 5 == 0 ? ends[k % 2] : next(), x2 = k % 7 == 0 ? ends[(k / 7) % 2] : next()
            let easing = CubicEasing(x1, next() * 3 - 1, x2, next() * 3 - 1)
            for i in 0..<200 {
                let x = i == 0 ? 1e-9 : i == 199 ? 1 - 1e-9 : next()
                let below = Self.reference(easing, at: x - tolerance), above = Self.reference(easing, at: x + tolerance)
                let y = easing.value(at: x)
                #expect(y >= min(below, above) - 1e-12 && y <= max(below, above) + 1e-12,
                        "handles (\(easing.x1), \(easing.y1)), (\(easing.x2), \(easing.y2)) at \(x): \(y), not in \(below)...\(above)")
            }
            #expect(easing.value(at: 0) == 0 && easing.value(at: 1) == 1 && easing.value(at: -1) == 0 && easing.value(at: 2) == 1)
        }
    }

    /// The straight line: y = x.
    @Test func linearHandlesGiveTheFraction() {
        let linear = CubicEasing(0, 0, 1, 1)
        for x in stride(from: 0.0, through: 1, by: 0.0625) { #expect(abs(linear.value(at: x) - x) < 1e-9) }
    }
}
