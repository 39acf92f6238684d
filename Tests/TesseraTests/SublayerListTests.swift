import Foundation
import Testing

@testable import TesseraCore

/// Setting `sublayers` as a whole keeps the tree a tree, as `insertSublayer` does: the layer
/// itself or one of its ancestors is refused (it would make a cycle), a layer listed twice is
/// placed once, and only the layers actually inserted run ``kCAOnOrderIn``.
@Suite struct SublayerListTests {
    @Test func anAncestorOrTheLayerItselfIsRefused() {
        let root = CALayer(), middle = CALayer(), leaf = CALayer(), other = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        leaf.sublayers = [root, other, middle, leaf]
        #expect(leaf.sublayers?.count == 1 && leaf.sublayers?.first === other)
        #expect(root.superlayer == nil && middle.superlayer === root && leaf.superlayer === middle)
        middle.insertSublayer(root, at: 0)
        #expect(middle.sublayers?.count == 1 && root.superlayer == nil)
    }

    @Test func aLayerListedTwiceIsPlacedOnceWhereItIsLastListed() {
        let parent = CALayer(), a = CALayer(), b = CALayer()
        parent.sublayers = [a, b, a]
        #expect(parent.sublayers?.count == 2)
        #expect(parent.sublayers?[0] === b && parent.sublayers?[1] === a)
        #expect(a.superlayer === parent && b.superlayer === parent)
    }

    @Test func sublayersNotListedAgainAreRemoved() {
        let parent = CALayer(), kept = CALayer(), dropped = CALayer()
        parent.sublayers = [kept, dropped]
        parent.sublayers = [kept]
        #expect(parent.sublayers?.count == 1 && dropped.superlayer == nil && kept.superlayer === parent)
        parent.sublayers = nil
        #expect(parent.sublayers == nil && kept.superlayer == nil)
    }

    /// A refused ancestor and a repeated layer run no order-in action (or one only).
    @Test func onlyInsertedLayersRunOrderIn() throws {
        let scene = try TransitionScene()
        let ancestorOrderIn = RecordingAction(), newOrderIn = RecordingAction()
        scene.root.actions = [kCAOnOrderIn: ancestorOrderIn]
        scene.new.actions = [kCAOnOrderIn: newOrderIn]
        scene.old.sublayers = [scene.root, scene.new, scene.new]
        #expect(ancestorOrderIn.runs.isEmpty)
        #expect(newOrderIn.runs.count == 1 && newOrderIn.runs[0].layer === scene.new)
        #expect(scene.old.sublayers?.count == 1 && scene.new.superlayer === scene.old)
    }
}
