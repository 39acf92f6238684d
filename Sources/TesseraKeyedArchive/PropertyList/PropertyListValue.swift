/// A property list value, as a binary property list (`bplist00`) stores it.
///
/// Values are immutable trees; equal subtrees read from one file share their storage.
package enum PropertyListValue: Sendable, Equatable {
    /// The `null` object (marker `0x00`): Foundation reads it as `NSNull` but never writes it.
    case null
    case bool(Bool)
    /// An integer. Every value from `Int64.min` to `Int64.max` reads back as this case.
    case integer(Int64)
    /// An integer above `Int64.max`, which bplist stores as a 16-byte integer.
    ///
    /// The reader gives this case only for values above `Int64.max`, so every number has one
    /// representation; the writer writes smaller values of this case as ordinary integers, which
    /// read back as ``integer(_:)``.
    case unsignedInteger(UInt64)
    /// A floating-point number; 4-byte reals are read and widened to `Double`.
    case real(Double)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC (Foundation's reference date).
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A keyed archive's reference to an object of its `$objects` array.
    case uid(UInt64)
    case array([PropertyListValue])
    /// A set, kept in the order of the file (Foundation reads it as `NSSet`).
    case set([PropertyListValue])
    case dictionary(PropertyListDictionary)
}

extension PropertyListValue {
    /// The string, when this is a ``string(_:)``.
    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The reference, when this is a ``uid(_:)``.
    package var uidValue: UInt64? {
        if case .uid(let value) = self { value } else { nil }
    }

    /// The elements, when this is an ``array(_:)``.
    package var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The dictionary, when this is a ``dictionary(_:)``.
    package var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// A short name of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .string: "string"
        case .uid: "uid"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        }
    }
}
