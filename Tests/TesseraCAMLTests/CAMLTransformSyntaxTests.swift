import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// Transforms: the function list, compared with Core Animation's transform functions.
    @Suite struct CAMLTransformSyntaxTests {
        private func parse(_ text: String) throws -> CATransform3D {
            try CAMLSyntax.parseTransform(text)
        }

        private func same(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
            CATransform3DEqualToTransform(a, b)
        }

        @Test func functions() throws {
            #expect(same(try parse("scale(0.495, 0.495, 1)"), CATransform3DMakeScale(0.495, 0.495, 1)))
            #expect(same(try parse("scale(2)"), CATransform3DMakeScale(2, 2, 1)))
            #expect(same(try parse("scale(2, 3)"), CATransform3DMakeScale(2, 3, 1)))
            #expect(same(try parse("translate(10, -20, 5)"), CATransform3DMakeTranslation(10, -20, 5)))
            #expect(same(try parse("translate(10)"), CATransform3DMakeTranslation(10, 0, 0)))
            #expect(same(try parse("rotate(-45deg)"), CATransform3DMakeRotation(-45 * .pi / 180, 0, 0, 1)))
            #expect(same(try parse("rotate(180deg)"), CATransform3DMakeRotation(.pi, 0, 0, 1)))
            #expect(same(try parse("rotate(0.5)"), CATransform3DMakeRotation(0.5, 0, 0, 1)))
            #expect(same(try parse("rotate(0.5rad)"), CATransform3DMakeRotation(0.5, 0, 0, 1)))
            #expect(same(try parse("rotate(90deg, 0, 1, 0)"), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
            #expect(same(try parse("rotate(30deg, 0, 0, 0)"), CATransform3DIdentity))   // no axis, no rotation
            #expect(same(try parse("matrix(1, 2, 3, 4, 5, 6)"),
                         CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))))
            let m = try parse("matrix(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)")
            #expect([m.m11, m.m12, m.m13, m.m14, m.m21, m.m34, m.m41, m.m44] == [1, 2, 3, 4, 5, 12, 13, 16])
            // Empty: the identity, as Apple writes `transform=""`.
            #expect(CATransform3DIsIdentity(try parse("")))
            #expect(CATransform3DIsIdentity(try parse("  ")))
            // Separators: commas or whitespace, spaces anywhere, functions run together.
            #expect(same(try parse(" scale( 2 ,3 ,1 ) "), CATransform3DMakeScale(2, 3, 1)))
            #expect(same(try parse("scale(2 3 1)"), CATransform3DMakeScale(2, 3, 1)))
            #expect(same(try parse("scale(2,3,1)rotate(1)"), try parse("scale(2, 3, 1) rotate(1)")))
        }

        /// The written list applies right to left to points (CSS's order): `translate(10, 0)
        /// rotate(90deg)` rotates first, then translates. In Core Animation's terms,
        /// `CATransform3DConcat(rotation, translation)`.
        @Test func compositionOrderIsCSSOrder() throws {
            let t = try parse("translate(10, 0) rotate(90deg)")
            let rotation = CATransform3DMakeRotation(90 * .pi / 180, 0, 0, 1)
            let translation = CATransform3DMakeTranslation(10, 0, 0)
            #expect(same(t, CATransform3DConcat(rotation, translation)))
            #expect(!same(t, CATransform3DConcat(translation, rotation)))
            // The same as building it with Core Animation's functions in the written order.
            #expect(same(t, CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), 90 * .pi / 180, 0, 0, 1)))
            // The point (1, 0): rotated a quarter turn to (0, 1), then moved to (10, 1).
            let p = t.projecting(CGPoint(x: 1, y: 0))
            #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)

            let three = try parse("rotate(180deg) scale(2, 2, 1) translate(1, 2, 3)")
            let expected = CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3),
                                               CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                                   CATransform3DMakeRotation(.pi, 0, 0, 1)))
            #expect(same(three, expected))
        }

        @Test func errors() {
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseTransform(text) }
            }
            #expect(error("skew(1)") == CAMLValueError(reason: .unknownFunction("skew"), offset: 0))
            #expect(error("scale(1, 2) spin(3)") == CAMLValueError(reason: .unknownFunction("spin"), offset: 12))
            #expect(error("rotate(1, 2)") == CAMLValueError(
                reason: .wrongArgumentCount(function: "rotate", expected: "1 or 4", found: 2), offset: 0))
            #expect(error("scale()") == CAMLValueError(
                reason: .wrongArgumentCount(function: "scale", expected: "1, 2 or 3", found: 0), offset: 0))
            #expect(error("matrix(1, 2, 3)")?.reason == .wrongArgumentCount(function: "matrix", expected: "6 or 16", found: 3))
            #expect(error("rotate(45grad)") == CAMLValueError(reason: .unknownUnit("grad"), offset: 9))
            #expect(error("translate(10px, 0)") == CAMLValueError(reason: .unitNotAllowed("px"), offset: 12))
            #expect(error("rotate(1, 0, 0, 1deg)") == CAMLValueError(reason: .unitNotAllowed("deg"), offset: 17))
            #expect(error("scale(Inf, 1)") == CAMLValueError(reason: .notFinite, offset: 6))
            #expect(error("scale(NaN)") == CAMLValueError(reason: .notANumber, offset: 6))
            #expect(error("scale 2") == CAMLValueError(reason: .expected("'(' after scale", found: "'2'"), offset: 6))
            #expect(error("scale(2") == CAMLValueError(reason: .expected("',' or ')'", found: "the end of the value"), offset: 7))
            #expect(error("scale(2,)") == CAMLValueError(reason: .expected("a number", found: "')'"), offset: 8))
            #expect(error("scale(2;3)") == CAMLValueError(reason: .expected("',' or ')'", found: "';'"), offset: 7))
            #expect(error("(2)") == CAMLValueError(
                reason: .expected("a transform function such as rotate(…)", found: "'('"), offset: 0))
        }

        /// The formatter writes the readable spelling when it reads back exactly, `matrix(…)`
        /// otherwise, and always something that reads back to the same matrix.
        @Test func formatting() throws {
            let cases: [(CATransform3D, String)] = [
                (CATransform3DIdentity, ""),
                (CATransform3DMakeScale(0.495, 0.495, 1), "scale(0.495, 0.495, 1)"),
                (CATransform3DMakeRotation(-45 * .pi / 180, 0, 0, 1), "rotate(-45deg)"),
                (CATransform3DMakeTranslation(10, 0, 0), "translate(10, 0, 0)"),
                (try parse("rotate(180deg) scale(2, 2, 1)"), "rotate(180deg) scale(2, 2, 1)"),
                (try parse("translate(3, 4, 0) rotate(30deg)"), "translate(3, 4, 0) rotate(30deg)"),
                (CATransform3DMakeScale(-1, 1, 1), "scale(-1, 1, 1)"),
                (try parse("matrix(1, 0.5, 0, 1, 0, 0)"), "matrix(1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)"),
            ]
            for (transform, text) in cases {
                #expect(try CAMLSyntax.formatTransform(transform) == text)
                #expect(same(try parse(text), transform))
            }
            // Perspective and 3D rotations: the matrix.
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            #expect(try CAMLSyntax.formatTransform(perspective).hasPrefix("matrix("))
            #expect(same(try parse(CAMLSyntax.formatTransform(perspective)), perspective))
            let tilted = CATransform3DMakeRotation(0.3, 1, 1, 0)
            #expect(same(try parse(CAMLSyntax.formatTransform(tilted)), tilted))
            // Non-finite elements cannot be written.
            var broken = CATransform3DIdentity
            broken.m41 = .nan
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.formatTransform(broken) }?.reason
                    == .notRepresentable("a transform with a non-finite element"))
        }
    }
}
