import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

/// CAValueFunction: the animation's values are the function's inputs, interpolated as numbers,
/// then turned into the transform (Apple: rotateX/Y/Z "rotates by the input value, in radians",
/// scale and translate take three inputs, the axis forms one).
@Suite struct ValueFunctionTests {
    /// The layer's transform at `t` under `animation` (1 s from time 0, linear), over `model`.
    static func transform(_ animation: CAPropertyAnimation, at t: Double,
                          model: CATransform3D = CATransform3DIdentity) throws -> (CATransform3D, [String]) {
        let root = CALayer()
        AnimationClock(time: 0).attach(root)
        let layer = CALayer()
        layer.transform = model
        root.addSublayer(layer)
        if animation.duration == 0 { animation.duration = 1 }
        animation.beginTime = 1e-9
        layer.add(animation, forKey: "f")
        return (try #require(root.presentation(at: t).sublayers.first).properties.transform, layer.diagnostics)
    }

    static func basic(_ name: CAValueFunctionName, from: Any?, to: Any?) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "transform")
        animation.valueFunction = CAValueFunction(name: name)
        animation.fromValue = from
        animation.toValue = to
        return animation
    }

    /// 0 to 2π turns once: a quarter of the way is a quarter turn (a matrix interpolation of two
    /// identities would not move).
    @Test func rotationsGoAllTheWayRound() throws {
        let spin = Self.basic(.rotateZ, from: 0.0, to: 2 * Double.pi)
        #expect(transformsAgree(try Self.transform(spin, at: 0.25).0, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        #expect(transformsAgree(try Self.transform(spin, at: 0.5).0, CATransform3DMakeRotation(.pi, 0, 0, 1)))
        let tilt = Self.basic(.rotateX, from: 0.0, to: Double.pi)
        #expect(transformsAgree(try Self.transform(tilt, at: 0.5).0, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)))
    }

    @Test func scalesAndTranslationsTakeTheirInputs() throws {
        let grow = Self.basic(.scale, from: [1.0, 1.0, 1.0], to: [3.0, 2.0, 1.0])
        #expect(transformsAgree(try Self.transform(grow, at: 0.5).0, CATransform3DMakeScale(2, 1.5, 1)))
        let slide = Self.basic(.translate, from: [0.0, 0.0, 0.0], to: [10.0, -20.0, 4.0])
        #expect(transformsAgree(try Self.transform(slide, at: 0.25).0, CATransform3DMakeTranslation(2.5, -5, 1)))
        let widen = Self.basic(.scaleY, from: 1.0, to: 5.0)
        #expect(transformsAgree(try Self.transform(widen, at: 0.5).0, CATransform3DMakeScale(1, 3, 1)))
        // A missing end is the function's identity: from 0 here.
        let half = Self.basic(.translateZ, from: nil, to: 8.0)
        #expect(transformsAgree(try Self.transform(half, at: 0.5).0, CATransform3DMakeTranslation(0, 0, 4)))
    }

    /// Additive: the function's transform applies before the model's (scale 2 here); without,
    /// it replaces the model's.
    @Test func additiveComposesWithTheModel() throws {
        let slide = Self.basic(.translateX, from: 0.0, to: 10.0)
        slide.isAdditive = true
        let model = CATransform3DMakeScale(2, 2, 1)
        #expect(transformsAgree(try Self.transform(slide, at: 0.5, model: model).0,
                           CATransform3DConcat(CATransform3DMakeTranslation(5, 0, 0), model)))
        slide.isAdditive = false
        #expect(transformsAgree(try Self.transform(slide, at: 0.5, model: model).0, CATransform3DMakeTranslation(5, 0, 0)))
    }

    /// Keyframes and cumulative repeats run in the inputs' space.
    @Test func keyframesAndCumulativeRepeats() throws {
        let turn = CAKeyframeAnimation(keyPath: "transform")
        turn.valueFunction = CAValueFunction(name: .rotateY)
        turn.values = [0.0, Double.pi / 2, Double.pi]
        #expect(transformsAgree(try Self.transform(turn, at: 0.75).0, CATransform3DMakeRotation(3 * .pi / 4, 0, 1, 0)))
        let spin = Self.basic(.rotateZ, from: 0.0, to: Double.pi)
        spin.isCumulative = true
        spin.repeatCount = 2
        #expect(transformsAgree(try Self.transform(spin, at: 1.5).0, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)))
    }

    @Test func inputsOfTheWrongShapeAndOtherKeyPathsAreReported() throws {
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "spin")) == nil)
        let wrong = Self.basic(.scale, from: 1.0, to: 2.0)   // scale takes three numbers
        let (transform, diagnostics) = try Self.transform(wrong, at: 0.5)
        #expect(CATransform3DIsIdentity(transform) && diagnostics.contains { $0.contains("value function scale") })
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.valueFunction = CAValueFunction(name: .rotateZ)
        fade.fromValue = 0.0
        fade.toValue = 1.0
        let root = CALayer()
        AnimationClock(time: 0).attach(root)
        let layer = CALayer()
        root.addSublayer(layer)
        fade.duration = 1
        fade.beginTime = 1e-9
        layer.add(fade, forKey: "fade")
        #expect(layer.diagnostics.contains { $0.contains("valueFunction on key path \"opacity\"") })
        #expect(abs(try #require(root.presentation(at: 0.5).sublayers.first).properties.opacity - 0.5) < 1e-6)
    }
}
