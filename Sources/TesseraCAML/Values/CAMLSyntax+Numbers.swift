import TesseraCore
import TesseraDocument

// Numbers, integers and booleans.

extension CAMLSyntax {
    /// A number: `1`, `0.25`, `-0.3`, `1e-100`, or an infinity, `Inf` / `-Inf` (any case, also
    /// `Infinity`), as `repeatCount="Inf"` writes one.
    static func parseNumber(_ text: String) throws(CAMLValueError) -> Double {
        try parseSingle(text) { scanner throws(CAMLValueError) in try scanner.double(allowsInfinity: true) }
    }

    /// A finite number, for properties where an infinity means nothing (opacity, a radius).
    static func parseFiniteNumber(_ text: String) throws(CAMLValueError) -> Double {
        try parseSingle(text) { scanner throws(CAMLValueError) in try scanner.double() }
    }

    /// An integer: an optional sign and decimal digits (`<integer value="1"/>`,
    /// `instanceCount="8"`). A fraction or exponent is an error, not rounded away.
    static func parseInteger(_ text: String) throws(CAMLValueError) -> Int {
        try parseSingle(text) { scanner throws(CAMLValueError) in
            let start = scanner.offset
            if let sign = scanner.current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scanner.offset += 1
            }
            let digitsStart = scanner.offset
            while let byte = scanner.current, CAMLValueScanner.isDigit(byte) { scanner.offset += 1 }
            guard scanner.offset > digitsStart else { throw scanner.failExpected("an integer") }
            let text = String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self)
            guard let value = Int(text) else { throw scanner.fail(.outOfRange("the integer \(text)"), at: start) }
            return value
        }
    }

    /// A boolean: `1` or `0`, the only spellings in Apple's CAML files (`hidden="0"`,
    /// `removedOnCompletion="1"`), or `true` and `false`, which CAPlayground writes for a
    /// filter's `enabled` (and Foundation's `boolValue`, which reads such attributes, takes).
    static func parseBoolean(_ text: String) throws(CAMLValueError) -> Bool {
        try parseSingle(text) { scanner throws(CAMLValueError) in
            switch scanner.current {
            case UInt8(ascii: "1"): scanner.offset += 1; return true
            case UInt8(ascii: "0"): scanner.offset += 1; return false
            default:
                let start = scanner.offset
                switch scanner.word() {
                case "true": return true
                case "false": return false
                default:
                    scanner.offset = start
                    throw scanner.failExpected("1 or 0")
                }
            }
        }
    }

    /// Reads one token with `read`, allowing whitespace around it and nothing else.
    private static func parseSingle<Value>(
        _ text: String, _ read: (inout CAMLValueScanner) throws(CAMLValueError) -> Value
    ) throws(CAMLValueError) -> Value {
        var scanner = CAMLValueScanner(text)
        scanner.skipWhitespace()
        let value = try read(&scanner)
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.failExpected("the end of the value") }
        return value
    }

    /// The shortest spelling that reads back to exactly `value`: `1` (no `.0`), `0.25`, `1e-100`,
    /// `-0`, `Inf`, `-Inf`. NaN cannot be written.
    static func formatNumber(_ value: Double) throws(CAMLValueError) -> String {
        guard !value.isNaN else { throw CAMLValueError(reason: .notRepresentable("NaN"), offset: 0) }
        if value.isInfinite { return value < 0 ? "-Inf" : "Inf" }
        return trimmingPointZero(value.description)
    }

    /// A finite number's shortest spelling; an infinity cannot be written either.
    static func formatFiniteNumber(_ value: Double) throws(CAMLValueError) -> String {
        guard value.isFinite else {
            throw CAMLValueError(reason: .notRepresentable("the non-finite number \(value)"), offset: 0)
        }
        return trimmingPointZero(value.description)
    }

    /// A `Float`'s shortest spelling, which reads back (as a `Float`) to the same bits.
    static func formatFiniteNumber(_ value: Float) throws(CAMLValueError) -> String {
        guard value.isFinite else {
            throw CAMLValueError(reason: .notRepresentable("the non-finite number \(value)"), offset: 0)
        }
        return trimmingPointZero(value.description)
    }

    /// The integer in decimal, `-` for a negative one.
    static func formatInteger(_ value: Int) -> String { String(value) }

    /// `1` or `0`.
    static func formatBoolean(_ value: Bool) -> String { value ? "1" : "0" }

    /// Swift writes whole numbers as `1.0`; CAML files write `1`.
    private static func trimmingPointZero(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
