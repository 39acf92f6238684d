import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// `action(forKey:)`'s search, in Apple's documented order: the delegate's
/// `action(for:forKey:)`, the `actions` dictionary, the `style` dictionary's actions, the class's
/// `defaultAction(forKey:)`, then Core Animation's implicit animation; `NSNull` at any step means
/// no action. The action found runs with `run(forKey:object:arguments:)` after the change.
@Suite struct ActionSearchTests {
    @Test func nullInActionsTurnsOffOneProperty() {
        let layer = CALayer()
        _ = shownLayer(layer)
        layer.actions = ["opacity": NSNull()]
        layer.opacity = 0
        layer.position = CGPoint(x: 4, y: 4)
        #expect(layer.animationKeys() == ["position"])
        #expect(layer.action(forKey: "opacity") == nil)
    }

    @Test func theDelegateComesFirstNullStopsNilGoesOn() {
        let layer = CALayer()
        _ = shownLayer(layer)
        let delegate = ActionDelegate()
        let fromActions = RecordingAction()
        layer.delegate = delegate
        layer.actions = ["opacity": fromActions, "position": fromActions]

        delegate.answer = NSNull()               // stops the search: no action at all
        layer.opacity = 0.5
        #expect(fromActions.runs.isEmpty && layer.animationKeys() == nil)
        #expect(delegate.asked.map(\.key) == ["opacity"])
        #expect(delegate.asked[0].opacity == 1, "asked while the model still holds the old value")

        delegate.answer = nil                    // goes on to `actions`
        layer.position = CGPoint(x: 2, y: 2)
        #expect(fromActions.runs.map(\.key) == ["position"])

        let fromDelegate = RecordingAction()
        delegate.answer = fromDelegate           // found: `actions` is not searched
        layer.opacity = 0.25
        #expect(fromDelegate.runs.map(\.key) == ["opacity"])
        #expect(fromDelegate.runs[0].layer === layer && !fromDelegate.runs[0].hadArguments)
        #expect(fromDelegate.runs[0].opacity == 0.25, "run after the change")
        #expect(fromActions.runs.count == 1)
    }

    @Test func theStyleDictionarysActionsAreSearchedAfterActionsThroughNestedStyles() {
        let layer = CALayer()
        _ = shownLayer(layer)
        let styled = RecordingAction(), nested = RecordingAction(), own = RecordingAction()
        layer.style = ["actions": ["opacity": NSNull(), "zPosition": styled],
                       "style": ["actions": ["position": nested, "zPosition": NSNull()]]]
        layer.opacity = 0.5
        layer.zPosition = 2
        layer.position = CGPoint(x: 1, y: 0)
        #expect(layer.animationKeys() == nil)
        #expect(styled.runs.map(\.key) == ["zPosition"], "the shallowest style wins")
        #expect(nested.runs.map(\.key) == ["position"])

        layer.actions = ["zPosition": own]
        layer.zPosition = 3
        #expect(own.runs.count == 1 && styled.runs.count == 1, "`actions` before `style`")
    }

    /// A layer class with actions of its own, as `defaultAction(forKey:)`'s documentation invites.
    final class SlowFadeLayer: CALayer {
        override class func defaultAction(forKey event: String) -> CAAction? {
            guard event == "opacity" else { return super.defaultAction(forKey: event) }
            let fade = CABasicAnimation()
            fade.duration = 2
            return fade
        }
    }

    @Test func aSubclassesDefaultActionReplacesTheImplicitAnimation() throws {
        let layer = SlowFadeLayer()
        _ = shownLayer(layer, clockAt: 1)
        layer.opacity = 0
        let fade = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(fade.duration == 2 && fade.keyPath == nil)
        // No key path and no values: as Apple documents for a basic animation whose values are
        // all nil, from the value shown before the change (1) to the new one (0), here linear
        // (no timing function).
        #expect(abs(Double(shown(layer, at: 1.5).opacity) - 0.75) < 1e-6)
        layer.position = CGPoint(x: 1, y: 1)
        #expect(layer.animation(forKey: "position")?.duration == 0.25, "other keys: the implicit animation")

        let sooner = CABasicAnimation(keyPath: "opacity")
        sooner.duration = 0.5
        layer.actions = ["opacity": sooner]
        layer.opacity = 1
        #expect(layer.animation(forKey: "opacity")?.duration == 0.5, "`actions` before the class's")
    }

    @Test func anAnimationInActionsWithoutValuesAnimatesFromTheShownValue() throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 0, y: 10)
        _ = shownLayer(layer, clockAt: 1)
        let slide = CABasicAnimation()
        slide.duration = 1
        layer.actions = ["position": slide]
        layer.position = CGPoint(x: 100, y: 10)
        #expect(layer.animation(forKey: "position") === slide)
        #expect(abs(shown(layer, at: 1.4).position.x - 40) < 1e-9)
        #expect(layer.diagnostics.isEmpty)
    }

    /// A layer that builds its own action from `presentation()`, the idiom of Apple's sample
    /// code for custom actions: the action is asked for before the model changes.
    final class BouncyLayer: CALayer {
        var modelValuesSeen: [Float] = []

        override func action(forKey event: String) -> CAAction? {
            guard event == "opacity" else { return super.action(forKey: event) }
            modelValuesSeen.append(opacity)
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.value(forKey: event)
            animation.duration = 1
            return animation
        }
    }

    @Test func anOverriddenActionForKeySeesTheValueBeforeTheChange() throws {
        let layer = BouncyLayer()
        _ = shownLayer(layer, clockAt: 1)
        layer.opacity = 0.5
        #expect(layer.modelValuesSeen == [1])
        let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect((animation.fromValue as? NSNumber)?.doubleValue == 1)
        #expect(abs(Double(shown(layer, at: 1.5).opacity) - 0.75) < 1e-6)
    }

    @Test func nonAnimatablePropertiesRunTheirActionsToo() {
        // "The value of one of the layer’s properties changed. This can be any of the layer’s
        // properties and not just the animatable ones."
        let layer = CALayer()
        _ = shownLayer(layer)
        let flip = RecordingAction()
        layer.actions = ["geometryFlipped": flip]
        layer.isGeometryFlipped = true
        #expect(flip.runs.map(\.key) == ["geometryFlipped"])
        #expect(layer.animationKeys() == nil)
    }

    @Test func actionForKeyReturnsTheImplicitAnimationFromTheShownValue() throws {
        let layer = CALayer()
        layer.opacity = 0.3
        _ = shownLayer(layer)
        let action = try #require(layer.action(forKey: "opacity") as? CABasicAnimation)
        #expect(abs(((action.fromValue as? NSNumber)?.doubleValue ?? 0) - Double(Float(0.3))) < 1e-12)
        #expect(action.duration == 0.25 && action.keyPath == "opacity")
        #expect(layer.action(forKey: "noSuchProperty") == nil)
    }
}
