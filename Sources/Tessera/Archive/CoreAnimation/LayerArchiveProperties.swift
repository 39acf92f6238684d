#if !canImport(QuartzCore)
/// The properties of `CALayer`, `CAShapeLayer` and `CAReplicatorLayer` that Tessera models,
/// under their archive keys (Objective-C's property names: `hidden` for `isHidden`).
enum LayerArchiveProperties {
    static let all: [ArchivedProperty] = [
        ArchivedProperty("name", \CALayer.name),
        // Geometry
        ArchivedProperty("bounds", \CALayer.bounds),
        ArchivedProperty("position", \CALayer.position),
        ArchivedProperty("zPosition", \CALayer.zPosition),
        ArchivedProperty("anchorPoint", \CALayer.anchorPoint),
        ArchivedProperty("anchorPointZ", \CALayer.anchorPointZ),
        ArchivedProperty("transform", \CALayer.transform),
        ArchivedProperty("sublayerTransform", \CALayer.sublayerTransform),
        ArchivedProperty("geometryFlipped", \CALayer.isGeometryFlipped),
        // Appearance
        ArchivedProperty("opacity", \CALayer.opacity),
        ArchivedProperty("hidden", \CALayer.isHidden),
        ArchivedProperty("backgroundColor", \CALayer.backgroundColor),
        ArchivedProperty("cornerRadius", \CALayer.cornerRadius),
        ArchivedProperty("maskedCorners", \CALayer.maskedCorners),
        ArchivedProperty("borderWidth", \CALayer.borderWidth),
        ArchivedProperty("borderColor", \CALayer.borderColor),
        ArchivedProperty("masksToBounds", \CALayer.masksToBounds),
        ArchivedProperty("shadowColor", \CALayer.shadowColor),
        ArchivedProperty("shadowOpacity", \CALayer.shadowOpacity),
        ArchivedProperty("shadowRadius", \CALayer.shadowRadius),
        ArchivedProperty("shadowOffset", \CALayer.shadowOffset),
        ArchivedProperty("shadowPath", \CALayer.shadowPath),
        // Timing (a layer's duration of 0 is unbounded; Kite writes infinity)
        ArchivedProperty(timing: "beginTime", \CALayer.beginTime),
        ArchivedProperty(timing: "duration", \CALayer.duration),
        ArchivedProperty(timing: "speed", \CALayer.speed),
        ArchivedProperty(timing: "timeOffset", \CALayer.timeOffset),
        ArchivedProperty(timing: "repeatCount", \CALayer.repeatCount),
        ArchivedProperty(timing: "repeatDuration", \CALayer.repeatDuration),
        ArchivedProperty("autoreverses", \CALayer.autoreverses),
        ArchivedProperty("fillMode", \CALayer.fillMode),
        // CAShapeLayer
        ArchivedProperty("path", \CAShapeLayer.path),
        ArchivedProperty("fillColor", \CAShapeLayer.fillColor),
        ArchivedProperty("fillRule", \CAShapeLayer.fillRule),
        ArchivedProperty("strokeColor", \CAShapeLayer.strokeColor),
        ArchivedProperty("lineWidth", \CAShapeLayer.lineWidth),
        ArchivedProperty("lineJoin", \CAShapeLayer.lineJoin),
        ArchivedProperty("lineCap", \CAShapeLayer.lineCap),
        ArchivedProperty("miterLimit", \CAShapeLayer.miterLimit),
        ArchivedProperty("lineDashPattern", \CAShapeLayer.lineDashPattern),
        ArchivedProperty("lineDashPhase", \CAShapeLayer.lineDashPhase),
        ArchivedProperty("strokeStart", \CAShapeLayer.strokeStart),
        ArchivedProperty("strokeEnd", \CAShapeLayer.strokeEnd),
        // CAReplicatorLayer
        ArchivedProperty("instanceCount", \CAReplicatorLayer.instanceCount),
        ArchivedProperty("instanceDelay", \CAReplicatorLayer.instanceDelay),
        ArchivedProperty("instanceTransform", \CAReplicatorLayer.instanceTransform),
        ArchivedProperty("instanceColor", \CAReplicatorLayer.instanceColor),
        ArchivedProperty("instanceRedOffset", \CAReplicatorLayer.instanceRedOffset),
        ArchivedProperty("instanceGreenOffset", \CAReplicatorLayer.instanceGreenOffset),
        ArchivedProperty("instanceBlueOffset", \CAReplicatorLayer.instanceBlueOffset),
        ArchivedProperty("instanceAlphaOffset", \CAReplicatorLayer.instanceAlphaOffset),
    ]

    /// ``all`` by key.
    static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
}
#endif
