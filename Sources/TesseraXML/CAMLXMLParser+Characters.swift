// Characters for the XML reader: UTF-8 decoding with validation, XML's character classes
// (Char, NameStartChar, NameChar), whitespace, names, and how a byte is shown in a message.

extension CAMLXMLParser {
    /// The byte at `offset`, or nil past the end of the input.
    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Whether the input holds `literal` (ASCII) at `offset`.
    func hasLiteral(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for i in 0..<count where bytes[offset + i] != buffer[i] { return false }
            return true
        }
    }

    /// XML's S: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips XML whitespace; true when there was some.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    /// The scalar whose UTF-8 encoding starts at `offset`, and its length in bytes, or nil when
    /// the bytes there are not UTF-8 (truncated, overlong, a surrogate, beyond U+10FFFF).
    func decodeScalar(at offset: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil   // continuation bytes, C0/C1 (always overlong), F5 and above
        }
        guard offset + length <= bytes.count else { return nil }
        for i in 1..<length {
            let continuation = bytes[offset + i]
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }

    /// The scalar at `offset` and its length, which must be UTF-8 and a character XML allows.
    mutating func checkedScalar(at offset: Int) throws(CAMLXMLError) -> (value: UInt32, length: Int) {
        guard let scalar = decodeScalar(at: offset) else { throw fail(.invalidUTF8, at: offset) }
        guard Self.isXMLCharacter(scalar.value) else { throw fail(.invalidCharacter(scalar.value), at: offset) }
        return scalar
    }

    /// XML's Char: tab, line feed, carriage return, and U+0020 up, less the surrogates, U+FFFE
    /// and U+FFFF.
    package static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// XML's NameStartChar.
    static func isNameStartCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF,
            0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF,
            0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// XML's NameChar: a NameStartChar, or `-`, `.`, a digit, U+00B7, U+0300–U+036F,
    /// U+203F–U+2040.
    static func isNameCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStartCharacter(scalar)
        }
    }

    /// Reads an XML Name at the current offset. `expected` says what the name is, for the error
    /// when there is none.
    mutating func parseName(expected: String) throws(CAMLXMLError) -> String {
        let start = index
        guard index < bytes.count else { throw failUnexpected(expected: expected) }
        let first = try checkedScalar(at: index)
        guard Self.isNameStartCharacter(first.value) else { throw failUnexpected(expected: expected) }
        index += first.length
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard Self.isNameCharacter(UInt32(lead)) else { break }
                index += 1
            } else {
                let scalar = try checkedScalar(at: index)
                guard Self.isNameCharacter(scalar.value) else { break }
                index += scalar.length
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads a name that XML Namespaces allows as an element or attribute name: a Name with at
    /// most one colon, neither first nor last.
    mutating func parseQualifiedName(expected: String) throws(CAMLXMLError) -> String {
        let start = index
        let name = try parseName(expected: expected)
        let colons = name.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) }
        if colons > 1 || name.utf8.first == UInt8(ascii: ":") || name.utf8.last == UInt8(ascii: ":") {
            throw fail(.invalidName(name), at: start)
        }
        return name
    }

    /// How the input at `offset` reads in an error message: `'x'`, `a line feed`,
    /// `character U+00A0`, `the end of the document`.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the document" }
        let byte = bytes[offset]
        switch byte {
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let scalar = decodeScalar(at: offset) else {
                return "byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "character U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)"
        }
    }
}
