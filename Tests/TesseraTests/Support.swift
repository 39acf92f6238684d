import Foundation
@testable import Tessera
@testable import TesseraCore

/// y of the timing curve with control points (c1x, c1y), (c2x, c2y) at x, by bisection on the
/// Bézier's x (independent of the engine's solver).
func bezierY(_ x: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
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
func easeInEaseOut(_ x: Double) -> Double { bezierY(x, Double(Float(0.42)), 0, Double(Float(0.58)), 1) }

/// A root layer with a clock at time 0, and `layer` added to it.
func tree(with layer: CALayer) -> (root: CALayer, clock: AnimationClock) {
    let root = CALayer()
    let clock = AnimationClock(time: 0)
    clock.attach(root)
    root.addSublayer(layer)
    return (root, clock)
}

/// The presented properties of `layer` (a sublayer of `root`) at time t.
func presented(_ layer: CALayer, in root: CALayer, at t: Double) -> LayerProperties {
    let index = root.sublayers!.firstIndex { $0 === layer }!
    return root.presentation(at: t).sublayers[index].properties
}

/// A delegate that records what it hears: "start", "stop true", "stop false".
final class DelegateLog: NSObject, CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}
