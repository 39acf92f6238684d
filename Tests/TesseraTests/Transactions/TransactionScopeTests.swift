import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// `CATransaction`'s values and nesting, against Apple's documentation: "Nested transactions
/// have nested data scope. Requesting a value for a key first searches the innermost scope, then
/// the enclosing transactions"; "setting a key always sets it in the innermost scope"; implicit
/// transactions "are committed automatically when the thread’s runloop next iterates" (here:
/// when the thread advances a clock, or flushes).
@Suite struct TransactionScopeTests {
    @Test func defaultsOutsideAnyTransaction() {
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.completionBlock() == nil)
        #expect(CATransaction.value(forKey: "anything") == nil)
        CATransaction.commit()   // nothing to commit: nothing happens (QuartzCore raises)
    }

    @Test func disableActionsTurnsImplicitAnimationsOff() {
        let layer = CALayer()
        let clock = shownLayer(layer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        layer.opacity = 0
        layer.position = CGPoint(x: 5, y: 5)
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        #expect(shown(layer, at: clock.time).opacity == 0, "shown at once")

        // The same through the key, with a Bool.
        CATransaction.begin()
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)

        // Actions on again once the transaction is over.
        layer.opacity = 0.5
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test func theImplicitTransactionLastsUntilTheClockAdvances() {
        let layer = CALayer()
        let clock = shownLayer(layer)
        CATransaction.setDisableActions(true)     // no transaction open: the implicit one
        layer.opacity = 0.5
        #expect(layer.animationKeys() == nil)
        #expect(CATransaction.disableActions(), "still the same implicit transaction")

        clock.advance(by: 1.0 / 60)               // commits it, as a run loop's turn would
        #expect(!CATransaction.disableActions())
        layer.opacity = 0.25
        #expect(layer.animationKeys() == ["opacity"])

        CATransaction.setAnimationDuration(3)
        CATransaction.flush()                     // the same, without a clock
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test func nestedTransactionsScopeTheirValuesAndRestoreTheOuterOnes() throws {
        let layer = CALayer()
        _ = shownLayer(layer)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("outer", forKey: "custom")

        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2, "searched in the enclosing transaction")
        #expect(CATransaction.value(forKey: "custom") as? String == "outer")
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setValue("inner", forKey: "custom")
        layer.position = CGPoint(x: 1, y: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.zPosition = 3
        CATransaction.commit()
        #expect(!CATransaction.disableActions(), "the innermost one's value ended with it")
        #expect(CATransaction.value(forKey: "custom") as? String == "inner")
        CATransaction.commit()

        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.value(forKey: "custom") as? String == "outer")
        layer.opacity = 0
        CATransaction.commit()

        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.value(forKey: "custom") == nil)
        #expect(layer.animation(forKey: "position")?.duration == 0.5)
        #expect(layer.animation(forKey: "zPosition") == nil)
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
    }

    @Test func valuesAreStoredAsSet() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        #expect((CATransaction.value(forKey: kCATransactionAnimationDuration) as? NSNumber)?.doubleValue == 1.5)
        let linear = CAMediaTimingFunction(name: .linear)
        CATransaction.setAnimationTimingFunction(linear)
        #expect(CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction === linear)
        CATransaction.setValue(NSNumber(value: 0.75), forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 0.75)
        CATransaction.commit()
    }

    /// What another thread saw, written before it signals and read after the wait.
    private final class OtherThread: @unchecked Sendable {
        var duration = 0.0
        var disabled = false
        let done = DispatchSemaphore(value: 0)
    }

    @Test func transactionsBelongToTheirThread() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        let other = OtherThread()
        let thread = Thread {
            // Its own transactions: none open, so the defaults.
            other.duration = CATransaction.animationDuration()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            other.disabled = CATransaction.disableActions()
            CATransaction.commit()
            other.done.signal()
        }
        thread.start()
        other.done.wait()
        #expect(other.duration == 0.25 && other.disabled)
        #expect(CATransaction.animationDuration() == 4 && !CATransaction.disableActions())
        CATransaction.commit()
    }

    /// "A recursive spin-lock": one thread takes it twice and releases it twice; while it holds
    /// it, another thread waits for it, and gets it once it is released.
    @Test func theLockIsRecursiveAndExcludesOtherThreads() {
        final class Order: @unchecked Sendable {
            var events: [String] = []
            let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        }
        let order = Order()
        CATransaction.lock()
        CATransaction.lock()
        let thread = Thread {
            order.started.signal()
            CATransaction.lock()
            order.events.append("other")
            CATransaction.unlock()
            order.done.signal()
        }
        thread.start()
        order.started.wait()
        order.events.append("holder")
        CATransaction.unlock()
        order.events.append("still held")
        CATransaction.unlock()
        order.done.wait()
        CATransaction.lock()
        #expect(order.events == ["holder", "still held", "other"])
        CATransaction.unlock()
    }
}
