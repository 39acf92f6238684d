import Foundation

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
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// Why the bytes are not a JSON document the reader takes, and where.
    struct Failure: Error, Equatable {
        let offset: Int
        let reason: String
    }

    /// The bytes read, valid while ``parse(_:)`` runs (read without bounds checks: each read is
    /// after a comparison of `index` with the count).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The document's buffers (see ``JSONDocument``), appended to as values close.
    private var values: [JSONDocument.Value] = []
    private var numbers: [Double] = []
    /// The strings that hold escapes, as they read: the document's text is the bytes read, then
    /// these. A string without escapes (nearly all, keys included) is where it lies in the bytes,
    /// never copied.
    private var escaped: [UInt8] = []
    /// The children of the containers being read, innermost last: moved to `values` when their
    /// container closes. (The numbers of an array of numbers go straight to `numbers`.)
    private var pending: [JSONDocument.Value] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Room from the start for a typical document's values and numbers (a value for every 16 bytes
        // and a number for every 8 at most, in lottie-ios's samples), so that they are not copied as
        // they grow: the pages of memory not written to are never touched.
        values.reserveCapacity(bytes.count / 16)
        numbers.reserveCapacity(bytes.count / 8)
        pending.reserveCapacity(256)
    }

    /// The document the bytes hold (an optional UTF-8 byte order mark first, white space around it).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONDocument {
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<JSONDocument, Failure> in
            var parser = JSONParser(buffer)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            do throws(Failure) {
                let root = try parser.value(depth: 0)
                parser.skipWhitespace()
                guard parser.index == bytes.count else { throw parser.failure("unexpected text after the document") }
                parser.pending.append(root)
                parser.place(from: 0)
                let text = parser.escaped.isEmpty ? bytes : bytes + parser.escaped
                return .success(
                    JSONDocument(
                        values: parser.values, parents: Self.parents(of: parser.values), numbers: parser.numbers, text: text))
            } catch {
                return .failure(error)
            }
        }
        return try parsed.get()
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

    @inline(__always)
    private mutating func skipWhitespace() {
        var i = index
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default:
                index = i
                return
            }
        }
        index = i
    }

    /// Moves `pending[first...]` to the end of `values` (copied as one block: this runs once for
    /// every array and object).
    private mutating func place(from first: Int) {
        pending.withUnsafeBufferPointer { values.append(contentsOf: UnsafeBufferPointer(rebasing: $0[first...])) }
        pending.removeSubrange(first...)
    }

    /// The index of each value's container, the root's own index for the root: written in one
    /// pass once the document is read (a container's children sit before it in `values`).
    private static func parents(of values: [JSONDocument.Value]) -> [UInt32] {
        var parents = [UInt32](repeating: UInt32(values.count - 1), count: values.count)
        parents.withUnsafeMutableBufferPointer { parents in
            for (index, value) in values.enumerated() where value.kind == .array || value.kind == .object {
                for child in value.range { parents[child] = UInt32(index) }
            }
        }
        return parents
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONDocument.Value {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try literal("true"); return JSONDocument.Value(.bool, 1)
        case UInt8(ascii: "f"): try literal("false"); return JSONDocument.Value(.bool, 0)
        case UInt8(ascii: "n"): try literal("null"); return JSONDocument.Value(.null, 0)
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

    private mutating func array(depth: Int) throws(Failure) -> JSONDocument.Value {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
        index += 1
        let first = pending.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONDocument.Value(.array, start: values.count, count: 0)
        }
        // Numbers go to `numbers` until something else comes (then they are moved over).
        let firstNumber = numbers.count
        var onlyNumbers = true
        while true {
            skipWhitespace()
            if onlyNumbers, index < bytes.count, bytes[index] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[index]) {
                numbers.append(try number())
            } else {
                if onlyNumbers {
                    onlyNumbers = false
                    for n in numbers[firstNumber...] { pending.append(.number(n)) }
                    numbers.removeLast(numbers.count - firstNumber)
                }
                let element = try value(depth: depth)
                pending.append(element)
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                if onlyNumbers {
                    return JSONDocument.Value(.numbers, start: firstNumber, count: numbers.count - firstNumber)
                }
                let start = values.count
                place(from: first)
                return JSONDocument.Value(.array, start: start, count: values.count - start)
            } else {
                throw failure("expected , or ] in an array")
            }
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONDocument.Value {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
        index += 1
        // Each member's key and value go to `pending`, moved to `values` at the end.
        let first = pending.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONDocument.Value(.object, start: values.count, count: 0)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in an object") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a key") }
            index += 1
            let value = try value(depth: depth)
            pending.append(key)
            pending.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                keepLastOfEachKey(from: first)
                let start = values.count
                place(from: first)
                return JSONDocument.Value(.object, start: start, count: values.count - start)
            } else {
                throw failure("expected , or } in an object")
            }
        }
    }

    /// The members (key, value) in `pending[first...]` with a repeated key's earlier ones left
    /// out, as most JSON readers do: compared pairwise in a small object, through a set of the
    /// keys in a large one (the time stays linear).
    private mutating func keepLastOfEachKey(from first: Int) {
        let count = (pending.count - first) / 2
        let repeated: Bool
        if count <= 16 {
            repeated = escaped.withUnsafeBufferPointer { escaped in
                pending.withUnsafeBufferPointer { pending in
                    // A key's first byte (keys are compared pairwise: most differ in length or there).
                    func text(_ key: JSONDocument.Value) -> UnsafePointer<UInt8> {
                        key.start < bytes.count
                            ? bytes.baseAddress! + key.start : escaped.baseAddress! + (key.start - bytes.count)
                    }
                    var k = first
                    while k < pending.count {
                        let key = pending[k], keyText = text(key)
                        var other = k + 2
                        while other < pending.count {
                            let candidate = pending[other]
                            if candidate.count == key.count, key.count == 0 || memcmp(text(candidate), keyText, key.count) == 0 {
                                return true
                            }
                            other += 2
                        }
                        k += 2
                    }
                    return false
                }
            }
        } else {
            repeated = Set(stride(from: first, to: pending.count, by: 2).map { text(of: pending[$0]) }).count < count
        }
        guard repeated else { return }
        var seen = Set<[UInt8]>(), kept: [JSONDocument.Value] = []
        for k in stride(from: first, to: pending.count, by: 2).reversed() where seen.insert(text(of: pending[k])).inserted {
            kept.append(pending[k + 1])
            kept.append(pending[k])
        }
        pending.removeLast(pending.count - first)
        pending.append(contentsOf: kept.reversed())
    }

    /// A string value's bytes, where they lie (the bytes read, or `escaped`).
    private func text(of string: JSONDocument.Value) -> [UInt8] {
        string.start < bytes.count
            ? Array(bytes[string.range]) : Array(escaped[string.start - bytes.count..<string.start - bytes.count + string.count])
    }

    /// A string: where it lies in the bytes when it has no escapes, its text appended to `escaped`
    /// otherwise.
    private mutating func string() throws(Failure) -> JSONDocument.Value {
        index += 1
        let start = index
        // The common case: no escapes, the bytes are the string.
        var i = index
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return JSONDocument.Value(.string, start: start, count: i - start)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else {
                index = i
                throw failure("control character in a string")
            }
            i += 1
        }
        index = i
        let textStart = escaped.count
        escaped.append(contentsOf: bytes[start..<index])
        // Offsets past the bytes read are in `escaped`.
        func value() -> JSONDocument.Value {
            JSONDocument.Value(.string, start: bytes.count + textStart, count: escaped.count - textStart)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return value()
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("unexpected end of the document in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped.append(escape)
                case UInt8(ascii: "b"): escaped.append(0x08)
                case UInt8(ascii: "f"): escaped.append(0x0C)
                case UInt8(ascii: "n"): escaped.append(0x0A)
                case UInt8(ascii: "r"): escaped.append(0x0D)
                case UInt8(ascii: "t"): escaped.append(0x09)
                case UInt8(ascii: "u"): escaped.append(contentsOf: try unicodeEscape())
                default: throw failure("unknown escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                escaped.append(byte)
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

    /// The digits from `i` on appended to `mantissa` (wrapping past 18 digits), `i` left after them.
    @inline(__always)
    private func readDigits(from i: inout Int, into mantissa: inout Int) {
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ Int(digit)
            i += 1
        }
    }

    /// A number as JSON writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        // A local index, stored back before each return or error (the failure's offset).
        var i = index
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        // The digits before and after the point as one integer, read as they are passed
        // (wrapping past 18 digits, where it is not used).
        var mantissa = 0
        let integerStart = i
        readDigits(from: &i, into: &mantissa)
        guard i > integerStart else {
            index = i
            throw failure("expected digits in a number")
        }
        var digitCount = i - integerStart
        var fractionDigits = 0, hasExponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            readDigits(from: &i, into: &mantissa)
            fractionDigits = i - fractionStart
            digitCount += fractionDigits
            guard fractionDigits > 0 else {
                index = i
                throw failure("expected digits after the decimal point")
            }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            hasExponent = true
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            guard i > exponentStart else {
                index = i
                throw failure("expected digits in an exponent")
            }
        }
        index = i
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
