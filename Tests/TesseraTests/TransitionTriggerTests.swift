import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Transitions run as actions: a presented layer whose sublayers change looks up the
/// `sublayers` action (``kCATransition`` for replaceSublayer), and the layers it inserts and
/// removes look up ``kCAOnOrderIn`` and ``kCAOnOrderOut``; NSNull and disabled actions run none.
@Suite struct TransitionTriggerTests {
    @Test func settingSublayersRunsTheSublayersAction() throws {
        let scene = try TransitionScene()
        scene.root.actions = ["sublayers": TransitionScene.transition(.push, .fromRight)]
        scene.root.sublayers = [scene.new]
        // Added under kCATransition, whatever the event.
        #expect(scene.root.animationKeys() == [kCATransition])
        #expect(scene.line(try scene.render(at: 0.25)) == scene.expected(.push, .fromRight, progress: 0.25))
    }

    @Test func replacingASublayerRunsTheTransitionAction() throws {
        let scene = try TransitionScene()
        let delegate = ActionDelegate()
        delegate.answer = TransitionScene.transition(.reveal, .fromTop)
        scene.root.delegate = delegate
        scene.root.replaceSublayer(scene.old, with: scene.new)
        #expect(delegate.asked.map(\.key) == [kCATransition])
        #expect(scene.root.animation(forKey: kCATransition) is CATransition)
        let vertical = try TransitionScene(axis: .vertical)
        vertical.root.actions = [kCATransition: TransitionScene.transition(.reveal, .fromTop)]
        vertical.root.replaceSublayer(vertical.old, with: vertical.new)
        #expect(vertical.line(try vertical.render(at: 0.5)) == vertical.expected(.reveal, .fromTop, progress: 0.5))
    }

    @Test func addingAndRemovingRunTheSublayersAction() throws {
        let scene = try TransitionScene()
        let action = RecordingAction()
        scene.root.actions = ["sublayers": action]
        scene.root.addSublayer(scene.new)
        scene.new.removeFromSuperlayer()
        scene.root.insertSublayer(scene.new, below: scene.old)
        #expect(action.runs.map(\.key) == ["sublayers", "sublayers", "sublayers"])
        #expect(action.runs.allSatisfy { $0.layer === scene.root && !$0.hadArguments })
    }

    /// NSNull from the delegate ends the search: no transition, though `actions` has one.
    @Test func nsNullRunsNothing() throws {
        let scene = try TransitionScene()
        let delegate = ActionDelegate()
        delegate.answer = NSNull()
        scene.root.delegate = delegate
        scene.root.actions = [kCATransition: TransitionScene.transition(.push)]
        scene.root.replaceSublayer(scene.old, with: scene.new)
        #expect(scene.root.animationKeys() == nil)
        #expect(scene.line(try scene.render(at: 0.25)) == scene.expected(.push, nil, progress: 1))
    }

    /// No actions for a layer never presented, nor inside a transaction that disables them.
    @Test func unpresentedLayersAndDisabledActionsRunNone() throws {
        let unpresented = try TransitionScene(presented: false)
        unpresented.root.actions = [kCATransition: TransitionScene.transition(.push)]
        unpresented.root.replaceSublayer(unpresented.old, with: unpresented.new)
        #expect(unpresented.root.animationKeys() == nil)

        let scene = try TransitionScene()
        scene.root.actions = [kCATransition: TransitionScene.transition(.push)]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        CATransaction.commit()
        #expect(scene.root.animationKeys() == nil)
    }

    /// The inserted layer runs kCAOnOrderIn, the removed one kCAOnOrderOut, each on itself,
    /// after the change.
    @Test func insertedAndRemovedLayersRunOrderInAndOut() throws {
        let scene = try TransitionScene()
        let orderIn = RecordingAction(), orderOut = RecordingAction()
        scene.new.actions = [kCAOnOrderIn: orderIn]
        scene.old.actions = [kCAOnOrderOut: orderOut]
        scene.root.replaceSublayer(scene.old, with: scene.new)
        #expect(orderIn.runs.count == 1 && orderIn.runs[0].key == kCAOnOrderIn && orderIn.runs[0].layer === scene.new)
        #expect(orderOut.runs.count == 1 && orderOut.runs[0].key == kCAOnOrderOut && orderOut.runs[0].layer === scene.old)
        #expect(scene.new.superlayer === scene.root && scene.old.superlayer == nil)
        // Moving a sublayer within its superlayer inserts nothing.
        let extra = CALayer()
        scene.root.addSublayer(extra)
        scene.root.insertSublayer(scene.new, above: extra)
        #expect(orderIn.runs.count == 1)
    }

    /// kCAOnOrderIn as a fade-in: a basic animation of the inserted layer's opacity.
    @Test func orderInCanFadeALayerIn() throws {
        let scene = try TransitionScene()
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0
        fadeIn.toValue = 1
        fadeIn.duration = 1
        scene.new.actions = [kCAOnOrderIn: fadeIn]
        scene.root.addSublayer(scene.new)
        #expect(scene.new.animationKeys() == [kCAOnOrderIn])
        let opacity = scene.root.presentation(at: 0.25).sublayers[1].properties.opacity
        #expect(abs(Double(opacity) - 0.25) < 1e-6)
    }
}
