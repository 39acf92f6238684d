import Foundation

/// A JSON document as ``JSONParser`` reads it, flat: every value in one array, the numbers of the
/// arrays of numbers in a second, the document's own bytes (where its strings lie) in a third and
/// each value's container in a fourth. Building it is appends and freeing it is four buffers, where a tree of enums and
/// arrays had a value to destroy each (more instructions than reading the file, on a large one).
/// ``JSONNode`` walks it.
///
/// The values, numbers and parents are the parser's own buffers, handed over rather than copied into
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
        /// A number's bits; a boolean 0 or 1; for a string, the offset and length of its UTF-8
        /// in ``JSONDocument/text``; for a container, the first index and count of its children
        /// in ``JSONDocument/values`` (``JSONDocument/numbers`` for `.numbers`). Offsets and
        /// counts take 32 bits each: a document is at most 256 MiB.
        let payload: UInt64

        init(_ kind: Kind, _ payload: UInt64) {
            self.kind = kind
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
    /// The index in ``values`` of each value's container (the root's own index for the root).
    let parents: UnsafeBufferPointer<UInt32>
    let numbers: UnsafeBufferPointer<Double>
    /// The bytes read, then the text of the strings that hold escapes: a string without escapes
    /// is where it lies in the document.
    let text: [UInt8]
    /// Whether some object has a member `x` that is a string, as a Lottie property with an
    /// expression has: without one, no layer need be searched for expressions.
    let mayHaveExpressions: Bool

    /// A document of the parser's buffers (``JSONBuffer/taken``), which it frees.
    init(
        values: UnsafeBufferPointer<Value>, parents: UnsafeBufferPointer<UInt32>, numbers: UnsafeBufferPointer<Double>, text: [UInt8],
        mayHaveExpressions: Bool
    ) {
        self.values = values
        self.parents = parents
        self.numbers = numbers
        self.text = text
        self.mayHaveExpressions = mayHaveExpressions
    }

    deinit {
        free(UnsafeMutablePointer(mutating: values.baseAddress))
        free(UnsafeMutablePointer(mutating: parents.baseAddress))
        free(UnsafeMutablePointer(mutating: numbers.baseAddress))
    }

    var root: Int { values.count - 1 }

    /// A string value's text.
    func string(_ value: Value) -> String {
        String(decoding: text[value.range], as: UTF8.self)
    }

    /// The index of the value of the member `key` of `object` (an object); nil when missing.
    /// (A Lottie object has a handful of members, looked up a few times each: searched in order.)
    func member(_ key: String, of object: Value) -> Int? {
        var key = key
        return key.withUTF8 { key in
            text.withUnsafeBufferPointer { text in
                for k in stride(from: object.start, to: object.start + object.count, by: 2) {
                    let name = values[k]
                    guard name.count == key.count else { continue }
                    var i = 0
                    while i < key.count, text[name.start + i] == key[i] { i += 1 }
                    if i == key.count { return k + 1 }
                }
                return nil
            }
        }
    }
}
