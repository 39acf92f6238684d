import TesseraCore
import TesseraKeyedArchive

/// Core Animation's coding, shared by every format: the class names and keys QuartzCore encodes
/// its objects with (as its archives hold them and Kite exports them), which CAML names its
/// elements and attributes by too, and the limits every reader and writer keeps: what the
/// readers recognize and the writers produce. How archives code values (their proxies) is the
/// archive module's (`CoreAnimationCoding+ArchivedValues.swift`, in `TesseraCAAR`).
package enum CoreAnimationCoding {
    // MARK: The document

    /// How deep layers, animation groups and value collections may nest, counted together, in
    /// every format, read or written.
    package static let maximumDepth = 128

    /// The keys of the `$top.root` dictionary.
    package static let rootLayerKey = "rootLayer"
    package static let geometryFlippedKey = "geometryFlipped"
    package static let documentWidthKey = "documentWidth"
    package static let documentHeightKey = "documentHeight"

    // MARK: Layers

    // A layer's class is its kind's (``archiveClass(of:)``, from the registry, ``LayerClass``).

    /// The particles of an emitter layer (and of its cells), under ``emitterCellsKey``.
    package static let emitterCellClass = ArchiveClass("CAEmitterCell")
    package static let emitterCellsKey = "emitterCells"
    /// Cell keys that change nothing Tessera emits: the list of written keys.
    package static let ignoredCellKeys: Set<String> = [codingContentsKey]

    /// The keys of a layer that hold other layers and animations rather than properties.
    package static let sublayersKey = "sublayers"
    package static let maskKey = "mask"
    /// A portal's source: a reference to a layer elsewhere in the tree.
    package static let sourceLayerKey = "sourceLayer"
    package static let animationsKey = "CALayerAnimations"
    package static let animationKeysKey = "CALayerAnimationKeys"
    /// The keys an object wrote, listed by Core Animation alongside them.
    package static let codingContentsKey = "__CACodingContents"

    /// Layer keys that change nothing Tessera draws, whatever their value: rendering hints,
    /// AppKit layout, the delegate (Kite archives each layer as its own delegate), the list of
    /// written keys, and the attributes of `contents` (which is reported when present).
    package static let ignoredLayerKeys: Set<String> = [
        "delegate", codingContentsKey, "opaque", "drawsAsynchronously", "allowsEdgeAntialiasing",
        "edgeAntialiasingMask", "needsDisplayOnBoundsChange", "shouldRasterize", "rasterizationScale",
        "autoresizingMask", "contentsFormat",
    ]

    /// Layer keys Tessera does not model, at values that change nothing here (see
    /// `ArchiveReader`): group opacity on (Kite writes it on every layer). Other values
    /// are reported as skipped.
    package static let layerKeysHarmlessWhenTrue: Set<String> = ["allowsGroupOpacity"]
    /// What older archives write for `cornerCurve`: a boolean, true for `.continuous`.
    package static let legacyContinuousCornersKey = "continuousCorners"

    // MARK: Animations

    package static let basicAnimationClass = ArchiveClass(
        "CABasicAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])
    package static let springAnimationClass = ArchiveClass(
        "CASpringAnimation", superclasses: ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"])
    package static let keyframeAnimationClass = ArchiveClass(
        "CAKeyframeAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])
    package static let animationGroupClass = ArchiveClass("CAAnimationGroup", superclasses: ["CAAnimation", "NSObject"])
    package static let animationBaseClass = "CAAnimation"
    /// A group's children.
    package static let groupAnimationsKey = "animations"
    /// Animation keys that change nothing Tessera evaluates.
    package static let ignoredAnimationKeys: Set<String> = ["delegate", codingContentsKey]
}
