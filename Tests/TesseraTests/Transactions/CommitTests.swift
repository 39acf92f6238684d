import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// What committing a transaction does to the layers it changed, after Apple's rules: changes to
/// a layer made before it is first committed are not animated; once a transaction that changed
/// it has committed (``CATransaction/commit()`` of the outermost explicit transaction, or
/// ``CATransaction/flush()`` of the implicit one), its next change of an animatable property
/// runs the property's action, whether or not the layer was ever rendered.
@Suite struct CommitTests {
    @Test func aStandaloneLayerCommittedOnceAnimatesItsNextChange() throws {
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.begin()
        layer.opacity = 0.8
        layer.opacity = 0.6                      // created in this transaction: not animated
        #expect(layer.animationKeys() == nil)
        CATransaction.commit()

        layer.opacity = 0.2
        let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(animation.duration == 0.25)
        #expect((animation.fromValue as? NSNumber)?.floatValue == 0.6, "from the value shown before the change")
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))
        CATransaction.flush()
    }

    @Test func flushCommitsTheImplicitTransaction() {
        CATransaction.flush()
        let layer = CALayer()
        layer.position = CGPoint(x: 5, y: 5)
        layer.position = CGPoint(x: 6, y: 6)
        #expect(layer.animationKeys() == nil)
        CATransaction.flush()
        layer.position = CGPoint(x: 50, y: 5)
        #expect(layer.animationKeys() == ["position"])
        CATransaction.flush()
    }

    @Test func aNestedCommitWaitsForTheOutermost() {
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.begin()
        layer.opacity = 0.5
        CATransaction.commit()
        layer.opacity = 0.4                      // the outer transaction has not committed
        #expect(layer.animationKeys() == nil)
        CATransaction.commit()
        layer.opacity = 0.3
        #expect(layer.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    @Test func theWholeTreeOfAChangedLayerIsCommitted() {
        CATransaction.flush()
        let root = CALayer(), child = CALayer(), mask = CALayer()
        root.addSublayer(child)
        child.mask = mask
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)   // only the root changed
        CATransaction.flush()
        child.opacity = 0.5
        mask.opacity = 0.5
        #expect(child.animationKeys() == ["opacity"])
        #expect(mask.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    /// A mask set to one of its layer's ancestors: the commit meets each layer once and ends.
    @Test func aTreeWhoseMaskIsAnAncestorCommits() {
        CATransaction.flush()
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        child.mask = root
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        child.opacity = 0.5
        #expect(child.animationKeys() == ["opacity"])
        #expect(!root.treeContains { $0.isAwaitingCommit })
        CATransaction.flush()
    }

    @Test func theDelegatesActionRunsFirstForACommittedLayer() {
        CATransaction.flush()
        let layer = CALayer()
        let delegate = ActionDelegate()
        layer.delegate = delegate
        layer.opacity = 0.9
        #expect(delegate.asked.isEmpty, "not committed: no action is looked up")
        CATransaction.flush()
        delegate.answer = NSNull()
        layer.opacity = 0.1
        #expect(delegate.asked.map(\.key) == ["opacity"])
        #expect(layer.animationKeys() == nil, "NSNull: no action")
        CATransaction.flush()
    }

    @Test func theCompletionBlockRunsAfterTheImplicitAnimationOfANeverRenderedLayer() {
        CATransaction.flush()
        let layer = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(layer)
        layer.opacity = 0.9
        clock.advance(to: 1)                     // flushes: commits the layer
        var completedAt: Double?
        CATransaction.begin()
        CATransaction.setCompletionBlock { completedAt = clock.time }
        layer.opacity = 0
        CATransaction.commit()
        #expect(layer.animationKeys() == ["opacity"])
        clock.advance(to: 1.2)
        #expect(completedAt == nil)
        clock.advance(to: 1.3)
        #expect(completedAt == 1.3, "after the 0.25 s animation")
    }

    @Test func aLayerFreedBeforeTheCommitIsLeftOut() {
        CATransaction.flush()
        weak var freed: CALayer?
        do {
            let layer = CALayer()
            layer.opacity = 0.5
            freed = layer
        }
        #expect(freed == nil)
        CATransaction.flush()
    }

    /// A layer freed before the commit leaves the others of its transaction to commit, before
    /// and after it in the order they changed.
    @Test func theLayersLeftCommitWhenOneIsFreed() {
        CATransaction.flush()
        let first = CALayer(), last = CALayer()
        first.opacity = 0.5
        do {
            let freed = CALayer()
            freed.opacity = 0.5
        }
        last.opacity = 0.5
        CATransaction.flush()
        first.opacity = 0.2
        last.opacity = 0.2
        #expect(first.animationKeys() == ["opacity"] && last.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    /// No run loop commits a thread's implicit transaction here, as one does at the end of every
    /// turn on Apple's platforms: a thread that makes layers and never flushes (a file loaded on a
    /// worker thread, again and again) waits to commit only the layers still alive, at most twice
    /// as many entries, where it kept one for every layer it ever changed. The live ones still
    /// commit.
    @Test func aThreadThatNeverFlushesKeepsOnlyTheLayersAlive() throws {
        CATransaction.flush()
        let kept = (0..<300).map { _ in CALayer() }
        for layer in kept { layer.opacity = 0.5 }
        for _ in 0..<5_000 { CALayer().opacity = 0.5 }
        let waiting = try #require(ThreadTransactions.current?.innermost.changedLayers.count)
        #expect(waiting >= kept.count && waiting <= 2 * (kept.count + 1))
        CATransaction.flush()
        #expect(kept.allSatisfy { $0.hasBeenPresented })
    }
}
