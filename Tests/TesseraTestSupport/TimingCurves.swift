import Foundation

/// y of the timing curve with control points (c1x, c1y), (c2x, c2y) at x, by bisection on the
/// Bézier's x (independent of the engine's solver).
package func bezierY(_ x: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
    func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if coordinate(mid, c1x, c2x) < x { low = mid } else { high = mid }
    }
    return coordinate((low + high) / 2, c1y, c2y)
}

/// easeInEaseOut's y at x, with its control points as `Float`s (Apple's type: 0.42 is
/// 0.41999998…).
package func easeInEaseOut(_ x: Double) -> Double { bezierY(x, Double(Float(0.42)), 0, Double(Float(0.58)), 1) }
