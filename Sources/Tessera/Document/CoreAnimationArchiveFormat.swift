import TesseraCore
import TesseraKeyedArchive

#if !canImport(QuartzCore)
/// The class names and keys of Core Animation's archives, as QuartzCore writes them and Kite
/// exports them, which CAML names its elements and attributes by too: what the readers
/// recognize and the writers produce. The archive's own coding of values is in the archive's
/// folder (`CoreAnimationArchiveFormat+Values.swift`).
enum CoreAnimationArchiveFormat {
    // MARK: The document

    /// How deep layers, animation groups and value collections may nest, counted together, in
    /// every format, read or written.
    static let maximumDepth = 128

    /// The keys of the `$top.root` dictionary.
    static let rootLayerKey = "rootLayer"
    static let geometryFlippedKey = "geometryFlipped"
    static let documentWidthKey = "documentWidth"
    static let documentHeightKey = "documentHeight"

    // MARK: Layers

    // A layer's class is its kind's (``archiveClass(of:)``, from the registry, ``LayerClass``).

    /// The particles of an emitter layer (and of its cells), under ``emitterCellsKey``.
    static let emitterCellClass = ArchiveClass("CAEmitterCell")
    static let emitterCellsKey = "emitterCells"
    /// Cell keys that change nothing Tessera emits: the list of written keys.
    static let ignoredCellKeys: Set<String> = [codingContentsKey]

    /// The keys of a layer that hold other layers and animations rather than properties.
    static let sublayersKey = "sublayers"
    static let maskKey = "mask"
    /// A portal's source: a reference to a layer elsewhere in the tree.
    static let sourceLayerKey = "sourceLayer"
    static let animationsKey = "CALayerAnimations"
    static let animationKeysKey = "CALayerAnimationKeys"
    /// The keys an object wrote, listed by Core Animation alongside them.
    static let codingContentsKey = "__CACodingContents"

    /// Layer keys that change nothing Tessera draws, whatever their value: rendering hints,
    /// AppKit layout, the delegate (Kite archives each layer as its own delegate), the list of
    /// written keys, and the attributes of `contents` (which is reported when present).
    static let ignoredLayerKeys: Set<String> = [
        "delegate", codingContentsKey, "opaque", "drawsAsynchronously", "allowsEdgeAntialiasing",
        "edgeAntialiasingMask", "needsDisplayOnBoundsChange", "shouldRasterize", "rasterizationScale",
        "autoresizingMask", "contentsFormat",
    ]

    /// Layer keys Tessera does not model, at values that change nothing here (see
    /// `CoreAnimationDecoder`): group opacity on (Kite writes it on every layer). Other values
    /// are reported as skipped.
    static let layerKeysHarmlessWhenTrue: Set<String> = ["allowsGroupOpacity"]
    /// What older archives write for `cornerCurve`: a boolean, true for `.continuous`.
    static let legacyContinuousCornersKey = "continuousCorners"

    // MARK: Animations

    static let basicAnimationClass = ArchiveClass(
        "CABasicAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])
    static let springAnimationClass = ArchiveClass(
        "CASpringAnimation", superclasses: ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"])
    static let keyframeAnimationClass = ArchiveClass(
        "CAKeyframeAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])
    static let animationGroupClass = ArchiveClass("CAAnimationGroup", superclasses: ["CAAnimation", "NSObject"])
    static let animationBaseClass = "CAAnimation"
    /// A group's children.
    static let groupAnimationsKey = "animations"
    /// Animation keys that change nothing Tessera evaluates.
    static let ignoredAnimationKeys: Set<String> = ["delegate", codingContentsKey]
}
#endif
