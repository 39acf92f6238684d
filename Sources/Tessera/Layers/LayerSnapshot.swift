import Foundation

/// A layer and its subtree as shown at one time: the presentation tree as values, which can
/// cross threads (the renderer takes it).
public struct LayerSnapshot: Sendable {
    /// The presented properties.
    public var properties: LayerProperties
    public var name: String?
    /// The sublayers' snapshots, back to front.
    public var sublayers: [LayerSnapshot]
    /// The mask layer's snapshot.
    public var mask: Box?
    /// The layer's own time at the snapshot (nil when its timing is not active).
    public var localTime: Double?

    /// Holds a snapshot indirectly (a mask inside a snapshot).
    public final class Box: Sendable {
        public let snapshot: LayerSnapshot
        init(_ snapshot: LayerSnapshot) { self.snapshot = snapshot }
    }

    init(properties: LayerProperties, name: String?, sublayers: [LayerSnapshot], mask: LayerSnapshot?, localTime: Double?) {
        self.properties = properties
        self.name = name
        self.sublayers = sublayers
        self.mask = mask.map(Box.init)
        self.localTime = localTime
    }

    /// The first snapshot in this subtree (depth first, this one included) named `name`.
    public func first(named name: String) -> LayerSnapshot? {
        if self.name == name { return self }
        for child in sublayers { if let found = child.first(named: name) { return found } }
        return nil
    }
}
