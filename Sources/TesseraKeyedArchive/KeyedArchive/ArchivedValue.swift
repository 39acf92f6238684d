/// A value read from a keyed archive: a field of an object, an element of a collection, a `$top`
/// entry, with references resolved one step.
package enum ArchivedValue: Sendable, Equatable {
    /// nil: reference 0 (`$null`).
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    /// A string, stored inline, as a string object, or boxed in an NSString / NSMutableString.
    case string(String)
    /// Bytes, stored inline, as a data object, or boxed in an NSData / NSMutableData.
    case data([UInt8])
    /// An instance of an archived class, including collections (NSArray, NSDictionary…): read
    /// its fields, elements or entries through ``ArchivedObject``.
    case object(ArchivedObject)
    /// A plain property list value NSKeyedArchiver does not write as an object (an inline array,
    /// dictionary or date, an integer above `Int64.max`), such as a collection's `NS.objects` list
    /// of references, given as stored.
    case propertyList(PropertyListValue)
}

extension ArchivedValue {
    /// The number as a `Double`: integers, reals and booleans (1 or 0), as `NSNumber` converts.
    package var doubleValue: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The number as an `Int`: integers, booleans (1 or 0), and reals that are whole numbers in
    /// range (never rounded or truncated).
    package var intValue: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .bool(let value): value ? 1 : 0
        case .real(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A boolean: booleans, and integers (non-zero is true), since Kite archives store booleans as
    /// integers.
    package var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .integer(let value): value != 0
        default: nil
        }
    }

    /// The string, when this is a ``string(_:)``.
    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The bytes, when this is ``data(_:)``.
    package var dataValue: [UInt8]? {
        if case .data(let value) = self { value } else { nil }
    }

    /// The object view, when this is an ``object(_:)``.
    package var objectValue: ArchivedObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// A short description of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: "nil"
        case .bool: "a bool"
        case .integer: "an integer"
        case .real: "a real"
        case .string: "a string"
        case .data: "data"
        case .object(let object): "an object of class \(object.className)"
        case .propertyList(let value): "a plain \(value.typeName)"
        }
    }
}
