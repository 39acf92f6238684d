import TesseraCore

/// The properties of Core Animation's classes that Tessera models, under their keys
/// (Objective-C's property names: `hidden` for `isHidden`, `removedOnCompletion` for
/// `isRemovedOnCompletion`): the one list every file format reads and writes, each with its own
/// coders (``CodedPropertyTable``). Sublayers, masks, animations, a group's `animations` and
/// emitter cells are structure, which each format reads and writes itself.
package enum CodedProperties {
    /// Every layer class's (``LayerClass``), in the order a layer writes them: the name,
    /// `CALayer`'s rows of the property table (``LayerProperty``), the layer's own timing, then
    /// each subclass's rows in the registry's order.
    package static let layer: [CodedProperty] =
        [CodedProperty("name", \CALayer.name)] + layerTable(of: .layer) + timing(of: CALayer.self)
        + LayerKind.allCases.filter { $0 != .layer }.flatMap(layerTable(of:))

    /// The rows of the property table declared by class `owner`, in its order.
    private static func layerTable(of owner: LayerKind) -> [CodedProperty] {
        LayerProperty.table.filter { $0.owner == owner }.compactMap { $0.accept(LayerTableRow()) }
    }

    /// The animation classes' (`CABasicAnimation`, `CASpringAnimation`, `CAKeyframeAnimation`,
    /// `CAAnimationGroup`), by the class that declares each.
    package static let animation: [CodedProperty] =
        timing(of: CAAnimation.self) + [
            // CAAnimation
            CodedProperty("removedOnCompletion", \CAAnimation.isRemovedOnCompletion),
            CodedProperty("timingFunction", \CAAnimation.timingFunction),
            // CAPropertyAnimation
            CodedProperty("keyPath", \CAPropertyAnimation.keyPath),
            CodedProperty("additive", \CAPropertyAnimation.isAdditive),
            CodedProperty("cumulative", \CAPropertyAnimation.isCumulative),
            // Essential: without its function the animation's numbers are not transforms.
            CodedProperty("valueFunction", \CAPropertyAnimation.valueFunction, essential: true),
            // CABasicAnimation
            CodedProperty(value: "fromValue", \CABasicAnimation.fromValue),
            CodedProperty(value: "toValue", \CABasicAnimation.toValue),
            CodedProperty(value: "byValue", \CABasicAnimation.byValue),
            // CASpringAnimation
            CodedProperty("mass", \CASpringAnimation.mass),
            CodedProperty("stiffness", \CASpringAnimation.stiffness),
            CodedProperty("damping", \CASpringAnimation.damping),
            CodedProperty("initialVelocity", \CASpringAnimation.initialVelocity),
            CodedProperty("allowsOverdamping", \CASpringAnimation.allowsOverdamping),
            // CAKeyframeAnimation
            CodedProperty(value: "values", \CAKeyframeAnimation.values),
            CodedProperty("path", \CAKeyframeAnimation.path, essential: true),
            CodedProperty("keyTimes", \CAKeyframeAnimation.keyTimes),
            CodedProperty("timingFunctions", \CAKeyframeAnimation.timingFunctions),
            CodedProperty("calculationMode", \CAKeyframeAnimation.calculationMode),
            CodedProperty("tensionValues", \CAKeyframeAnimation.tensionValues),
            CodedProperty("continuityValues", \CAKeyframeAnimation.continuityValues),
            CodedProperty("biasValues", \CAKeyframeAnimation.biasValues),
            CodedProperty("rotationMode", \CAKeyframeAnimation.rotationMode),
        ]

    /// The timing of a layer or an animation, `Owner` (a layer's duration of 0 is unbounded, and
    /// Kite writes infinity; an animation's is the default: 0.25 s, or its group's).
    private static func timing<Owner: CAMediaTiming>(of _: Owner.Type) -> [CodedProperty] {
        [
            CodedProperty(timing: "beginTime", \Owner.beginTime),
            CodedProperty(timing: "duration", \Owner.duration),
            CodedProperty(timing: "speed", \Owner.speed),
            CodedProperty(timing: "timeOffset", \Owner.timeOffset),
            CodedProperty(timing: "repeatCount", \Owner.repeatCount),
            CodedProperty(timing: "repeatDuration", \Owner.repeatDuration),
            CodedProperty("autoreverses", \Owner.autoreverses),
            CodedProperty("fillMode", \Owner.fillMode),
        ]
    }

    /// Other keys of animations: `velocity` reads as `initialVelocity`, the name of the property
    /// in Apple's class before it was made public (its accessors still have it), so archives may
    /// hold either; Tessera writes the public name.
    package static let animationAliases = ["velocity": "initialVelocity"]

    /// `CAEmitterCell`'s (`enabled` for `isEnabled`).
    package static let emitterCell: [CodedProperty] = [
        CodedProperty("name", \CAEmitterCell.name),
        CodedProperty("enabled", \CAEmitterCell.isEnabled),
        CodedProperty(timing: "beginTime", \CAEmitterCell.beginTime),
        CodedProperty(timing: "duration", \CAEmitterCell.duration),
        // Emission
        CodedProperty("birthRate", \CAEmitterCell.birthRate),
        CodedProperty("lifetime", \CAEmitterCell.lifetime),
        CodedProperty("lifetimeRange", \CAEmitterCell.lifetimeRange),
        CodedProperty("emissionLatitude", \CAEmitterCell.emissionLatitude),
        CodedProperty("emissionLongitude", \CAEmitterCell.emissionLongitude),
        CodedProperty("emissionRange", \CAEmitterCell.emissionRange),
        // Motion
        CodedProperty("velocity", \CAEmitterCell.velocity),
        CodedProperty("velocityRange", \CAEmitterCell.velocityRange),
        CodedProperty("xAcceleration", \CAEmitterCell.xAcceleration),
        CodedProperty("yAcceleration", \CAEmitterCell.yAcceleration),
        CodedProperty("zAcceleration", \CAEmitterCell.zAcceleration),
        CodedProperty("scale", \CAEmitterCell.scale),
        CodedProperty("scaleRange", \CAEmitterCell.scaleRange),
        CodedProperty("scaleSpeed", \CAEmitterCell.scaleSpeed),
        CodedProperty("spin", \CAEmitterCell.spin),
        CodedProperty("spinRange", \CAEmitterCell.spinRange),
        // Colour
        CodedProperty("color", \CAEmitterCell.archivedColor),
        CodedProperty("redRange", \CAEmitterCell.redRange),
        CodedProperty("greenRange", \CAEmitterCell.greenRange),
        CodedProperty("blueRange", \CAEmitterCell.blueRange),
        CodedProperty("alphaRange", \CAEmitterCell.alphaRange),
        CodedProperty("redSpeed", \CAEmitterCell.redSpeed),
        CodedProperty("greenSpeed", \CAEmitterCell.greenSpeed),
        CodedProperty("blueSpeed", \CAEmitterCell.blueSpeed),
        CodedProperty("alphaSpeed", \CAEmitterCell.alphaSpeed),
        // Contents
        CodedProperty("contents", \CAEmitterCell.archivedContents),
        CodedProperty("contentsRect", \CAEmitterCell.contentsRect),
        CodedProperty("contentsScale", \CAEmitterCell.contentsScale),
        CodedProperty("minificationFilter", \CAEmitterCell.minificationFilter),
        CodedProperty("magnificationFilter", \CAEmitterCell.magnificationFilter),
    ]
}

/// Makes a row of the layer property table a ``CodedProperty``. A value type that is not a
/// ``CodedValue`` stops the first use of the list, with the property's name (every format test
/// reads and writes every row).
private struct LayerTableRow: LayerPropertyVisitor {
    func visit<Value: Equatable & Sendable>(
        _ definition: LayerPropertyDefinition, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable
    ) -> CodedProperty {
        // The formats hold a text layer's string as ``ArchivedTextString`` (archives: an attributed string too).
        if definition.property == .string {
            return CodedProperty(layer: definition.name, \.archivedString, of: definition.owners)
        }
        guard let coded = Value.self as? any CodedValue.Type else {
            preconditionFailure("\(definition.name) is a \(Value.self), which the file formats cannot code: conform it to CodedValue")
        }
        return row(definition, at: keyPath, as: coded)
    }

    /// The row's ``CodedProperty``, its `Value` being `Coded`.
    private func row<Value, Coded: CodedValue>(
        _ definition: LayerPropertyDefinition, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, as _: Coded.Type
    ) -> CodedProperty {
        CodedProperty(layer: definition.name, keyPath as! WritableKeyPath<LayerProperties, Coded> & Sendable, of: definition.owners)
    }
}
