import Synchronization

/// Numbers for the keys of key paths that reach inside a property's value (a filter's input, an
/// emitter cell's field), given once when a key path is resolved: ``LayerKeyPath`` carries the
/// number, so that a key path stays a small value without references (copied by every animation
/// every frame). Only grows: one entry per distinct key a process animates.
final class KeyPathNumbers<Key: Hashable & Sendable>: Sendable {
    private let table = Mutex<(keys: [Key], numbers: [Key: Int])>(([], [:]))

    /// The number of `key`, given on first use.
    func number(of key: Key) -> Int {
        table.withLock { table in
            if let number = table.numbers[key] { return number }
            table.keys.append(key)
            table.numbers[key] = table.keys.count - 1
            return table.keys.count - 1
        }
    }

    /// The key numbered `number`.
    func key(_ number: Int) -> Key {
        table.withLock { $0.keys[number] }
    }
}
