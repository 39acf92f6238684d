import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// Paths in postfix notation.
    @Suite struct CAMLPathSyntaxTests {
        private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

        @Test func operators() throws {
            let path = try CAMLSyntax.parsePath("1 2 m 3 4 l 5 6 7 8 9 10 c 11 12 13 14 q h 20 21 m 22 23 l z")
            #expect(path.elements == [
                .move(to: p(1, 2)), .line(to: p(3, 4)),
                .cubicCurve(to: p(9, 10), control1: p(5, 6), control2: p(7, 8)),
                .quadCurve(to: p(13, 14), control: p(11, 12)), .closeSubpath,
                .move(to: p(20, 21)), .line(to: p(22, 23)), .closeSubpath,
            ])
            #expect(try CAMLSyntax.parsePath("").isEmpty)
            #expect(try CAMLSyntax.parsePath(" \n ").isEmpty)
            // After a close the next segment starts at the closed subpath's start, as in CGPath.
            #expect(try CAMLSyntax.parsePath("1 2 m 3 4 l h 5 6 l").elements == [
                .move(to: p(1, 2)), .line(to: p(3, 4)), .closeSubpath, .move(to: p(1, 2)), .line(to: p(5, 6)),
            ])
            // Numbers in every spelling, whitespace of every kind.
            #expect(try CAMLSyntax.parsePath("-1e1\t.5 m\n+2 -0.25 l").elements == [.move(to: p(-10, 0.5)), .line(to: p(2, -0.25))])
        }

        /// The glyph of `Bluetooth.caml`, element by element.
        @Test func bluetoothGlyph() throws {
            let path = try CAMLSyntax.parsePath("15.4 14.7 m 7.3 7.5 l 7.3 18 l 2.2 13.4 l 1 14.7 l 6.9 20 l 1 25.1 l 2.1 26.4 l 7.2 21.9 l 7.2 32.6 l 15.3 25.4 l 9.7 20 l 15.4 14.7 l h 9 28.7 m 9 21.9 l 12.8 25.4 l 9 28.7 l h 12.8 14.7 m 9 18.1 l 9 11.3 l 12.8 14.7 l h")
            let elements = path.elements
            #expect(elements.count == 24)
            #expect(elements[0] == .move(to: p(15.4, 14.7)))
            #expect(elements[12] == .line(to: p(15.4, 14.7)))
            #expect(elements[13] == .closeSubpath)
            #expect(elements[14] == .move(to: p(9, 28.7)))
            #expect(elements[23] == .closeSubpath)
        }

        @Test func errors() {
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parsePath(text) }
            }
            #expect(error("1 2 m 3 4 x") == CAMLValueError(reason: .unknownOperator("x"), offset: 10))
            #expect(error("1 2 m 3 l") == CAMLValueError(reason: .wrongOperandCount(operator: "l", expected: 2, found: 1), offset: 8))
            #expect(error("1 2 3 m") == CAMLValueError(reason: .wrongOperandCount(operator: "m", expected: 2, found: 3), offset: 6))
            #expect(error("1 2 m 1 h")?.reason == .wrongOperandCount(operator: "h", expected: 0, found: 1))
            #expect(error("1 2 l") == CAMLValueError(reason: .noCurrentPoint(operator: "l"), offset: 4))
            #expect(error("h") == CAMLValueError(reason: .noCurrentPoint(operator: "h"), offset: 0))
            #expect(error("1 2 m 3 4") == CAMLValueError(reason: .operandsWithoutOperator(2), offset: 6))
            #expect(error("1 2 m 3 Inf l") == CAMLValueError(reason: .notFinite, offset: 8))
            #expect(error("1 2 m 3 nan l") == CAMLValueError(reason: .notANumber, offset: 8))
            #expect(error("1 2m") == CAMLValueError(reason: .expected("whitespace", found: "'m'"), offset: 3))
            #expect(error("1 2 m,") == CAMLValueError(reason: .expected("whitespace", found: "','"), offset: 5))
            #expect(error("1 2 m ; 3") == CAMLValueError(reason: .expected("a number or a path operator", found: "';'"), offset: 6))
            #expect(error("1 2 M") == CAMLValueError(reason: .unknownOperator("M"), offset: 4))
            #expect(error("1 2 m 1e999 0 l") == CAMLValueError(reason: .outOfRange("the number 1e999"), offset: 6))
        }

        @Test func formatting() throws {
            var path = Path()
            path.move(to: p(0, 0))
            path.addLine(to: p(10, 0.5))
            path.addCurve(to: p(1, 2), control1: p(3, 4), control2: p(5, 6))
            path.addQuadCurve(to: p(7, 8), control: p(-9, 1e-7))
            path.closeSubpath()
            path.addLine(to: p(3, 3))
            let text = try CAMLSyntax.formatPath(path)
            #expect(text == "0 0 m 10 0.5 l 3 4 5 6 1 2 c -9 1e-07 7 8 q h 0 0 m 3 3 l")
            #expect(try CAMLSyntax.parsePath(text) == path)
            #expect(try CAMLSyntax.formatPath(Path()) == "")
            var broken = Path()
            broken.move(to: p(.infinity, 0))
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.formatPath(broken) }?.reason
                    == .notRepresentable("the non-finite number inf"))
        }
    }
}
