/// A JSON reader (RFC 8259) for Lottie documents, with limits for hostile input: it nests at most
/// ``maximumDepth`` arrays and objects, refuses numbers outside `Double`'s range (JSON has no NaN,
/// and `1e999` would be infinite), and reads each byte once, so its time is linear in the size.
///
/// Its own reader rather than Foundation's: errors give the line and column, the depth limit is
/// ours, and numbers are checked as they are read.
struct JSONParser {
    /// The deepest nesting of arrays and objects taken.
    static let maximumDepth = 256

    /// 10⁰ … 10¹⁵, each exactly a double.
    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }

    /// Why the bytes are not a JSON document the reader takes, and where.
    struct Failure: Error, Equatable {
        let offset: Int
        let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The elements of the arrays being read and the members of the objects, innermost last.
    private var elements: [JSONValue] = []
    private var members: [JSONMember] = []
    /// The numbers of the arrays being read while they hold numbers only.
    private var numbers: [Double] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value the bytes hold (an optional UTF-8 byte order mark first, white space around it).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the document") }
        return value
    }

    /// The line and column (from 1; columns count bytes) of a byte offset in `bytes`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard index < bytes.count else { throw failure("unexpected end of the document") }
            guard bytes[index] == byte else { throw failure("unexpected character") }
            index += 1
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
        index += 1
        // Gathered on the parser's stack, as an object's members are.
        let first = elements.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        // Numbers go to their own stack until something else comes (then they are moved over).
        let firstNumber = numbers.count
        var onlyNumbers = true
        while true {
            skipWhitespace()
            if onlyNumbers, index < bytes.count, bytes[index] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[index]) {
                numbers.append(try number())
            } else {
                if onlyNumbers {
                    onlyNumbers = false
                    for n in numbers[firstNumber...] { elements.append(.number(n)) }
                    numbers.removeLast(numbers.count - firstNumber)
                }
                let element = try value(depth: depth)
                elements.append(element)
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                if onlyNumbers {
                    let array = Array(numbers[firstNumber...])
                    numbers.removeLast(numbers.count - firstNumber)
                    return .numbers(array)
                }
                let array = Array(elements[first...])
                elements.removeLast(elements.count - first)
                return .array(array)
            } else {
                throw failure("expected , or ] in an array")
            }
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
        index += 1
        // The members are gathered on the parser's stack (shared by the objects open around this
        // one), then copied out once, at their number.
        let first = members.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in an object") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a key") }
            index += 1
            let value = try value(depth: depth)
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                let object = Self.lastOfEachKey(members[first...])
                members.removeLast(members.count - first)
                return .object(object)
            } else {
                throw failure("expected , or } in an object")
            }
        }
    }

    /// The members in order, a repeated key's earlier ones left out: compared pairwise in a
    /// small object, through a set of the keys in a large one (the time stays linear).
    private static func lastOfEachKey(_ members: ArraySlice<JSONMember>) -> [JSONMember] {
        let repeated: Bool
        if members.count <= 16 {
            repeated = members.indices.contains { i in members[(i + 1)...].contains { $0.key == members[i].key } }
        } else {
            repeated = Set(members.lazy.map(\.key)).count < members.count
        }
        guard repeated else { return Array(members) }
        var seen = Set<String>(), kept: [JSONMember] = []
        for member in members.reversed() where seen.insert(member.key).inserted { kept.append(member) }
        return kept.reversed()
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // The common case: no escapes, the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("control character in a string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("unexpected end of the document in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: try unicodeEscape())
                default: throw failure("unknown escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw failure("unexpected end of the document in a string")
    }

    /// The UTF-8 bytes of `\uXXXX` (the `u` read), with a surrogate pair's second half; a lone
    /// surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(Failure) -> [UInt8] {
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = saved
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end of the document in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("bad hexadecimal digit in a \\u escape")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    /// A number as JSON writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // The digits before and after the point as one integer, read as they are passed
        // (wrapping past 18 digits, where it is not used).
        var mantissa = 0, digitCount = 0
        func digits() -> Int {
            let from = index
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ Int(digit)
                index += 1
            }
            digitCount += index - from
            return index - from
        }
        guard digits() > 0 else { throw failure("expected digits in a number") }
        var fractionDigits = 0, hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { throw failure("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            hasExponent = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > exponentStart else { throw failure("expected digits in an exponent") }
        }
        // Most of a Lottie file's numbers without going through a string: up to 15 digits and no
        // exponent, the digits as an integer m < 2⁵³ and the number m / 10^k for k decimals. Both are
        // exact doubles (10^k for k ≤ 22) and the division rounds once, so the result is the
        // correctly rounded number, as the string's conversion gives it (Clinger's fast path).
        if !hasExponent, digitCount <= 15 {
            let magnitude = fractionDigits > 0 ? Double(mantissa) / Self.powersOfTen[fractionDigits] : Double(mantissa)
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return value
    }
}
