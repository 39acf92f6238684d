import Foundation

/// A layer and its subtree as shown at one time: the presentation tree as values, which can
/// cross threads (the renderer takes it). Immutable; a class, so that building and passing a
/// tree of thousands of layers every frame copies references, not properties.
public final class LayerSnapshot: Sendable {
    /// The presented properties.
    public let properties: LayerProperties
    public let name: String?
    /// The sublayers' snapshots, back to front.
    public let sublayers: [LayerSnapshot]
    /// The mask layer's snapshot.
    public let mask: LayerSnapshot?
    /// The layer's own time at the snapshot (nil when its timing is not active).
    public let localTime: Double?

    init(properties: consuming LayerProperties, name: String?, sublayers: [LayerSnapshot], mask: LayerSnapshot?, localTime: Double?) {
        self.properties = properties
        self.name = name
        self.sublayers = sublayers
        self.mask = mask
        self.localTime = localTime
    }

    /// The first snapshot in this subtree (depth first, this one included) named `name`.
    public func first(named name: String) -> LayerSnapshot? {
        if self.name == name { return self }
        for child in sublayers { if let found = child.first(named: name) { return found } }
        return nil
    }
}
