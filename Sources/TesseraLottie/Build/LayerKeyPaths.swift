import TesseraCore

/// The key paths a builder sets, each resolved once: `CALayer.setValue(_:forKeyPath:)` parses
/// its string at every call, which costs several times what setting the value does.
final class LayerKeyPaths {
    /// The strings resolved so far and what each resolved to: a builder sets a dozen or two key
    /// paths, written as literals, and a `[String: LayerKeyPath]` would have the runtime look up
    /// `String`'s conformance to `Hashable` through every conformance record of the process.
    private struct Resolved {
        var strings: [String] = []
        var lengths: [Int] = []
        var keys: [LayerKeyPath?] = []

        /// Where `string` is, searched in order, lengths compared first (a string knows its length).
        func index(of string: String, length: Int) -> Int? {
            lengths.indices.first { lengths[$0] == length && strings[$0] == string }
        }
    }

    /// One stored property, read once a lookup (each read of a class's property is checked for
    /// exclusive access).
    private var resolved = Resolved()

    /// Sets `keyPath` of `layer` to `value` as `setValue(_:forKeyPath:)` does (which it is left
    /// to for a key path or a value it does not take, and their diagnostics). A value already in
    /// the model's form for the key path is set as it is, not read back out of an `Any`.
    func set<Value: LayerValue>(_ value: Value, forKeyPath keyPath: String, on layer: CALayer) {
        guard let key = key(keyPath) else {
            layer.setValue(value, forKeyPath: keyPath)
            return
        }
        if let typed = value.animatableValue, typed.kind == key.kind {
            key.set(typed, in: &layer.properties)
        } else if let read = AnimatableValue(value, as: key.kind) {
            key.set(read, in: &layer.properties)
        } else {
            layer.setValue(value, forKeyPath: keyPath)
        }
    }

    private func key(_ keyPath: String) -> LayerKeyPath? {
        let length = keyPath.utf8.count
        if let known = resolved.index(of: keyPath, length: length) { return resolved.keys[known] }
        let key = keyPath == "name" ? nil : LayerKeyPath(keyPath)
        resolved.strings.append(keyPath)
        resolved.lengths.append(length)
        resolved.keys.append(key)
        return key
    }
}
