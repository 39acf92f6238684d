/// The entries of an archived NSDictionary, in the file's order, with values resolved one step.
public struct ArchivedDictionary: Sendable, Equatable, ArchivedKeyedContainer {
    /// The keys, each once.
    public let keys: [String]
    /// The values, in the order of ``keys``.
    public let values: [ArchivedValue]

    /// The number of entries.
    public var count: Int { keys.count }

    /// The value for `key`, or `nil` when the dictionary has no such key.
    public func value(forKey key: String) -> ArchivedValue? {
        keys.firstIndex(of: key).map { values[$0] }
    }
}
