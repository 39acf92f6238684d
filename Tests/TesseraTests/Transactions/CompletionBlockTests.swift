import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Completion blocks, against Apple's rule: "The completion block object that is guaranteed to
/// be called … as soon as all animations subsequently added by this transaction group have
/// completed (or have been removed.) If no animations are added before the current transaction
/// group is committed (or the completion block is set to a different value,) the block will be
/// invoked immediately." Completion is seen by the explicit clock, when it passes the end.
@Suite struct CompletionBlockTests {
    @Test func withoutAnimationsTheBlockIsCalledAtCommit() {
        let layer = CALayer()
        let clock = shownLayer(layer)
        var calls = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        CATransaction.setDisableActions(true)
        layer.opacity = 0
        #expect(calls == 0)
        CATransaction.commit()
        #expect(calls == 1)
        clock.advance(to: 10)
        #expect(calls == 1)
    }

    @Test func theBlockIsCalledOnceWhenTheClockPassesTheEndOfItsAnimations() {
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        var log: [String] = []
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = 1.0
        spin.duration = 0.8
        let delegate = DelegateLog()
        spin.delegate = delegate

        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setCompletionBlock { log.append("completion at \(clock.time) after \(delegate.events)") }
        layer.opacity = 0                        // implicit: ends at 1.5
        layer.add(spin, forKey: "spin")          // explicit: ends at 1.8
        CATransaction.commit()
        #expect(log.isEmpty)
        clock.advance(to: 1.6)
        #expect(log.isEmpty, "the opacity animation is over, the spin is not")
        clock.advance(to: 1.8)
        #expect(log == ["completion at 1.8 after [\"start\", \"stop true\"]"], "after the animations' delegates")
        clock.advance(to: 3)
        #expect(log.count == 1)
    }

    @Test func nestedTransactionsEachWaitForTheirOwnAndTheOuterForTheInnersToo() {
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        layer.opacity = 0                        // 0.25 s: ends at 1.25

        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("empty") }
        CATransaction.commit()
        #expect(log == ["empty"], "no animation: called at its commit")

        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { log.append("inner") }
        layer.position = CGPoint(x: 9, y: 9)     // 1 s: ends at 2
        CATransaction.commit()
        CATransaction.commit()

        clock.advance(to: 1.5)
        #expect(log == ["empty"], "the outer one waits for the inner one's animation too")
        clock.advance(to: 2)
        #expect(log == ["empty", "inner", "outer"])
    }

    @Test func replacingTheBlockCallsTheOldOneWhenItsAnimationsAreDone() {
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("first") }
        CATransaction.setCompletionBlock { log.append("second") }
        #expect(log == ["first"], "no animation added under it: called at once")
        layer.opacity = 0
        CATransaction.setCompletionBlock { log.append("third") }
        #expect(log == ["first"], "the second waits for the opacity animation")
        CATransaction.commit()
        #expect(log == ["first", "third"])
        clock.advance(to: 1.25)
        #expect(log == ["first", "third", "second"])
    }

    @Test func removedOrReplacedAnimationsCountAsDone() {
        let layer = CALayer()
        _ = shownLayer(layer)
        var calls = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        layer.opacity = 0
        CATransaction.commit()
        layer.removeAnimation(forKey: "opacity")
        #expect(calls == 1)

        var replaced = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { replaced += 1 }
        layer.position = CGPoint(x: 1, y: 2)
        CATransaction.commit()
        layer.position = CGPoint(x: 3, y: 4)     // a new implicit animation under "position"
        #expect(replaced == 1)
        #expect(layer.animationKeys() == ["position"])
    }

    @Test func anAnimationThatNeverEndsKeepsTheBlockWaiting() {
        let layer = CALayer()
        let clock = shownLayer(layer)
        var calls = 0
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.toValue = 0.5
        pulse.repeatCount = .infinity
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        layer.add(pulse, forKey: "pulse")
        CATransaction.commit()
        clock.advance(to: 1000)
        #expect(calls == 0)
        layer.removeAllAnimations()
        #expect(calls == 1)
    }

    @Test func theImplicitTransactionsBlockWaitsForItsCommitAndItsAnimations() {
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        var calls = 0
        CATransaction.setCompletionBlock { calls += 1 }   // the implicit transaction's
        layer.opacity = 0                                 // ends at 1.25
        clock.advance(to: 1.1)                            // commits it
        #expect(calls == 0)
        clock.advance(to: 1.25)
        #expect(calls == 1)

        // With no animation, called when it commits, which waits for the explicit transactions
        // open then: "Delays the commit until any nested explicit transactions have completed."
        var flushed = 0
        CATransaction.setCompletionBlock { flushed += 1 }
        CATransaction.begin()
        CATransaction.flush()
        #expect(flushed == 0)
        CATransaction.commit()
        #expect(flushed == 1)
    }

    @Test func changesInACompletionBlockBelongToTheNextTransaction() throws {
        // As in "iOS Core Animation: Advanced Techniques": the block runs after its transaction
        // is over, so its changes animate with the default 0.25 s, not the 1 s set there.
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { layer.position = CGPoint(x: 100, y: 0) }
        layer.opacity = 0
        CATransaction.commit()
        clock.advance(to: 2)
        let move = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.duration == 0.25)
        let shown = shown(layer, at: 2.125).position.x
        #expect(abs(shown - mix(0, 100, defaultTiming(0.5))) < 1e-9, "begun at the clock's time, 2")
    }
}
