import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// `CATextLayer.string` changes the model as one known property (see
/// `CALayer.changeModel(of:unless:_:)`): its action is asked for once, before the change, and runs
/// after it; with no action the model still changes; the string it already shows runs none.
@Suite struct TextLayerStringActionTests {
    /// A text layer showing `string`, presented (its clock returned, to keep it), whose delegate
    /// answers an action that records its runs.
    private func presentedTextLayer(_ string: String) -> (CATextLayer, AnimationClock, StringActionDelegate, StringRecordingAction) {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        layer.string = string
        let clock = shownLayer(layer)
        let delegate = StringActionDelegate(), action = StringRecordingAction()
        delegate.answer = action
        layer.delegate = delegate
        return (layer, clock, delegate, action)
    }

    @Test func theDelegatesActionIsAskedOnceBeforeTheChangeAndRunsAfterIt() {
        let (layer, clock, delegate, action) = presentedTextLayer("before")
        _ = clock
        layer.string = "after"
        #expect(delegate.asked.map(\.key) == ["string"])
        #expect(delegate.asked.map(\.string) == ["before"], "asked while the model still holds the old value")
        #expect(action.runs.map(\.key) == ["string"])
        #expect(action.runs.map(\.string) == ["after"], "run after the change")
    }

    @Test func withNoActionTheModelAndWhatIsDrawnChange() {
        let (layer, clock, delegate, _) = presentedTextLayer("before")
        _ = clock
        delegate.answer = nil
        let version = layer.propertiesVersion
        layer.string = "after"
        #expect(layer.properties.string == "after" && layer.string as? String == "after")
        #expect(layer.propertiesVersion != version, "the evaluation sees a change")
        #expect(layer.presentation(at: 1).properties.string == "after")
        #expect(layer.animationKeys() == nil, "a string is not animatable: no implicit animation")
    }

    @Test func theStringItAlreadyHasRunsNoAction() {
        let (layer, clock, delegate, action) = presentedTextLayer("same")
        _ = clock
        layer.string = "same"
        #expect(delegate.asked.isEmpty && action.runs.isEmpty)
        layer.string = NSAttributedString(string: "same", attributes: [NSAttributedString.Key("NSFont"): "DejaVu Sans"])
        #expect(action.runs.map(\.key) == ["string"], "the same characters in another font are a change")
        #expect(layer.properties.textAttributes?.fontName == "DejaVu Sans")
    }

    @Test func withNothingToSearchTheModelChangesWithNoAction() {
        let layer = CATextLayer()
        layer.string = "before"
        let clock = shownLayer(layer)
        _ = clock
        let version = layer.propertiesVersion
        layer.string = "after"
        #expect(layer.properties.string == "after" && layer.propertiesVersion != version)
        #expect(layer.presentation(at: 1).properties.string == "after")
        #expect(layer.animationKeys() == nil)
    }

    @Test func theActionsAndTheStylesActionsRun() {
        for viaStyle in [false, true] {
            let layer = CATextLayer()
            layer.string = "before"
            let clock = shownLayer(layer)
            _ = clock
            let action = StringRecordingAction()
            if viaStyle { layer.style = ["actions": ["string": action]] } else { layer.actions = ["string": action] }
            layer.string = "after"
            #expect(action.runs.map(\.key) == ["string"], "via style: \(viaStyle)")
            #expect(action.runs.map(\.string) == ["after"])
        }
    }

    @Test func aSubclassThatOverridesTheSearchIsAsked() {
        let layer = StringActionTextLayer()
        layer.string = "before"
        let clock = shownLayer(layer)
        _ = clock
        layer.string = "after"
        #expect(layer.asked == ["string"])
        #expect(layer.answer.runs.map(\.string) == ["after"])
    }

    @Test func aTransactionThatDisablesActionsAsksForNone() {
        let (layer, clock, delegate, _) = presentedTextLayer("before")
        _ = clock
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.string = "after"
        CATransaction.commit()
        #expect(delegate.asked.isEmpty && layer.properties.string == "after")
    }
}

/// Answers `answer` for every key, recording the keys asked with the layer's model string then.
private final class StringActionDelegate: NSObject, CALayerDelegate {
    var answer: CAAction?
    var asked: [(key: String, string: String?)] = []

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append((event, layer.properties.string))
        return answer
    }
}

/// Records its runs with the layer's model string when it ran.
private final class StringRecordingAction: NSObject, CAAction {
    var runs: [(key: String, string: String?)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, (anObject as? CALayer)?.properties.string))
    }
}

/// A text layer of the caller's own class, answering its own action for every key.
private final class StringActionTextLayer: CATextLayer {
    let answer = StringRecordingAction()
    var asked: [String] = []

    override func action(forKey event: String) -> CAAction? {
        asked.append(event)
        return answer
    }
}
