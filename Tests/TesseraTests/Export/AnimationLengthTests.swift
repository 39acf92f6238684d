import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

/// The default length of a render: one cycle of the longest animation, in the root's parent time,
/// through every delay and layer timing, capped at 60 s.
@Suite struct AnimationLengthTests {
    static func animation(_ keyPath: String = "opacity", begin: Double = 1e-6, duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.beginTime = begin
        animation.duration = duration
        return animation
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func noAnimationsIsZero() {
        let root = CALayer()
        root.addSublayer(CALayer())
        #expect(AnimationLength(of: root).duration == 0)
        #expect(!AnimationLength(of: root).isCapped)
    }

    @Test func longestEndWins() {
        let root = CALayer(), a = CALayer(), b = CALayer()
        root.addSublayer(a)
        a.addSublayer(b)
        a.add(Self.animation(begin: 0.5, duration: 1), forKey: "a")   // ends at 1.5
        b.add(Self.animation(begin: 0.2, duration: 2), forKey: "b")   // ends at 2.2
        #expect(Self.close(AnimationLength(of: root).duration, 2.2))
    }

    @Test func infiniteRepeatCountsOnceAndAutoreverseCountsTheReturn() {
        let root = CALayer()
        let pulse = Self.animation(duration: 0.5)
        pulse.repeatCount = .infinity
        pulse.autoreverses = true
        root.add(pulse, forKey: "pulse")
        #expect(Self.close(AnimationLength(of: root).duration, 1e-6 + 1.0))
        let ants = CALayer()
        let march = Self.animation(duration: 0.75)
        march.repeatCount = .greatestFiniteMagnitude
        ants.add(march, forKey: "march")
        #expect(Self.close(AnimationLength(of: ants).duration, 1e-6 + 0.75))
    }

    @Test func finiteRepeatsCountInFullWithinTheCap() {
        let root = CALayer()
        let blink = Self.animation(duration: 1)
        blink.repeatCount = 3
        root.add(blink, forKey: "blink")
        #expect(Self.close(AnimationLength(of: root).duration, 1e-6 + 3))
        let layer = CALayer()
        let spin = Self.animation(duration: 2)
        spin.repeatDuration = 5
        layer.add(spin, forKey: "spin")
        #expect(Self.close(AnimationLength(of: layer).duration, 1e-6 + 5))
    }

    /// The real archive that asked for 24 million frames: an 80 s animation repeated 9,999 times
    /// counts once, and 80 s is capped at 60 with the uncapped length kept for the warning.
    @Test func hugeRepeatCountsOnceThenTheCapApplies() {
        let root = CALayer()
        let long = Self.animation(duration: 80)
        long.repeatCount = 9_999
        root.add(long, forKey: "long")
        let length = AnimationLength(of: root)
        #expect(Self.close(length.natural, 1e-6 + 80))
        #expect(length.duration == 60 && length.isCapped)
        let short = CALayer()
        short.add(Self.animation(duration: 3), forKey: "short")
        let repeated = Self.animation(duration: 2)
        repeated.repeatCount = 100   // 200 s: past the cap, so once
        short.add(repeated, forKey: "repeated")
        #expect(Self.close(AnimationLength(of: short).duration, 1e-6 + 3))
        #expect(AnimationLength(of: root, cap: 120).duration == 1e-6 + 80)
    }

    /// A group is as long as its own timing: its children are clipped to it.
    @Test func nestedGroupsCountTheirOwnTiming() {
        let root = CALayer()
        let inner = CAAnimationGroup()
        inner.animations = [Self.animation(duration: 10)]
        inner.duration = 2
        inner.beginTime = 1
        let outer = CAAnimationGroup()
        outer.animations = [inner]
        outer.duration = 4
        outer.beginTime = 0.5
        outer.autoreverses = true
        root.add(outer, forKey: "group")
        #expect(Self.close(AnimationLength(of: root).duration, 0.5 + 8))
    }

    /// Layer timing maps the animation's times to the root's: speed 2 halves them, beginTime
    /// delays them, timeOffset advances them; a frozen layer (speed 0) adds nothing.
    @Test func layerSpeedBeginTimeAndTimeOffset() {
        let root = CALayer(), fast = CALayer()
        root.addSublayer(fast)
        fast.speed = 2
        fast.add(Self.animation(begin: 1, duration: 4), forKey: "a")   // local 1…5 → root 0.5…2.5
        #expect(Self.close(AnimationLength(of: root).duration, 2.5))
        fast.beginTime = 3                                              // root 3.5…5.5
        #expect(Self.close(AnimationLength(of: root).duration, 5.5))
        fast.timeOffset = 1                                             // local = (t − 3) × 2 + 1: root 3…5
        #expect(Self.close(AnimationLength(of: root).duration, 5))
        fast.speed = 0
        #expect(AnimationLength(of: root).duration == 0)
        // The root's own timing counts too.
        let slow = CALayer()
        slow.speed = 0.5
        slow.add(Self.animation(duration: 1), forKey: "a")
        #expect(Self.close(AnimationLength(of: slow).duration, 2 * (1e-6 + 1)))
    }

    /// A replicator's last instance runs (count − 1) × instanceDelay later.
    @Test func replicatorInstanceDelay() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.2
        let dot = CALayer()
        dot.add(Self.animation(duration: 1), forKey: "a")
        replicator.addSublayer(dot)
        #expect(Self.close(AnimationLength(of: replicator).duration, 1e-6 + 1.4))
    }

    @Test func negativeAndNonFiniteCapsAreTheDefault() {
        #expect(AnimationLength(of: CALayer(), cap: -1).cap == AnimationLength.defaultCap)
        #expect(AnimationLength(of: CALayer(), cap: .nan).cap == AnimationLength.defaultCap)
    }

    @Test func checkmarkArchiveLength() throws {
        let archive = try SceneDocument(archiveData: Data(ArchiveTests.fixtureBytes("Checkmark")))
        // The later stroke begins at 0.16349709375 s and lasts 0.43142578125 s.
        let length = AnimationLength(of: archive.rootLayer)
        #expect(Self.close(length.duration, 0.16349709375 + 0.43142578125) && !length.isCapped)
    }
}
