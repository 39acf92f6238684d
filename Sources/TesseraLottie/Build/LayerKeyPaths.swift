import TesseraCore

/// The key paths a builder sets, each resolved once: `CALayer.setValue(_:forKeyPath:)` parses
/// its string at every call, which costs several times what setting the value does.
final class LayerKeyPaths {
    private var resolved: [String: LayerKeyPath] = [:]

    /// Sets `keyPath` of `layer` to `value` as `setValue(_:forKeyPath:)` does (which it is left
    /// to for a key path or a value it does not take, and their diagnostics).
    func set(_ value: Any, forKeyPath keyPath: String, on layer: CALayer) {
        guard let key = key(keyPath), let read = AnimatableValue(value, as: key.kind) else {
            layer.setValue(value, forKeyPath: keyPath)
            return
        }
        key.set(read, in: &layer.properties)
    }

    private func key(_ keyPath: String) -> LayerKeyPath? {
        if let key = resolved[keyPath] { return key }
        guard keyPath != "name", let key = LayerKeyPath(keyPath) else { return nil }
        resolved[keyPath] = key
        return key
    }
}
