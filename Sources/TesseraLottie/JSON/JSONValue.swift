/// A JSON value as a Lottie document holds it: what ``JSONParser`` reads, before the document's
/// own types are read from it.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// Always finite: the parser refuses numbers out of `Double`'s range.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An array of numbers only (most of a Lottie file's arrays: points, colors, values), kept
    /// as the numbers: one buffer to build and to free, with nothing in it to destroy.
    case numbers([Double])
    /// The members in the document's order, each key once: a repeated key keeps its last value,
    /// as most JSON readers do. (A Lottie object has a handful of members, looked up a few times
    /// each: a list searched in order costs less to build and to search than a hash table.)
    case object([JSONMember])

    /// The kind of value, for messages ("expected a number, found a string").
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array, .numbers: "an array"
        case .object: "an object"
        }
    }

    /// The member `key` of an object; nil for a missing key and for anything not an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }
}

/// One member of a JSON object. (A struct, not a tuple: copying and destroying arrays of tuples
/// goes through the runtime's generic tuple witnesses.)
struct JSONMember: Sendable {
    let key: String
    let value: JSONValue
}
