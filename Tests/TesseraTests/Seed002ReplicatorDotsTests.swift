import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Seed 002's message-balloon dots, as the article's code reads with Tessera: a replicator of 3
/// dots 0.1 s apart, an "up" group of springs on position.y, opacity and transform.scale, and the
/// delegate switching to the "down" group (and back) in `animationDidStop`.
@Suite struct Seed002ReplicatorDotsTests {
    /// The article's `Dots` view, its layer a replicator.
    final class Dots: CAAnimationDelegate {
        let frame: CGRect
        let replicator = CAReplicatorLayer()
        var caLayer = CALayer()
        var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
        /// The names of the groups that stopped, in order, as the delegate heard them.
        var stopped: [String] = []

        init(frame: CGRect) { self.frame = frame }

        func layoutSubviews() {
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(dotSize() * 1.6, 0.0, 0.0)
            replicator.instanceDelay = 0.1
            caLayer = CALayer()
            caLayer.bounds = CGRect(x: 0.0, y: 0.0, width: dotSize(), height: dotSize())
            caLayer.position = CGPoint(x: center.x - (dotSize() * 1.6), y: center.y + (dotSize() * 0.2))
            caLayer.cornerRadius = dotSize() / 2
            replicator.addSublayer(caLayer)
        }

        func dotSize() -> CGFloat { frame.size.height / 10 }

        func createAnimation(keyPath: String, fromValue: CGFloat, toValue: CGFloat, duration: CFTimeInterval) -> CASpringAnimation {
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.fromValue = fromValue
            animation.toValue = toValue
            animation.duration = duration
            animation.isRemovedOnCompletion = false
            animation.fillMode = kCAFillModeForwards
            return animation
        }

        func animationGroup(duration: CFTimeInterval, name: String, animations: [CASpringAnimation]) -> CAAnimationGroup {
            let animationGroup = CAAnimationGroup()
            animationGroup.animations = animations
            animationGroup.duration = duration
            animationGroup.setValue(name, forKey: "animation")
            animationGroup.delegate = self
            animationGroup.isRemovedOnCompletion = false
            animationGroup.fillMode = kCAFillModeForwards
            return animationGroup
        }

        func animationStart() {
            let move = createAnimation(keyPath: "position.y", fromValue: caLayer.position.y, toValue: caLayer.position.y - dotSize(), duration: 0.5)
            let alpha = createAnimation(keyPath: "opacity", fromValue: 1.0, toValue: 0.0, duration: 0.5)
            let scale = createAnimation(keyPath: "transform.scale", fromValue: 1.0, toValue: 1.3, duration: 0.5)
            caLayer.add(animationGroup(duration: 0.5, name: "up", animations: [move, alpha, scale]), forKey: nil)
        }

        func animationEnd() {
            let move = createAnimation(keyPath: "position.y", fromValue: caLayer.position.y + 5, toValue: caLayer.position.y, duration: 0.2)
            let alpha = createAnimation(keyPath: "opacity", fromValue: 0.0, toValue: 1.0, duration: 0.5)
            let scale = createAnimation(keyPath: "transform.scale", fromValue: 0.5, toValue: 1.0, duration: 0.3)
            caLayer.add(animationGroup(duration: 0.7, name: "down", animations: [move, alpha, scale]), forKey: nil)
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            let name = anim.value(forKey: "animation") as! String
            stopped.append(name)
            if name == "up" {
                animationEnd()
            } else if name == "down" {
                animationStart()
            }
        }
    }

    /// The default spring (mass 1, stiffness 100, damping 10, at rest): ω₀ = 10, ζ = 0.5, and
    /// x(t) = 1 − e^(−ζω₀t)·(cos ω_d t + ζω₀/ω_d · sin ω_d t), ω_d = ω₀√(1 − ζ²).
    static func spring(_ t: Double) -> Double {
        let omegaD = 10 * (0.75).squareRoot()
        return 1 - exp(-5 * t) * (cos(omegaD * t) + 5 / omegaD * sin(omegaD * t))
    }

    /// The dot of replicator instance `index` at time t: (y, opacity, scale).
    static func dot(_ dots: Dots, instance index: Int, at t: Double) -> (y: Double, opacity: Double, scale: Double) {
        let shown = dots.replicator.instancePresentation(index, at: t)[0].properties
        return (Double(shown.position.y), Double(shown.opacity), Double(shown.transform.m11))
    }

    static func expectDot(_ dot: (y: Double, opacity: Double, scale: Double),
                          _ expected: (y: Double, opacity: Double, scale: Double), _ label: String) {
        #expect(abs(dot.y - expected.y) < 1e-9, "\(label): y \(dot.y) ≠ \(expected.y)")
        #expect(abs(dot.opacity - expected.opacity) < 1e-6, "\(label): opacity \(dot.opacity) ≠ \(expected.opacity)")
        #expect(abs(dot.scale - expected.scale) < 1e-9, "\(label): scale \(dot.scale) ≠ \(expected.scale)")
    }

    @Test func upDownCycleOfTheDots() {
        let dots = Dots(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let (root, clock) = tree(with: dots.replicator)
        dots.layoutSubviews()
        dots.animationStart()
        // dotSize 5: the dot rests at y = 25 + 1 and goes up by 5.
        let rest = 26.0
        let spring = Self.spring
        let up = { (t: Double) in (y: rest - 5 * spring(t), opacity: 1 - spring(t), scale: 1 + 0.3 * spring(t)) }
        let down = { (t: Double) in
            (y: rest + 5 - 5 * spring(min(t, 0.2)), opacity: spring(min(t, 0.5)), scale: 0.5 + 0.5 * spring(min(t, 0.3)))
        }
        withExtendedLifetime(root) {
            Self.expectDot(Self.dot(dots, instance: 0, at: 0.25), up(0.25), "instance 0 going up")
            // Instance k shows the same animation k × 0.1 s later.
            Self.expectDot(Self.dot(dots, instance: 1, at: 0.35), up(0.25), "instance 1 going up")
            Self.expectDot(Self.dot(dots, instance: 2, at: 0.45), up(0.25), "instance 2 going up")

            clock.advance(to: 0.5)
            #expect(dots.stopped == ["up"])
            // "down" began at 0.5 and wins over the "up" group it was added after; instance 2
            // still sees "up" 0.2 s behind, before "down" begins.
            Self.expectDot(Self.dot(dots, instance: 0, at: 0.6), down(0.1), "instance 0 coming down")
            Self.expectDot(Self.dot(dots, instance: 2, at: 0.55), up(0.35), "instance 2 still going up")
            // The move (0.2 s) and the scale (0.3 s) end inside the 0.7 s group and hold their end.
            Self.expectDot(Self.dot(dots, instance: 0, at: 0.85), down(0.35), "instance 0 moved, still fading in")

            clock.advance(to: 1.0)
            #expect(dots.stopped == ["up"])
            clock.advance(to: 1.2)
            #expect(dots.stopped == ["up", "down"])
            Self.expectDot(Self.dot(dots, instance: 0, at: 1.3), up(0.1), "instance 0 going up again")
            #expect(dots.caLayer.animationKeys() == nil, "groups added without a key")
            #expect(dots.caLayer.diagnostics.isEmpty)
        }
    }
}
