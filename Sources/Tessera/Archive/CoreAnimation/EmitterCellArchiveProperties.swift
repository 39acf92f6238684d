import TesseraCore

#if !canImport(QuartzCore)
/// The properties of `CAEmitterCell` that Tessera models, under their archive keys (Objective-C's
/// property names: `enabled` for `isEnabled`), in both file formats. A cell's nested
/// `emitterCells` are read and written by the coders themselves, which nest.
enum EmitterCellArchiveProperties {
    static let all: [ArchivedProperty] = [
        ArchivedProperty("name", \CAEmitterCell.name),
        ArchivedProperty("enabled", \CAEmitterCell.isEnabled),
        ArchivedProperty(timing: "beginTime", \CAEmitterCell.beginTime),
        ArchivedProperty(timing: "duration", \CAEmitterCell.duration),
        // Emission
        ArchivedProperty("birthRate", \CAEmitterCell.birthRate),
        ArchivedProperty("lifetime", \CAEmitterCell.lifetime),
        ArchivedProperty("lifetimeRange", \CAEmitterCell.lifetimeRange),
        ArchivedProperty("emissionLatitude", \CAEmitterCell.emissionLatitude),
        ArchivedProperty("emissionLongitude", \CAEmitterCell.emissionLongitude),
        ArchivedProperty("emissionRange", \CAEmitterCell.emissionRange),
        // Motion
        ArchivedProperty("velocity", \CAEmitterCell.velocity),
        ArchivedProperty("velocityRange", \CAEmitterCell.velocityRange),
        ArchivedProperty("xAcceleration", \CAEmitterCell.xAcceleration),
        ArchivedProperty("yAcceleration", \CAEmitterCell.yAcceleration),
        ArchivedProperty("zAcceleration", \CAEmitterCell.zAcceleration),
        ArchivedProperty("scale", \CAEmitterCell.scale),
        ArchivedProperty("scaleRange", \CAEmitterCell.scaleRange),
        ArchivedProperty("scaleSpeed", \CAEmitterCell.scaleSpeed),
        ArchivedProperty("spin", \CAEmitterCell.spin),
        ArchivedProperty("spinRange", \CAEmitterCell.spinRange),
        // Colour
        ArchivedProperty("color", \CAEmitterCell.archivedColor),
        ArchivedProperty("redRange", \CAEmitterCell.redRange),
        ArchivedProperty("greenRange", \CAEmitterCell.greenRange),
        ArchivedProperty("blueRange", \CAEmitterCell.blueRange),
        ArchivedProperty("alphaRange", \CAEmitterCell.alphaRange),
        ArchivedProperty("redSpeed", \CAEmitterCell.redSpeed),
        ArchivedProperty("greenSpeed", \CAEmitterCell.greenSpeed),
        ArchivedProperty("blueSpeed", \CAEmitterCell.blueSpeed),
        ArchivedProperty("alphaSpeed", \CAEmitterCell.alphaSpeed),
        // Contents
        ArchivedProperty("contents", \CAEmitterCell.archivedContents),
        ArchivedProperty("contentsRect", \CAEmitterCell.contentsRect),
        ArchivedProperty("contentsScale", \CAEmitterCell.contentsScale),
        ArchivedProperty("minificationFilter", \CAEmitterCell.minificationFilter),
        ArchivedProperty("magnificationFilter", \CAEmitterCell.magnificationFilter),
    ]

    /// ``all`` by key.
    static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
}
#endif
