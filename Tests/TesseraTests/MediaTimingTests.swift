import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// The CAMediaTiming model, corner by corner, on an opacity animation from 0 to 1 (linear) so
/// that the presented opacity is the animation's progress.
@Suite struct MediaTimingTests {
    /// Adds a linear opacity animation 0 → 1 to a fresh layer (model opacity 0.25, so that "not
    /// applied" is visible) and returns a function giving the presented opacity at a time.
    static func opacity(_ configure: (CABasicAnimation) -> Void, layer configureLayer: (CALayer) -> Void = { _ in })
        -> (Double) -> Double {
        let layer = CALayer()
        layer.opacity = 0.25
        let (root, _) = tree(with: layer)
        configureLayer(layer)
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 1
        configure(animation)
        layer.add(animation, forKey: "fade")
        return { t in Double(presented(layer, in: root, at: t).opacity) }
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func fillModes() {
        let begin: (CABasicAnimation) -> Void = { $0.beginTime = 1 }
        let removed = Self.opacity(begin)
        #expect(Self.close(removed(0.5), 0.25) && Self.close(removed(1.5), 0.5) && Self.close(removed(2.5), 0.25))
        let backwards = Self.opacity { begin($0); $0.fillMode = .backwards }
        #expect(Self.close(backwards(0.5), 0) && Self.close(backwards(2.5), 0.25))
        // Forwards needs isRemovedOnCompletion = false to last, as in Core Animation.
        let forwardsRemoved = Self.opacity { begin($0); $0.fillMode = .forwards }
        #expect(Self.close(forwardsRemoved(2.5), 0.25))
        let forwards = Self.opacity { begin($0); $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(Self.close(forwards(0.5), 0.25) && Self.close(forwards(2.5), 1))
        let both = Self.opacity { begin($0); $0.fillMode = .both; $0.isRemovedOnCompletion = false }
        #expect(Self.close(both(0.5), 0) && Self.close(both(9), 1))
        // The end is inclusive: exactly at its end the animation shows its final value.
        #expect(Self.close(removed(2), 1))
    }

    @Test func fractionalRepeatsAndRepeatDuration() {
        let repeats = Self.opacity { $0.repeatCount = 2.5; $0.isRemovedOnCompletion = false; $0.fillMode = .forwards }
        #expect(Self.close(repeats(1.25), 0.25) && Self.close(repeats(2.25), 0.25))
        #expect(Self.close(repeats(2.5), 0.5))       // ends halfway through its third iteration
        #expect(Self.close(repeats(4), 0.5))
        let byDuration = Self.opacity { $0.repeatDuration = 1.75 }
        #expect(Self.close(byDuration(1.5), 0.5) && Self.close(byDuration(1.75), 0.75) && Self.close(byDuration(1.8), 0.25))
        let forever = Self.opacity { $0.repeatCount = .infinity }
        #expect(Self.close(forever(1_000_000.25), 0.25))
    }

    @Test func autoreverseTurnsAtTheEndOfEachPass() {
        let reversing = Self.opacity { $0.autoreverses = true; $0.repeatCount = 2 }
        #expect(Self.close(reversing(0.5), 0.5) && Self.close(reversing(1), 1) && Self.close(reversing(1.25), 0.75))
        #expect(Self.close(reversing(2), 0) && Self.close(reversing(2.5), 0.5) && Self.close(reversing(4), 0))
        #expect(Self.close(reversing(4.5), 0.25))    // over: the model value
    }

    @Test func timeOffsetWrapsInsideTheActivePeriod() {
        let offset = Self.opacity { $0.timeOffset = 0.25 }
        #expect(Self.close(offset(0), 0.25) && Self.close(offset(0.5), 0.75) && Self.close(offset(0.8), 0.05))
        #expect(Self.close(offset(1.1), 0.25))        // the period did not move: over at 1
    }

    @Test func speedScalesAndZeroFreezes() {
        let fast = Self.opacity { $0.speed = 2 }
        #expect(Self.close(fast(0.25), 0.5) && Self.close(fast(0.6), 0.25))
        let frozen = Self.opacity { $0.speed = 0; $0.timeOffset = 0.3 }
        #expect(Self.close(frozen(0), 0.3) && Self.close(frozen(50), 0.3))
        // Scrubbed to exactly its duration, a frozen animation shows its end (the offset wraps
        // only past the end).
        let atEnd = Self.opacity { $0.speed = 0; $0.timeOffset = 1 }
        #expect(Self.close(atEnd(7), 1))
        // A negative speed runs the period backwards from its end.
        let backwards = Self.opacity { $0.speed = -1 }
        #expect(Self.close(backwards(0), 1) && Self.close(backwards(0.25), 0.75) && Self.close(backwards(1.5), 0.25))
    }

    @Test func nestedLayerSpeedsAndOffsets() {
        // The parent runs twice as fast and starts 0.5 s in: the animation at root time t sees
        // (t × 2 + 0.5) − its begin (the parent's time when it was added, 0.5).
        let parent = CALayer()
        let child = CALayer()
        child.opacity = 0.25
        let (root, _) = tree(with: parent)
        parent.addSublayer(child)
        parent.speed = 2
        parent.timeOffset = 0.5
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 1
        child.add(animation, forKey: "fade")
        #expect(child.convertTime(0, from: nil) == 0.5)
        let shown = { (t: Double) in Double(root.presentation(at: t).sublayers[0].sublayers[0].properties.opacity) }
        #expect(Self.close(shown(0.1), 0.2) && Self.close(shown(0.4), 0.8) && Self.close(shown(0.6), 0.25))
        // Layer speed −1 plays the child's time backwards.
        parent.speed = -1
        parent.timeOffset = 1.5
        #expect(Self.close(shown(0.25), 0.75) && Self.close(shown(0.75), 0.25))
    }

    @Test func groupChildrenRunInTheGroupsTimeAndAreClipped() {
        let layer = CALayer()
        let (root, _) = tree(with: layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 4        // clipped by the group's 2 s
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.beginTime = 1      // 1 s into the group; duration 0: the group's (2 s)
        let group = CAAnimationGroup()
        group.animations = [fade, move]
        group.duration = 2
        group.beginTime = 1
        layer.add(group, forKey: "group")
        let at = { presented(layer, in: root, at: $0) }
        #expect(Self.close(Double(at(2).opacity), 0.25) && Self.close(Double(at(2).position.x), 0))
        #expect(Self.close(Double(at(3).opacity), 0.5) && Self.close(Double(at(3).position.x), 50))
        #expect(Self.close(Double(at(3.5).opacity), 1))      // the group is over: model values
    }

    @Test func animationsOnOneKeyPathComposeInOrder() {
        let layer = CALayer()
        let (root, _) = tree(with: layer)
        layer.position = CGPoint(x: 10, y: 0)
        let first = CABasicAnimation(keyPath: "position.x")
        first.toValue = 110
        first.duration = 1
        let second = CABasicAnimation(keyPath: "position.x")
        second.byValue = 5
        second.isAdditive = true
        second.fromValue = 0
        second.toValue = 10
        second.duration = 1
        layer.add(first, forKey: "a")
        layer.add(second, forKey: "b")
        // first: 10 → 110, 60 at 0.5; second adds 0 → 10, 5 at 0.5.
        #expect(Self.close(Double(presented(layer, in: root, at: 0.5).position.x), 65))
        #expect(layer.animationKeys() == ["a", "b"])
    }

    @Test func unknownKeyPathIsReported() {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "wobble")
        animation.toValue = 1
        layer.add(animation, forKey: "w")
        #expect(layer.animationKeys() == nil)
        #expect(layer.diagnostics.contains { $0.contains("wobble") })
        let wrongType = CABasicAnimation(keyPath: "opacity")
        wrongType.toValue = "opaque"
        layer.add(wrongType, forKey: "o")
        #expect(layer.diagnostics.count == 2)
    }

    @Test func delegatesHearStartAndStopOnce() {
        let layer = CALayer()
        let (root, clock) = tree(with: layer)
        defer { withExtendedLifetime(root) {} }    // the clock holds its roots weakly
        let listener = DelegateLog()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.toValue = 0
        animation.duration = 1
        animation.delegate = listener
        layer.add(animation, forKey: "fade")
        clock.advance(to: 0.5)
        clock.advance(to: 0.9)
        #expect(listener.events == ["start"])
        clock.advance(to: 1.5)
        clock.advance(to: 2)
        #expect(listener.events == ["start", "stop true"])
        #expect(layer.animation(forKey: "fade") == nil)

        let early = DelegateLog()
        let other = CABasicAnimation(keyPath: "opacity")
        other.toValue = 0
        other.duration = 10
        other.delegate = early
        layer.add(other, forKey: "long")
        clock.advance(to: 3)
        layer.removeAnimation(forKey: "long")
        #expect(early.events == ["start", "stop false"])
    }

    /// A negative speed plays the period backwards, but it still begins at beginTime and ends
    /// duration / |speed| later: the delegate hears both.
    @Test func delegatesOfABackwardsAnimation() {
        let layer = CALayer()
        let (root, clock) = tree(with: layer)
        defer { withExtendedLifetime(root) {} }
        let listener = DelegateLog()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.toValue = 0
        animation.duration = 1
        animation.speed = -2
        animation.delegate = listener
        layer.add(animation, forKey: "back")
        clock.advance(to: 0.25)
        #expect(listener.events == ["start"])
        clock.advance(to: 0.6)
        #expect(listener.events == ["start", "stop true"])
    }

    @Test func zeroDurationIsAQuarterSecond() {
        let fade = Self.opacity { $0.duration = 0 }
        #expect(Self.close(fade(0.125), 0.5) && Self.close(fade(0.3), 0.25))
    }
}
