import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// Implicit animations of layers that are not a view's backing layer, against Apple's rules:
/// changing an animatable property runs its action, by default a `CABasicAnimation` from the
/// value shown before the change, over the transaction's duration (0.25 s) and timing function
/// (`default` when none is set), added under the property's name. Expected values come from
/// those rules (the curve's control points through the tests' own Bézier solver), not from
/// Tessera's evaluator.
@Suite struct ImplicitAnimationTests {
    @Test func opacityAnimatesFromTheShownValueOverAQuarterSecondOnTheDefaultCurve() throws {
        let layer = CALayer()
        _ = shownLayer(layer, clockAt: 1)
        layer.opacity = 0.2
        #expect(layer.opacity == 0.2, "the model changes at once")

        let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(animation.keyPath == "opacity")
        #expect(animation.duration == 0.25)
        #expect((animation.fromValue as? NSNumber)?.doubleValue == 1)
        #expect(animation.toValue == nil, "to the model value")
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))

        // Begins at the clock's time of the change (1); at 1 + 0.25 x, the curve's y(x) of the way.
        let from = 1.0, to = Double(Float(0.2))
        for x in [0, 0.1, 0.5, 0.8] {
            let shown = Double(shown(layer, at: 1 + 0.25 * x).opacity)
            #expect(abs(shown - mix(from, to, defaultTiming(x))) < 1e-6, "at x = \(x)")
        }
        #expect(shown(layer, at: 1.3).opacity == 0.2, "over: the model")
    }

    @Test func positionMidWayWithTheTransactionsDurationAndTimingFunction() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        _ = shownLayer(layer, clockAt: 2)

        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.position = CGPoint(x: 110, y: 40)
        CATransaction.commit()

        // easeIn: control points (0.42, 0) and (1, 1).
        for x in [0.3, 0.5, 0.9] {
            let y = bezierY(x, Double(Float(0.42)), 0, 1, 1)
            let shown = shown(layer, at: 2 + x).position
            #expect(abs(shown.x - mix(10, 110, y)) < 1e-9 && abs(shown.y - mix(20, 40, y)) < 1e-9, "at x = \(x)")
        }
        #expect(layer.animation(forKey: "position")?.duration == 1)
        #expect(CATransaction.animationDuration() == 0.25, "the transaction's duration ended with it")
        #expect(CATransaction.animationTimingFunction() == nil)
    }

    @Test func aSecondChangeMidAnimationStartsFromThePresentationValue() throws {
        let layer = CALayer()
        let clock = shownLayer(layer, clockAt: 1)
        func linearChange(_ change: () -> Void) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            change()
            CATransaction.commit()
        }
        linearChange { layer.opacity = 0 }          // 1 → 0 from t = 1
        clock.advance(to: 1.5)                      // shown: 0.5
        linearChange { layer.opacity = 1 }          // from 0.5 → 1 from t = 1.5

        let second = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(abs(((second.fromValue as? NSNumber)?.doubleValue ?? -1) - 0.5) < 1e-9)
        #expect(layer.animationKeys() == ["opacity"], "the first is replaced")
        for (t, expected) in [(1.5, 0.5), (2.0, 0.75), (2.25, 0.875)] {
            #expect(abs(Double(shown(layer, at: t).opacity) - expected) < 1e-6, "at \(t)")
        }
    }

    @Test func everyAnimatablePropertyOfTheLayersClassAnimatesAndNoOtherDoes() {
        let shape = CAShapeLayer()
        _ = shownLayer(shape)
        shape.strokeEnd = 0.5
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.transform = CATransform3DMakeRotation(1, 0, 0, 1)
        #expect(shape.animationKeys() == ["strokeEnd", "fillColor", "transform"], "in the order of the changes")

        // Not animatable in Core Animation: the property changes, nothing animates.
        let layer = CALayer()
        _ = shownLayer(layer)
        layer.isGeometryFlipped = true
        layer.contentsGravity = .center
        layer.cornerCurve = .continuous
        layer.maskedCorners = [.layerMinXMinYCorner]
        layer.contentsScale = 2
        #expect(layer.animationKeys() == nil)
        #expect(layer.isGeometryFlipped && layer.contentsScale == 2)
        #expect(layer.action(forKey: "geometryFlipped") == nil)
        #expect(layer.action(forKey: "strokeEnd") == nil, "a shape layer's property, not a plain layer's")
        #expect(shape.action(forKey: "strokeEnd") is CABasicAnimation)

        // `scale`, a row two classes share: an emitter's and a backdrop's, not a plain layer's.
        let emitter = CAEmitterLayer()
        _ = shownLayer(emitter)
        emitter.scale = 2
        #expect(emitter.animationKeys() == ["scale"])
        #expect(layer.action(forKey: "scale") == nil && CABackdropLayer().action(forKey: "scale") is CABasicAnimation)
    }

    @Test func frameAnimatesPositionAndBoundsAndKeyPathsTheirProperty() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        _ = shownLayer(layer)
        layer.frame = CGRect(x: 20, y: 0, width: 40, height: 10)
        #expect(layer.animationKeys() == ["bounds", "position"])

        let other = CALayer()
        _ = shownLayer(other)
        other.setValue(5.0, forKeyPath: "position.x")
        #expect(other.animationKeys() == ["position"])
        #expect(other.position.x == 5)
    }

    @Test func layersNeverPresentedDoNotAnimate() {
        // Built and configured in code, with a clock, but not shown yet: as in Core Animation,
        // where changes to layers not yet committed are not animated.
        let layer = CALayer()
        let (root, clock) = tree(with: layer)
        clock.advance(to: 1)
        layer.opacity = 0.5
        layer.position = CGPoint(x: 3, y: 4)
        #expect(layer.animationKeys() == nil)

        // Shown once: from then on its changes animate. A layer added later is not shown until
        // the tree is presented again.
        _ = root.presentation(at: clock.time)
        let newcomer = CALayer()
        root.addSublayer(newcomer)
        newcomer.opacity = 0.5
        #expect(newcomer.animationKeys() == nil)
        layer.opacity = 0.25
        #expect(layer.animationKeys() == ["opacity"])
        _ = root.presentation(at: clock.time)
        newcomer.opacity = 0.25
        #expect(newcomer.animationKeys() == ["opacity"])
    }

    @Test func renderingPresentsTheTree() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let (root, clock) = tree(with: layer)
        LayerRenderer(threadCount: 1).render(root, at: clock.time, into: try Pixmap(width: 4, height: 4))
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test func assigningTheSameValueRunsNoAction() {
        let layer = CALayer()
        _ = shownLayer(layer)
        layer.opacity = 1
        layer.position = .zero
        #expect(layer.animationKeys() == nil)
    }
}
