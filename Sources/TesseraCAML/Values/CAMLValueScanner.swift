import TesseraCore
import TesseraDocument

/// Reads the tokens of a CAML attribute value from its UTF-8 bytes: whitespace, numbers, words
/// and punctuation, each with its byte offset for errors.
///
/// Numbers have one grammar everywhere: an optional sign, digits with an optional fraction
/// (`1`, `0.25`, `.5`, `5.`), an optional exponent (`1e-100`, `2E+3`); or an optional sign and
/// `Inf` / `Infinity` in any case. The conversion is Swift's (correctly rounded), so a number
/// written with Swift's shortest representation reads back to the same bits.
struct CAMLValueScanner {
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The byte at the current offset, or nil at the end.
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// An error at `offset` (the current offset when nil).
    func fail(_ reason: CAMLValueError.Reason, at offset: Int? = nil) -> CAMLValueError {
        CAMLValueError(reason: reason, offset: offset ?? self.offset)
    }

    /// An error for what stands at the current offset where `expected` should.
    func failExpected(_ expected: String) -> CAMLValueError {
        fail(.expected(expected, found: describe(at: offset)))
    }

    /// How the value at `offset` reads in a message: `'x'`, `a space`, `the end of the value`.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the value" }
        let byte = bytes[offset]
        switch byte {
        case 0x20: return "a space"
        case 0x09, 0x0A, 0x0D: return "a line break or tab"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            // The whole scalar: the value is a Swift string, so its UTF-8 is valid.
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[offset..<end], as: UTF8.self))'"
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether a finite number can start with `byte`: a sign, a digit or a point.
    static func canStartNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Skips whitespace; true when there was some.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = offset
        while let byte = current, Self.isWhitespace(byte) { offset += 1 }
        return offset > start
    }

    /// After a token in a whitespace-separated list: the next byte must be whitespace or the end.
    func expectSeparator() throws(CAMLValueError) {
        if let byte = current, !Self.isWhitespace(byte) { throw failExpected("whitespace") }
    }

    /// Reads a run of ASCII letters (empty when there is none).
    mutating func word() -> String {
        let start = offset
        while let byte = current, Self.isLetter(byte) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// A number as written: its text, where it starts, and whether it is an infinity.
    struct NumberToken {
        let text: String
        let offset: Int
        /// The infinity's sign when the token is `Inf` or `Infinity` (signed or not).
        let infinity: FloatingPointSign?
    }

    /// Reads a number's token (see the type's grammar). NaN is refused here, whatever the type.
    mutating func numberToken() throws(CAMLValueError) -> NumberToken {
        let start = offset
        var i = offset
        var sign = FloatingPointSign.plus
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            if bytes[i] == UInt8(ascii: "-") { sign = .minus }
            i += 1
        }
        if i < bytes.count, Self.isLetter(bytes[i]) {
            let wordStart = i
            while i < bytes.count, Self.isLetter(bytes[i]) { i += 1 }
            switch String(decoding: bytes[wordStart..<i], as: UTF8.self).lowercased() {
            case "inf", "infinity":
                offset = i
                return NumberToken(
                    text: String(decoding: bytes[start..<i], as: UTF8.self), offset: start,
                    infinity: sign)
            case "nan":
                throw fail(.notANumber, at: start)
            default:
                throw fail(.expected("a number", found: describe(at: start)), at: start)
            }
        }
        var digits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { throw fail(.expected("a number", found: describe(at: start)), at: start) }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            let exponentStart = j
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            guard j > exponentStart else {
                throw fail(.expected("the digits of an exponent", found: describe(at: j)), at: j)
            }
            i = j
        }
        offset = i
        return NumberToken(text: String(decoding: bytes[start..<i], as: UTF8.self), offset: start, infinity: nil)
    }

    /// Reads a number as a `Double`; an infinity only when `allowsInfinity`. A finite spelling
    /// beyond the `Double` range (`1e999`) is an error, not an infinity.
    mutating func double(allowsInfinity: Bool = false) throws(CAMLValueError) -> Double {
        let token = try numberToken()
        if let sign = token.infinity {
            guard allowsInfinity else { throw fail(.notFinite, at: token.offset) }
            return sign == .minus ? -.infinity : .infinity
        }
        // The grammar is a subset of what Double's initializer accepts.
        guard let value = Double(token.text), value.isFinite else {
            throw fail(.outOfRange("the number \(token.text)"), at: token.offset)
        }
        return value
    }

    /// Reads a finite number as a `Float`, rounded once from its decimal spelling (as Core
    /// Animation's timing functions hold their control points).
    mutating func float() throws(CAMLValueError) -> Float {
        let token = try numberToken()
        guard token.infinity == nil else { throw fail(.notFinite, at: token.offset) }
        guard let value = Float(token.text), value.isFinite else {
            throw fail(.outOfRange("the number \(token.text)"), at: token.offset)
        }
        return value
    }

    /// Reads whitespace-separated finite numbers to the end of the value, with their offsets.
    mutating func finiteNumberList() throws(CAMLValueError) -> [(value: Double, offset: Int)] {
        var numbers: [(value: Double, offset: Int)] = []
        skipWhitespace()
        while !isAtEnd {
            let start = offset
            numbers.append((try double(), start))
            try expectSeparator()
            skipWhitespace()
        }
        return numbers
    }
}
