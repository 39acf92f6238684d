/// A property list dictionary: string keys, each once, in the order of the file or of insertion.
///
/// The order makes written files deterministic; it is not part of equality (two dictionaries with
/// the same entries in different orders are equal, as Foundation's are). Keys compare as Swift
/// strings do: canonically equivalent spellings ("é" precomposed or not) are one key.
package struct PropertyListDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The keys, in order.
    package private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    package private(set) var values: [PropertyListValue] = []
    private var positions: [String: Int] = [:]

    /// An empty dictionary.
    package init() {}

    /// A dictionary of the literal's entries in order; a repeated key keeps its first position
    /// and its last value.
    package init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The number of entries.
    package var count: Int { keys.count }

    /// The entries, in order.
    package var entries: Zip2Sequence<[String], [PropertyListValue]> { zip(keys, values) }

    /// The value for `key`. Setting a new key appends it; setting `nil` removes the entry.
    package subscript(key: String) -> PropertyListValue? {
        get { positions[key].map { values[$0] } }
        set {
            switch (positions[key], newValue) {
            case (let position?, let value?):
                values[position] = value
            case (nil, let value?):
                positions[key] = keys.count
                keys.append(key)
                values.append(value)
            case (let position?, nil):
                keys.remove(at: position)
                values.remove(at: position)
                positions[key] = nil
                for index in position..<keys.count { positions[keys[index]] = index }
            case (nil, nil):
                break
            }
        }
    }

    /// Appends an entry whose key is new; returns `false`, changing nothing, when it is not.
    mutating func appendNewEntry(_ value: PropertyListValue, forKey key: String) -> Bool {
        guard positions[key] == nil else { return false }
        self[key] = value
        return true
    }

    /// Whether both have the same keys with equal values, in any order.
    package static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { key, value in rhs[key] == value }
    }
}
