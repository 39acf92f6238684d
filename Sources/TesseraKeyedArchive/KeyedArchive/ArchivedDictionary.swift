/// The entries of an archived NSDictionary, in the file's order, with values resolved one step.
package struct ArchivedDictionary: Sendable, Equatable, ArchivedKeyedContainer {
    /// The keys, each once.
    package let keys: [String]
    /// The values, in the order of ``keys``.
    package let values: [ArchivedValue]

    /// The number of entries.
    package var count: Int { keys.count }

    /// The value for `key`, or `nil` when the dictionary has no such key.
    package func value(forKey key: String) -> ArchivedValue? {
        keys.firstIndex(of: key).map { values[$0] }
    }
}
