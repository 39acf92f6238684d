/// Values looked up by key, with typed accessors: an archived object's fields, an archived
/// dictionary's entries.
///
/// The typed accessors return `nil` when the key is absent or holds nil, and throw
/// ``KeyedArchiveError/typeMismatch(key:expected:found:)`` when it holds a value they cannot
/// convert, so a malformed file is an error rather than a silently missing property.
package protocol ArchivedKeyedContainer {
    /// The value for `key`, or `nil` when the key is absent.
    func value(forKey key: String) throws(KeyedArchiveError) -> ArchivedValue?
}

extension ArchivedKeyedContainer {
    /// A number: integer, real or boolean.
    package func double(forKey key: String) throws(KeyedArchiveError) -> Double? {
        try typedValue(forKey: key, expected: "a number") { $0.doubleValue }
    }

    /// A whole number: integer, boolean, or real without a fractional part, in `Int`'s range.
    package func int(forKey key: String) throws(KeyedArchiveError) -> Int? {
        try typedValue(forKey: key, expected: "a whole number") { $0.intValue }
    }

    /// A boolean, stored as a boolean or as an integer (non-zero is true).
    package func bool(forKey key: String) throws(KeyedArchiveError) -> Bool? {
        try typedValue(forKey: key, expected: "a bool") { $0.boolValue }
    }

    /// A string (inline, a string object, or a boxed NSString).
    package func string(forKey key: String) throws(KeyedArchiveError) -> String? {
        try typedValue(forKey: key, expected: "a string") { $0.stringValue }
    }

    /// Bytes (inline, a data object, or a boxed NSData).
    package func data(forKey key: String) throws(KeyedArchiveError) -> [UInt8]? {
        try typedValue(forKey: key, expected: "data") { $0.dataValue }
    }

    /// An instance of an archived class (collections included).
    package func object(forKey key: String) throws(KeyedArchiveError) -> ArchivedObject? {
        try typedValue(forKey: key, expected: "an object") { $0.objectValue }
    }

    /// The elements of the NSArray (or NSSet) the key refers to.
    package func array(forKey key: String) throws(KeyedArchiveError) -> [ArchivedValue]? {
        try object(forKey: key)?.arrayElements()
    }

    /// The entries of the NSDictionary the key refers to.
    package func dictionary(forKey key: String) throws(KeyedArchiveError) -> ArchivedDictionary? {
        try object(forKey: key)?.dictionaryEntries()
    }

    private func typedValue<T>(
        forKey key: String, expected: String, _ convert: (ArchivedValue) -> T?
    ) throws(KeyedArchiveError) -> T? {
        guard let value = try value(forKey: key), value != .null else { return nil }
        guard let converted = convert(value) else {
            throw .typeMismatch(key: key, expected: expected, found: value.typeName)
        }
        return converted
    }
}
