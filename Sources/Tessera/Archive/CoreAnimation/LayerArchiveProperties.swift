#if !canImport(QuartzCore)
/// The properties of `CALayer`, `CAShapeLayer` and `CAReplicatorLayer` that Tessera models,
/// under their archive keys (Objective-C's property names: `hidden` for `isHidden`): the name,
/// the rows of the property table (``LayerProperty``) and the layer's own timing, in the order
/// a layer writes them.
enum LayerArchiveProperties {
    static let all: [ArchivedProperty] =
        [ArchivedProperty("name", \CALayer.name)] + properties(of: .layer) + timing
        + properties(of: .shape) + properties(of: .replicator) + properties(of: .gradient)
            + properties(of: .backdrop) + properties(of: .portal) + properties(of: .emitter)
            + properties(of: .text)

    /// The rows of the property table declared by class `owner`, in its order.
    private static func properties(of owner: LayerKind) -> [ArchivedProperty] {
        LayerProperty.table.filter { $0.owner == owner }.compactMap(\.archived)
    }

    /// The layer's own timing (a layer's duration of 0 is unbounded; Kite writes infinity).
    private static let timing: [ArchivedProperty] = [
        ArchivedProperty(timing: "beginTime", \CALayer.beginTime),
        ArchivedProperty(timing: "duration", \CALayer.duration),
        ArchivedProperty(timing: "speed", \CALayer.speed),
        ArchivedProperty(timing: "timeOffset", \CALayer.timeOffset),
        ArchivedProperty(timing: "repeatCount", \CALayer.repeatCount),
        ArchivedProperty(timing: "repeatDuration", \CALayer.repeatDuration),
        ArchivedProperty("autoreverses", \CALayer.autoreverses),
        ArchivedProperty("fillMode", \CALayer.fillMode),
    ]

    /// ``all`` by key.
    static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
}
#endif
