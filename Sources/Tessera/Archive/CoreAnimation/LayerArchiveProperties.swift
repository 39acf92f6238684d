import TesseraCore

#if !canImport(QuartzCore)
/// The properties of every layer class Tessera models (``LayerClass``), under their archive keys
/// (Objective-C's property names: `hidden` for `isHidden`): the name, the rows of the property
/// table (``LayerProperty``) and the layer's own timing, in the order a layer writes them:
/// `CALayer`'s, its timing, then each subclass's in the registry's order.
enum LayerArchiveProperties {
    static let all: [ArchivedProperty] =
        [ArchivedProperty("name", \CALayer.name)] + properties(of: .layer) + timing
        + LayerKind.allCases.filter { $0 != .layer }.flatMap(properties(of:))

    /// The rows of the property table declared by class `owner`, in its order.
    private static func properties(of owner: LayerKind) -> [ArchivedProperty] {
        LayerProperty.table.filter { $0.owner == owner }.compactMap { $0.accept(ArchivedLayerProperty()) }
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
