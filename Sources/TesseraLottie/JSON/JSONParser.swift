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

    /// Why the bytes are not a JSON document the reader takes, and where.
    struct Failure: Error, Equatable {
        let offset: Int
        let reason: String
    }

    /// The bytes read, valid while ``parse(_:)`` runs (read without bounds checks: each read is
    /// after a comparison of `index` with `count`).
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private var index = 0
    /// The document's buffers (see ``JSONDocument``), appended to as values close.
    private var values: JSONBuffer<JSONDocument.Value>
    private var numbers: JSONBuffer<Double>
    /// The strings that hold escapes, as they read: the document's text is the bytes read, then
    /// these. A string without escapes (nearly all, keys included) is where it lies in the bytes,
    /// never copied.
    private var escaped: JSONBuffer<UInt8>
    /// The children of the containers being read, innermost last: moved to `values` when their
    /// container closes. (The numbers of an array of numbers go straight to `numbers`.)
    private var pending: JSONBuffer<JSONDocument.Value>
    /// The ``keyCode(_:)`` of each key in `pending`, in order: repeated keys are looked for by them.
    private var keyCodes: JSONBuffer<UInt64>
    /// Whether a member `x` is a string (see ``JSONDocument/mayHaveExpressions``).
    private var hasStringX = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
        // Room from the start for a document's values and numbers (a value for every 4 bytes and a
        // number for every 6, more than lottie-ios's samples hold), so that they seldom grow: the
        // pages of memory not written to are never touched.
        values = JSONBuffer(capacity: bytes.count / 4)
        numbers = JSONBuffer(capacity: bytes.count / 6)
        escaped = JSONBuffer(capacity: 0)
        pending = JSONBuffer(capacity: 256)
        keyCodes = JSONBuffer(capacity: 128)
    }

    /// Frees the buffers the document does not take.
    private func deallocate() {
        escaped.deallocate()
        pending.deallocate()
        keyCodes.deallocate()
    }

    /// The document the bytes hold (an optional UTF-8 byte order mark first, white space around it).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONDocument {
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<JSONDocument, Failure> in
            var parser = JSONParser(buffer)
            defer { parser.deallocate() }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            do throws(Failure) {
                let root = try parser.value(depth: 0)
                parser.skipWhitespace()
                guard parser.index == parser.count else { throw parser.failure("unexpected text after the document") }
                parser.pending.append(root)
                parser.place(from: 0)
                let text = parser.escaped.count == 0 ? bytes : bytes + parser.escaped.taken
                return .success(
                    JSONDocument(
                        values: parser.values.taken, numbers: parser.numbers.taken, text: text,
                        mayHaveExpressions: parser.hasStringX))
            } catch {
                parser.values.deallocate()
                parser.numbers.deallocate()
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
        while i < count {
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
        values.append(pending.base + first, count: pending.count - first)
        pending.truncate(to: first)
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONDocument.Value {
        skipWhitespace()
        guard index < count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"):
            try literal(0x65_75_72_74, length: 4)   // "true", little-endian
            return JSONDocument.Value(.bool, 1)
        case UInt8(ascii: "f"):
            try literal(0x65_73_6C_61_66, length: 5)   // "false"
            return JSONDocument.Value(.bool, 0)
        case UInt8(ascii: "n"):
            try literal(0x6C_6C_75_6E, length: 4)   // "null"
            return JSONDocument.Value(.null, 0)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    /// The word whose bytes `word` holds, first byte lowest; an error at its first byte that differs.
    private mutating func literal(_ word: UInt64, length: Int) throws(Failure) {
        for k in 0..<length {
            guard index < count else { throw failure("unexpected end of the document") }
            guard bytes[index] == UInt8(truncatingIfNeeded: word >> (8 * UInt64(k))) else { throw failure("unexpected character") }
            index += 1
        }
    }

    @inline(__always)
    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-")
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONDocument.Value {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nest deeper than \(Self.maximumDepth)") }
        index += 1
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONDocument.Value(.array, start: values.count, count: 0)
        }
        // Numbers go to `numbers` until something else comes (then they are moved over).
        let firstNumber = numbers.count
        while true {
            guard index < count else { throw failure("unexpected end of the document") }
            guard Self.startsNumber(bytes[index]) else { break }
            numbers.append(try number())
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of the document in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return JSONDocument.Value(.numbers, start: firstNumber, count: numbers.count - firstNumber)
            } else {
                throw failure("expected , or ] in an array")
            }
        }
        let first = pending.count
        for k in firstNumber..<numbers.count { pending.append(.number(numbers[k])) }
        numbers.truncate(to: firstNumber)
        while true {
            pending.append(try value(depth: depth))
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of the document in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
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
        let first = pending.count, firstCode = keyCodes.count
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONDocument.Value(.object, start: values.count, count: 0)
        }
        while true {
            skipWhitespace()
            guard index < count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in an object") }
            var key = try string()
            let code = keyCode(key)
            // The code's length and first 3 bytes, as ``JSONDocument/member(_:of:)`` searches for them.
            key = JSONDocument.Value(
                .string, key.payload, keyPrefix: UInt32(truncatingIfNeeded: code >> 32 & 0xFF00_0000 | code & 0xFF_FFFF))
            keyCodes.append(code)
            skipWhitespace()
            guard index < count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a key") }
            index += 1
            let value = try value(depth: depth)
            if code == Self.xCode, value.kind == .string { hasStringX = true }
            pending.append(key)
            pending.append(value)
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of the document in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                if Self.hasRepeatedKey(keyCodes.base + firstCode, count: keyCodes.count - firstCode) { keepLastOfEachKey(from: first) }
                keyCodes.truncate(to: firstCode)
                let start = values.count
                place(from: first)
                return JSONDocument.Value(.object, start: start, count: values.count - start)
            } else {
                throw failure("expected , or } in an object")
            }
        }
    }

    /// Where a string value's bytes lie (the bytes read, or `escaped`).
    /// (This and ``keyCode(_:)`` are inlined: a call to a method of the parser copied it.)
    @inline(__always)
    private func text(_ string: JSONDocument.Value) -> UnsafePointer<UInt8> {
        string.start < count ? bytes + string.start : UnsafePointer(escaped.base) + (string.start - count)
    }

    /// A key as one integer: its length (up to 255) in the top byte, its first 7 bytes below. Two
    /// keys of up to 7 bytes are the same when their codes are; longer ones when their bytes are too.
    @inline(__always)
    private func keyCode(_ key: JSONDocument.Value) -> UInt64 {
        let text = text(key)
        var code = UInt64(min(key.count, 255)) << 56
        for k in 0..<min(key.count, 7) { code |= UInt64(text[k]) << (8 * UInt64(k)) }
        return code
    }

    /// The ``keyCode(_:)`` of `x`.
    private static let xCode = UInt64(1) << 56 | UInt64(UInt8(ascii: "x"))

    /// Whether two keys of the object being closed (whose codes are `codes`) have the same code:
    /// pairwise in a small object, through a set of the codes in a large one (the time stays
    /// linear). Keys longer than 7 bytes with the same code may still differ: the slow path
    /// (``keepLastOfEachKey(from:)``) compares their bytes.
    private static func hasRepeatedKey(_ codes: UnsafePointer<UInt64>, count keyCount: Int) -> Bool {
        guard keyCount <= 32 else { return Set(UnsafeBufferPointer(start: codes, count: keyCount)).count < keyCount }
        for k in 0..<keyCount {
            for other in k + 1..<keyCount where codes[k] == codes[other] { return true }
        }
        return false
    }

    /// The members (key, value) in `pending[first...]` with a repeated key's earlier ones left
    /// out, as most JSON readers do (a key compared by its bytes).
    private mutating func keepLastOfEachKey(from first: Int) {
        var seen = Set<[UInt8]>(), kept: [JSONDocument.Value] = []
        for k in stride(from: first, to: pending.count, by: 2).reversed()
        where seen.insert(Array(UnsafeBufferPointer(start: text(pending[k]), count: pending[k].count))).inserted {
            kept.append(pending[k + 1])
            kept.append(pending[k])
        }
        pending.truncate(to: first)
        for value in kept.reversed() { pending.append(value) }
    }

    /// A string: where it lies in the bytes when it has no escapes, its text appended to `escaped`
    /// otherwise.
    private mutating func string() throws(Failure) -> JSONDocument.Value {
        index += 1
        let start = index
        // The common case: no escapes, the bytes are the string.
        var i = index
        while i < count {
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
        escaped.append(bytes + start, count: index - start)
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // Offsets past the bytes read are in `escaped`.
                return JSONDocument.Value(.string, start: count + textStart, count: escaped.count - textStart)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < count else { throw failure("unexpected end of the document in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped.append(escape)
                case UInt8(ascii: "b"): escaped.append(0x08)
                case UInt8(ascii: "f"): escaped.append(0x0C)
                case UInt8(ascii: "n"): escaped.append(0x0A)
                case UInt8(ascii: "r"): escaped.append(0x0D)
                case UInt8(ascii: "t"): escaped.append(0x09)
                case UInt8(ascii: "u"): for byte in try unicodeEscape() { escaped.append(byte) }
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
    private mutating func unicodeEscape() throws(Failure) -> String.UTF8View {
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), index + 1 < count,
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
        return String(Character(scalar)).utf8
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= count else { throw failure("unexpected end of the document in a \\u escape") }
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
    /// (A byte at a time: eight at a time cost more, a Lottie number's runs of digits being short.)
    @inline(__always)
    private func readDigits(from i: inout Int, into mantissa: inout Int) {
        while i < count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ Int(digit)
            i += 1
        }
    }

    /// 10^k for k in 0…15, each exactly a double.
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
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
        if i < count, bytes[i] == UInt8(ascii: ".") {
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
        if i < count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            hasExponent = true
            if i < count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
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
            let magnitude = fractionDigits > 0 ? Double(mantissa) / Self.powerOfTen(fractionDigits) : Double(mantissa)
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)),
            value.isFinite
        else {
            index = start
            throw failure("number out of range")
        }
        return value
    }
}
