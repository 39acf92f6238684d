import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// Points, sizes, rectangles and colours.
    @Suite struct CAMLGeometrySyntaxTests {
        @Test func pointsSizesRects() throws {
            #expect(try CAMLSyntax.parsePoint("19.799999237061 19.403999328613")
                    == CGPoint(x: 19.799999237061, y: 19.403999328613))
            #expect(try CAMLSyntax.parsePoint("  8.899992370605\t-21.204029846193\n") == CGPoint(x: 8.899992370605, y: -21.204029846193))
            #expect(try CAMLSyntax.parseSize("52 39") == CGSize(width: 52, height: 39))
            #expect(try CAMLSyntax.parseRect("37.700007629395 42.604029846193 52 39")
                    == CGRect(x: 37.700007629395, y: 42.604029846193, width: 52, height: 39))
            #expect(try CAMLSyntax.parseRect("0 0 -5 -6").size == CGSize(width: -5, height: -6))
            #expect(try CAMLSyntax.formatPoint(CGPoint(x: 0.5, y: 0)) == "0.5 0")
            #expect(try CAMLSyntax.formatSize(CGSize(width: 1e-7, height: 3)) == "1e-07 3")
            #expect(try CAMLSyntax.formatRect(CGRect(x: -1, y: 2.5, width: 40, height: 0)) == "-1 2.5 40 0")
        }

        @Test func geometryErrors() {
            func point(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parsePoint(text) }
            }
            func rect(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseRect(text) }
            }
            #expect(point("1") == CAMLValueError(reason: .wrongCount(what: "a point", expected: "2 numbers", found: 1), offset: 1))
            #expect(point("1 2 3") == CAMLValueError(reason: .wrongCount(what: "a point", expected: "2 numbers", found: 3), offset: 4))
            #expect(point("1, 2") == CAMLValueError(reason: .expected("whitespace", found: "','"), offset: 1))
            #expect(point("1 Inf") == CAMLValueError(reason: .notFinite, offset: 2))
            #expect(point("nan 1") == CAMLValueError(reason: .notANumber, offset: 0))
            #expect(point("1 2px") == CAMLValueError(reason: .expected("whitespace", found: "'p'"), offset: 3))
            #expect(rect("0 0 40") == CAMLValueError(reason: .wrongCount(what: "a rect", expected: "4 numbers", found: 3), offset: 6))
            #expect(rect("") == CAMLValueError(reason: .wrongCount(what: "a rect", expected: "4 numbers", found: 0), offset: 0))
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in
                try CAMLSyntax.formatPoint(CGPoint(x: CGFloat.infinity, y: 0))
            }?.reason == .notRepresentable("the non-finite number inf"))
        }

        @Test func colours() throws {
            // Attribute form: opaque.
            #expect(try CAMLSyntax.parseColor("1 1 1", opacity: nil) == ColorComponents(red: 1, green: 1, blue: 1, alpha: 1))
            // Element form: `<backgroundColor opacity="0" value="0 0 0"/>`.
            #expect(try CAMLSyntax.parseColor("0 0 0", opacity: "0") == ColorComponents(red: 0, green: 0, blue: 0, alpha: 0))
            #expect(try CAMLSyntax.parseColor("0.2 0.4 0.6", opacity: "0.5")
                    == ColorComponents(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
            // A fourth component is the alpha.
            #expect(try CAMLSyntax.parseColor("0.2 0.4 0.6 0.25", opacity: nil)
                    == ColorComponents(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.25))
            // Extended-range components are kept.
            #expect(try CAMLSyntax.parseColor("1.2 -0.1 0", opacity: nil).red == 1.2)

            #expect(try CAMLSyntax.formatColor(ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 1)) == ("1 0.5 0", nil))
            #expect(try CAMLSyntax.formatColor(ColorComponents(red: 0, green: 0, blue: 0, alpha: 0)) == ("0 0 0", "0"))
        }

        @Test func colourErrors() {
            func error(_ value: String, _ opacity: String?) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseColor(value, opacity: opacity) }
            }
            #expect(error("1 1", nil) == CAMLValueError(
                reason: .wrongCount(what: "a colour", expected: "3 or 4 numbers (r g b [a])", found: 2), offset: 3))
            #expect(error("1 1 1 1 1", nil)?.offset == 8)
            #expect(error("1 1 1 0.5", "0.5") == CAMLValueError(reason: .conflictingAlpha, offset: 6))
            #expect(error("1 1 1", " x") == CAMLValueError(reason: .expected("a number", found: "'x'"), offset: 1, field: .opacity))
            #expect(error("1 1 1", "Inf") == CAMLValueError(reason: .notFinite, offset: 0, field: .opacity))
            #expect(error("1 Inf 1", nil) == CAMLValueError(reason: .notFinite, offset: 2))
            #expect(error("1 1 1", " x")?.description == "offset 1 of the opacity: expected a number, found 'x'")
        }
    }
}
