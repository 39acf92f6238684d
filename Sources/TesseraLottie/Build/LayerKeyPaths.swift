import TesseraCore

/// The key paths a builder sets, each resolved once: `CALayer.setValue(_:forKeyPath:)` parses
/// its string at every call, which costs several times what setting the value does.
final class LayerKeyPaths {
    /// The strings resolved so far and what each resolved to, side by side: a builder sets a
    /// dozen or two key paths, written as literals (equal strings are most often the same
    /// bytes, which compare at once), and a `[String: LayerKeyPath]` would have the runtime look up
    /// `String`'s conformance to `Hashable` through every conformance record of the process.
    private var strings: [String] = []
    private var resolved: [LayerKeyPath?] = []

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
        if let known = strings.firstIndex(of: keyPath) { return resolved[known] }
        let key = keyPath == "name" ? nil : LayerKeyPath(keyPath)
        strings.append(keyPath)
        resolved.append(key)
        return key
    }
}
