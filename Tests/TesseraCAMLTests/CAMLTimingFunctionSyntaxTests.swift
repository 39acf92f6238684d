import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// Timing functions: Core Animation's names and Bézier control points.
    @Suite struct CAMLTimingFunctionSyntaxTests {
        @Test func namesAndControlPoints() throws {
            for name in CAMLTimingFunction.Name.allCases {
                #expect(try CAMLSyntax.parseTimingFunction(name.rawValue) == .named(name))
                #expect(try CAMLSyntax.formatTimingFunction(.named(name)) == name.rawValue)
            }
            #expect(try CAMLSyntax.parseTimingFunction(" easeInEaseOut ") == .named(.easeInEaseOut))
            let points = try CAMLSyntax.parseTimingFunction("0.29712 -0.0052251 0.24359 0.99619")
            #expect(points == .controlPoints(0.29712, -0.0052251, 0.24359, 0.99619))
            #expect(try CAMLSyntax.formatTimingFunction(points) == "0.29712 -0.0052251 0.24359 0.99619")
            #expect(try CAMLSyntax.parseTimingFunction("0 0 1 1") == .controlPoints(0, 0, 1, 1))
        }

        /// The Core Animation object: a name gives the predefined curve, control points the curve
        /// through them.
        @Test func timingFunctionObjects() throws {
            var values: [Float] = [0, 0]
            CAMLTimingFunction.named(.easeIn).timingFunction.getControlPoint(at: 1, values: &values)
            #expect(values == [0.42, 0])
            CAMLTimingFunction.named(.default).timingFunction.getControlPoint(at: 2, values: &values)
            #expect(values == [0.25, 1])
            let curve = try CAMLSyntax.parseTimingFunction("0.88669 -0.015013 0.61462 1.01").timingFunction
            curve.getControlPoint(at: 1, values: &values)
            #expect(values == [0.88669, -0.015013])
            curve.getControlPoint(at: 2, values: &values)
            #expect(values == [0.61462, 1.01])
        }

        @Test func errors() {
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseTimingFunction(text) }
            }
            #expect(error("easeout") == CAMLValueError(reason: .unknownTimingFunctionName("easeout"), offset: 0))
            #expect(error(" ease-in") == CAMLValueError(reason: .unknownTimingFunctionName("ease-in"), offset: 1))
            #expect(error("linear x") == CAMLValueError(reason: .expected("the end of the value", found: "'x'"), offset: 7))
            #expect(error("0.1 0.2 0.3") == CAMLValueError(
                reason: .wrongCount(what: "a timing function", expected: "a name or 4 numbers", found: 3), offset: 11))
            #expect(error("0 0 1 1 1")?.offset == 8)
            #expect(error("0 0 Inf 1") == CAMLValueError(reason: .notFinite, offset: 4))
            #expect(error("0 0 1e39 1") == CAMLValueError(reason: .outOfRange("the number 1e39"), offset: 4))
            #expect(error("") == CAMLValueError(
                reason: .wrongCount(what: "a timing function", expected: "a name or 4 numbers", found: 0), offset: 0))
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in
                try CAMLSyntax.formatTimingFunction(.controlPoints(.nan, 0, 1, 1))
            } != nil)
        }
    }
}
