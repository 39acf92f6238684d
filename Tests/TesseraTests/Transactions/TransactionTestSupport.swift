import Foundation
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// `layer` as the root of a tree with a clock, presented once (so that its property changes
/// run actions, as a layer Core Animation has committed), the clock then at `time`. (The clock
/// holds its root weakly: the caller's `layer` keeps the tree.)
func shownLayer(_ layer: CALayer, clockAt time: Double = 1) -> AnimationClock {
    let clock = AnimationClock(time: 0)
    clock.attach(layer)
    _ = layer.presentation(at: 0)
    clock.advance(to: time)
    return clock
}

/// The properties `layer` (a root) shows at time `t`.
func shown(_ layer: CALayer, at t: Double) -> LayerProperties {
    layer.presentation(at: t).properties
}

/// Core Animation's `default` timing function at x: Apple documents it as "a Bézier timing
/// function with the control points (0.25,0.1) and (0.25,1.0)", taken as `Float`s (Apple's type).
func defaultTiming(_ x: Double) -> Double {
    bezierY(x, Double(Float(0.25)), Double(Float(0.1)), Double(Float(0.25)), 1)
}

/// `a + (b − a) × fraction`.
func mix(_ a: Double, _ b: Double, _ fraction: Double) -> Double { a + (b - a) * fraction }

/// An action that records its runs: the key, the layer, and the layer's opacity when it ran.
final class RecordingAction: NSObject, CAAction {
    var runs: [(key: String, layer: CALayer?, opacity: Float?, hadArguments: Bool)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        let layer = anObject as? CALayer
        runs.append((event, layer, layer?.opacity, dict != nil))
    }
}

/// A layer delegate that answers `answer` for every key and records the keys asked, with the
/// layer's model opacity at the time.
final class ActionDelegate: NSObject, CALayerDelegate {
    var answer: CAAction?
    var asked: [(key: String, opacity: Float)] = []

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append((event, layer.opacity))
        return answer
    }
}
