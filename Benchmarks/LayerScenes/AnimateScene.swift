import Foundation
import Tessera

/// `animate-2000`: evaluating the Core Animation model alone, no pixels. Issue 4 asks that the
/// presentation of 2,000 layers with 3 running animations each take well under 1 ms on one core.
///
/// The tree (fixed, so figures stay comparable):
/// - a root `CALayer` of 1920 × 1080 with 20 column layers (96 × 1080, at x = 96·c), each holding
///   100 leaf layers 20 × 10 at (48, 10.8·r + 5): 2,000 leaves, 2,021 layers in all;
/// - even leaves are `CAShapeLayer`s with a rounded-rect path (20 × 10, radius 3), odd leaves
///   plain `CALayer`s with a background color;
/// - every leaf runs 3 animations, repeating forever, staggered by `timeOffset` = leaf index ×
///   0.001 s: `position` to (+40, +20), 2 s, easeInEaseOut, autoreversing;
///   `transform.rotation.z` by 2π, 3 s, linear; and `fillColor` red → blue, 1.5 s,
///   autoreversing (shape leaves) or `opacity` keyframes 1 → 0.4 → 1 at 0, 0.3, 1 over 1 s (plain
///   leaves).
///
/// One frame advances the clock by 1/60 s (which checks every animation for its delegate's
/// start and stop) and evaluates the whole presentation tree into a ``LayerSnapshot``.
public final class AnimateScene {
    public static let name = "animate-2000"
    public static let summary = "evaluate 2,000 layers x 3 running animations (presentation tree, no pixels)"

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    /// The last frame's presentation tree.
    public private(set) var snapshot: LayerSnapshot?

    public init() {
        clock.attach(root)
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.position = CGPoint(x: 960, y: 540)
        let leafPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 3, cornerHeight: 3, transform: nil)
        for column in 0..<20 {
            let container = CALayer()
            container.bounds = CGRect(x: 0, y: 0, width: 96, height: 1080)
            container.position = CGPoint(x: 96 * Double(column) + 48, y: 540)
            root.addSublayer(container)
            for row in 0..<100 {
                let index = column * 100 + row
                let leaf: CALayer
                if index % 2 == 0 {
                    let shape = CAShapeLayer()
                    shape.path = leafPath
                    shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    leaf = shape
                } else {
                    leaf = CALayer()
                    leaf.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
                }
                leaf.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
                leaf.position = CGPoint(x: 48, y: 10.8 * Double(row) + 5)
                container.addSublayer(leaf)
                for animation in Self.animations(for: leaf, index: index) {
                    leaf.add(animation, forKey: (animation as? CAPropertyAnimation)?.keyPath)
                }
            }
        }
    }

    private static func animations(for leaf: CALayer, index: Int) -> [CAAnimation] {
        let move = CABasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: leaf.position.x + 40, y: leaf.position.y + 20)
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        move.autoreverses = true

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * Double.pi
        spin.duration = 3

        let third: CAAnimation
        if leaf is CAShapeLayer {
            let fill = CABasicAnimation(keyPath: "fillColor")
            fill.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            fill.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            fill.duration = 1.5
            fill.autoreverses = true
            third = fill
        } else {
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1.0, 0.4, 1.0]
            fade.keyTimes = [0, 0.3, 1]
            fade.duration = 1
            third = fade
        }
        let all = [move, spin, third]
        for animation in all {
            animation.repeatCount = .infinity
            animation.beginTime = 1e-6   // the start of the timeline (0 would mean "now")
            animation.timeOffset = Double(index) * 0.001
        }
        return all
    }

    /// One frame: the clock 1/60 s on, the presentation tree evaluated.
    public func frame() {
        clock.advance(by: 1.0 / 60)
        snapshot = root.presentation(at: clock.time)
    }
}
