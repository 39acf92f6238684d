import Foundation
@testable import Tessera
@testable import TesseraCore

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
