import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// A transform animation's `valueFunction` in CAML: the function's name as an attribute, its
    /// inputs as the animation's values (Apple: rotateZ "rotates by the input value, in
    /// radians").
    @Suite struct CAMLValueFunctionTests {
        @Test func aRotationReadsAsTheFunctionOfItsInputs() throws {
            let text = CAMLTests.document("""
                <CALayer bounds="0 0 10 10"><animations>
                <animation type="CABasicAnimation" keyPath="transform" valueFunction="rotateZ" beginTime="1e-9" duration="1">
                <fromValue type="real" value="0"/><toValue type="real" value="6.283185307179586"/></animation>
                </animations></CALayer>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let root = archive.rootLayer
            let spin = try #require(root.animation(forKey: "animation") ?? root.animationKeys()?.first.flatMap(root.animation(forKey:)))
            #expect((spin as? CAPropertyAnimation)?.valueFunction?.name == .rotateZ)
            // A quarter of 2π a quarter of the way: a matrix interpolation of two identities would
            // not turn at all.
            let quarter = root.presentation(at: 0.25).properties.transform
            #expect(transformsAgree(quarter, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        }

        /// A name Core Animation does not have: the animation is left out (its numbers would not be
        /// a transform) and both are reported, with the known names.
        @Test func anUnknownFunctionLeavesOutItsAnimation() throws {
            let text = CAMLTests.document("""
                <CALayer><animations>
                <animation type="CABasicAnimation" keyPath="transform" valueFunction="spiral">
                <toValue type="real" value="1"/></animation>
                </animations></CALayer>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.rootLayer.animationKeys() == nil || archive.rootLayer.animationKeys() == [])
            let reasons = archive.skipped.map { "\($0.reason)" }.joined(separator: "\n")
            #expect(reasons.contains("spiral") && reasons.contains("rotateZ"), "\(reasons)")
        }
    }
}
