import Foundation
import Synchronization

/// A JSON document as ``JSONParser`` reads it, flat: every value in one array, the numbers of the
/// arrays of numbers in a second, the document's own bytes (where its strings lie) in a third and,
/// once a path is asked for, each value's container in a fourth. Building it is appends and freeing
/// it is a few buffers, where a tree of enums and arrays had a value to destroy each (more
/// instructions than reading the file, on a large one). ``JSONNode`` walks it.
///
/// The values and numbers are the parser's own buffers, handed over rather than copied into
/// arrays, and read through buffer pointers (the parser's indices are in range by construction);
/// never written after ``JSONParser`` has made them, so the document can be shared.
///
/// A container's children sit together in ``values``, written when it closes (so after their
/// own children, the root last); an object's are its members' keys and values in turn.
final class JSONDocument: @unchecked Sendable {
    /// One value: its kind and where its contents are.
    struct Value: Sendable {
        enum Kind: UInt8, Sendable {
            case null, bool, number, string, array, numbers, object
        }

        let kind: Kind
        /// For an object's key, its ``keyPrefix(length:first:)`` (0 for any other value), which
        /// finds a member without reading the keys' bytes. (In the room the payload's alignment
        /// leaves: a value takes 16 bytes either way.)
        let keyPrefix: UInt32
        /// A number's bits; a boolean 0 or 1; for a string, the offset and length of its UTF-8
        /// in ``JSONDocument/text``; for a container, the first index and count of its children
        /// in ``JSONDocument/values`` (``JSONDocument/numbers`` for `.numbers`). Offsets and
        /// counts take 32 bits each: a document is at most 256 MiB.
        let payload: UInt64

        init(_ kind: Kind, _ payload: UInt64, keyPrefix: UInt32 = 0) {
            self.kind = kind
            self.keyPrefix = keyPrefix
            self.payload = payload
        }

        init(_ kind: Kind, start: Int, count: Int) {
            self.init(kind, UInt64(start) << 32 | UInt64(count))
        }

        static func number(_ n: Double) -> Value { Value(.number, n.bitPattern) }

        /// The number, for `.number`.
        var number: Double { Double(bitPattern: payload) }

        var start: Int { Int(payload >> 32) }
        var count: Int { Int(payload & 0xFFFF_FFFF) }
        /// A container's children (an object's keys and values, in turn), a string's bytes.
        var range: Range<Int> { start..<start + count }

        /// A key's length (up to 255) in the top byte, its first 3 bytes (`first(k)`) below: two
        /// keys of up to 3 bytes are the same when their prefixes are (all but a few of Lottie's).
        @inline(__always)
        static func keyPrefix(length: Int, first: (Int) -> UInt8) -> UInt32 {
            var prefix = UInt32(min(length, 255)) << 24
            for k in 0..<min(length, 3) { prefix |= UInt32(first(k)) << (8 * UInt32(k)) }
            return prefix
        }

        /// The kind of value, for messages ("expected a number, found a string").
        var kindName: String {
            switch kind {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array, .numbers: "an array"
            case .object: "an object"
            }
        }
    }

    /// The values, the root last.
    let values: UnsafeBufferPointer<Value>
    let numbers: UnsafeBufferPointer<Double>
    /// The bytes read, then the text of the strings that hold escapes: a string without escapes
    /// is where it lies in the document.
    let text: [UInt8]
    /// Whether some object has a member `x` that is a string, as a Lottie property with an
    /// expression has: without one, no layer need be searched for expressions.
    let mayHaveExpressions: Bool

    /// ``parents``, once made.
    private let parentTable = Mutex<UnsafeBufferPointer<UInt32>?>(nil)

    /// A document of the parser's buffers (``JSONBuffer/taken``), which it frees.
    init(values: UnsafeBufferPointer<Value>, numbers: UnsafeBufferPointer<Double>, text: [UInt8], mayHaveExpressions: Bool) {
        self.values = values
        self.numbers = numbers
        self.text = text
        self.mayHaveExpressions = mayHaveExpressions
    }

    deinit {
        free(UnsafeMutablePointer(mutating: values.baseAddress))
        free(UnsafeMutablePointer(mutating: numbers.baseAddress))
        parentTable.withLock { free(UnsafeMutablePointer(mutating: $0?.baseAddress)) }
    }

    /// The index in ``values`` of each value's container (the root's own index for the root).
    /// Only a node's path reads it (errors, reports), which most loads never make: it is written
    /// in one pass the first time (a container's children sit before it in ``values``), then kept.
    var parents: UnsafeBufferPointer<UInt32> {
        parentTable.withLock { table in
            if let table { return table }
            let parents = JSONBuffer<UInt32>(repeating: UInt32(values.count - 1), count: values.count)
            for index in values.indices {
                let value = values[index]
                guard value.kind == .array || value.kind == .object else { continue }
                for child in value.range { parents[child] = UInt32(index) }
            }
            table = parents.taken
            return parents.taken
        }
    }

    var root: Int { values.count - 1 }

    /// A string value's text.
    func string(_ value: Value) -> String {
        String(decoding: text[value.range], as: UTF8.self)
    }

    /// The index of the value of the member `key` of `object` (an object); nil when missing.
    /// (A Lottie object has a handful of members, looked up a few times each: searched in order,
    /// by the keys' prefixes, their bytes past the third compared only where a prefix matches.)
    /// The key is a literal: its bytes are read in place, where a `String`'s are copied out.
    func member(_ key: StaticString, of object: Value) -> Int? {
        key.withUTF8Buffer { member($0, of: object) }
    }

    /// The member of `object` whose key has the UTF-8 bytes `key`, as for a literal key.
    func member(_ key: UnsafeBufferPointer<UInt8>, of object: Value) -> Int? {
        let prefix = Value.keyPrefix(length: key.count) { key[$0] }
        var k = object.start
        let end = object.start + object.count
        while k < end {
            let name = values[k]
            if name.keyPrefix == prefix, name.count == key.count, key.count <= 3 || hasBytes(of: key, from: 3, at: name.start) {
                return k + 1
            }
            k += 2
        }
        return nil
    }

    /// Whether `key[from...]` is in ``text`` at `start + from`.
    private func hasBytes(of key: UnsafeBufferPointer<UInt8>, from first: Int, at start: Int) -> Bool {
        text.withUnsafeBufferPointer { text in
            (first..<key.count).allSatisfy { text[start + $0] == key[$0] }
        }
    }
}
