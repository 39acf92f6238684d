import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// Numbers, integers and booleans.
    @Suite struct CAMLNumberSyntaxTests {
        @Test func numbers() throws {
            let cases: [(String, Double)] = [
                ("1", 1), ("0.25", 0.25), ("-0.3", -0.3), ("1e-100", 1e-100), ("2E+3", 2000), (".5", 0.5),
                ("5.", 5), ("+7", 7), ("0.2293158405593", 0.2293158405593), (" 3 ", 3), ("\t-0\n", -0.0),
                ("Inf", .infinity), ("-Inf", -.infinity), ("inf", .infinity), ("+Infinity", .infinity),
                ("1e-400", 0),   // underflows to zero, as the decimal rounds
            ]
            for (text, value) in cases {
                #expect(try CAMLSyntax.parseNumber(text) == value, "\(text)")
            }
            #expect(try CAMLSyntax.parseNumber("-0").sign == .minus)
            #expect(try CAMLSyntax.parseFiniteNumber("0.5") == 0.5)
        }

        @Test func numberErrors() {
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseNumber(text) }
            }
            #expect(error("") == CAMLValueError(reason: .expected("a number", found: "the end of the value"), offset: 0))
            #expect(error("x") == CAMLValueError(reason: .expected("a number", found: "'x'"), offset: 0))
            #expect(error("NaN") == CAMLValueError(reason: .notANumber, offset: 0))
            #expect(error(" -nan") == CAMLValueError(reason: .notANumber, offset: 1))
            #expect(error("1e") == CAMLValueError(reason: .expected("the digits of an exponent", found: "the end of the value"), offset: 2))
            #expect(error("1e999") == CAMLValueError(reason: .outOfRange("the number 1e999"), offset: 0))
            #expect(error("1 2") == CAMLValueError(reason: .expected("the end of the value", found: "'2'"), offset: 2))
            #expect(error("1,5") == CAMLValueError(reason: .expected("the end of the value", found: "','"), offset: 1))
            #expect(error("0x10")?.offset == 1)
            #expect(error("-") == CAMLValueError(reason: .expected("a number", found: "'-'"), offset: 0))
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseFiniteNumber(" Inf") }
                    == CAMLValueError(reason: .notFinite, offset: 1))
        }

        @Test func numberFormatting() throws {
            let cases: [(Double, String)] = [
                (1, "1"), (0.25, "0.25"), (-0.3, "-0.3"), (1e-100, "1e-100"), (100, "100"), (1e16, "1e+16"),
                (-0.0, "-0"), (.infinity, "Inf"), (-.infinity, "-Inf"), (0.1 + 0.2, "0.30000000000000004"),
                (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            ]
            for (value, text) in cases {
                #expect(try CAMLSyntax.formatNumber(value) == text)
                let back = try CAMLSyntax.parseNumber(text)
                #expect(back == value && back.sign == value.sign)
            }
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.formatNumber(.nan) }?.reason
                    == .notRepresentable("NaN"))
            #expect(CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.formatFiniteNumber(Double.infinity) } != nil)
        }

        @Test func integers() throws {
            #expect(try CAMLSyntax.parseInteger("8") == 8)
            #expect(try CAMLSyntax.parseInteger(" -14 ") == -14)
            #expect(try CAMLSyntax.parseInteger("+0") == 0)
            #expect(try CAMLSyntax.parseInteger("9223372036854775807") == .max)
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseInteger(text) }
            }
            #expect(error("8.0") == CAMLValueError(reason: .expected("the end of the value", found: "'.'"), offset: 1))
            #expect(error("1e3")?.offset == 1)
            #expect(error("-") == CAMLValueError(reason: .expected("an integer", found: "the end of the value"), offset: 1))
            #expect(error("9223372036854775808") == CAMLValueError(reason: .outOfRange("the integer 9223372036854775808"), offset: 0))
            #expect(CAMLSyntax.formatInteger(-14) == "-14")
            #expect(try CAMLSyntax.parseInteger(CAMLSyntax.formatInteger(.min)) == .min)
        }

        @Test func booleans() throws {
            #expect(try CAMLSyntax.parseBoolean("1") == true)
            #expect(try CAMLSyntax.parseBoolean(" 0 ") == false)
            // CAPlayground writes a filter's `enabled` as `true` / `false`.
            #expect(try CAMLSyntax.parseBoolean("true") == true && CAMLSyntax.parseBoolean(" false") == false)
            #expect(CAMLSyntax.formatBoolean(true) == "1" && CAMLSyntax.formatBoolean(false) == "0")
            func error(_ text: String) -> CAMLValueError? {
                CAMLTests.valueError { () throws(CAMLValueError) in try CAMLSyntax.parseBoolean(text) }
            }
            #expect(error("yes") == CAMLValueError(reason: .expected("1 or 0", found: "'y'"), offset: 0))
            #expect(error("truer") == CAMLValueError(reason: .expected("1 or 0", found: "'t'"), offset: 0))
            #expect(error("2") == CAMLValueError(reason: .expected("1 or 0", found: "'2'"), offset: 0))
            #expect(error("10") == CAMLValueError(reason: .expected("the end of the value", found: "'0'"), offset: 1))
            #expect(error("") == CAMLValueError(reason: .expected("1 or 0", found: "the end of the value"), offset: 0))
        }
    }
}
