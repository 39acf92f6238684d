import TesseraCore

#if !canImport(QuartzCore)
/// The properties of Core Animation's animation classes that Tessera models, under their
/// archive keys (`removedOnCompletion` for `isRemovedOnCompletion`). A group's `animations` are
/// read and written by the coders themselves, which nest.
enum AnimationArchiveProperties {
    static let all: [ArchivedProperty] = [
        // CAAnimation (a duration of 0 is the default: 0.25 s, or the group's)
        ArchivedProperty(timing: "beginTime", \CAAnimation.beginTime),
        ArchivedProperty(timing: "duration", \CAAnimation.duration),
        ArchivedProperty(timing: "speed", \CAAnimation.speed),
        ArchivedProperty(timing: "timeOffset", \CAAnimation.timeOffset),
        ArchivedProperty(timing: "repeatCount", \CAAnimation.repeatCount),
        ArchivedProperty(timing: "repeatDuration", \CAAnimation.repeatDuration),
        ArchivedProperty("autoreverses", \CAAnimation.autoreverses),
        ArchivedProperty("fillMode", \CAAnimation.fillMode),
        ArchivedProperty("removedOnCompletion", \CAAnimation.isRemovedOnCompletion),
        ArchivedProperty("timingFunction", \CAAnimation.timingFunction),
        // CAPropertyAnimation
        ArchivedProperty("keyPath", \CAPropertyAnimation.keyPath),
        ArchivedProperty("additive", \CAPropertyAnimation.isAdditive),
        ArchivedProperty("cumulative", \CAPropertyAnimation.isCumulative),
        // Essential: without its function the animation's numbers are not transforms.
        ArchivedProperty("valueFunction", \CAPropertyAnimation.valueFunction, essential: true),
        // CABasicAnimation
        ArchivedProperty(value: "fromValue", \CABasicAnimation.fromValue),
        ArchivedProperty(value: "toValue", \CABasicAnimation.toValue),
        ArchivedProperty(value: "byValue", \CABasicAnimation.byValue),
        // CASpringAnimation
        ArchivedProperty("mass", \CASpringAnimation.mass),
        ArchivedProperty("stiffness", \CASpringAnimation.stiffness),
        ArchivedProperty("damping", \CASpringAnimation.damping),
        ArchivedProperty("initialVelocity", \CASpringAnimation.initialVelocity),
        ArchivedProperty("allowsOverdamping", \CASpringAnimation.allowsOverdamping),
        // CAKeyframeAnimation
        ArchivedProperty(value: "values", \CAKeyframeAnimation.values),
        ArchivedProperty("path", \CAKeyframeAnimation.path, essential: true),
        ArchivedProperty("keyTimes", \CAKeyframeAnimation.keyTimes),
        ArchivedProperty("timingFunctions", \CAKeyframeAnimation.timingFunctions),
        ArchivedProperty("calculationMode", \CAKeyframeAnimation.calculationMode),
        ArchivedProperty("tensionValues", \CAKeyframeAnimation.tensionValues),
        ArchivedProperty("continuityValues", \CAKeyframeAnimation.continuityValues),
        ArchivedProperty("biasValues", \CAKeyframeAnimation.biasValues),
        ArchivedProperty("rotationMode", \CAKeyframeAnimation.rotationMode),
    ]

    /// ``all`` by key. `velocity` reads as `initialVelocity`: it is the name of the property in
    /// Apple's class before it was made public (its accessors still have it), so archives may
    /// hold either; Tessera writes the public name.
    static let byKey: [String: ArchivedProperty] = {
        var table = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
        table["velocity"] = table["initialVelocity"]
        return table
    }()
}
#endif
