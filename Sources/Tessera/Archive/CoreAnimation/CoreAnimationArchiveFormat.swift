import TesseraCore
import TesseraKeyedArchive

#if !canImport(QuartzCore)
/// The class names and keys of Core Animation's archives, as QuartzCore writes them and Kite
/// exports them: what the reader recognizes and the writer produces.
enum CoreAnimationArchiveFormat {
    // MARK: The document

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
    /// ``CoreAnimationDecoder``): group opacity on (Kite writes it on every layer). Other values
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

    // MARK: Values

    /// `CGPoint`, `CGSize`, `CGRect`, `CATransform3D` (and more kinds Tessera does not read).
    static let valueProxyClass = ArchiveClass("LKNSValueCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let colorProxyClass = ArchiveClass("LKCGColorCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let pathProxyClass = ArchiveClass("CACGPathCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let pathSegmentClass = ArchiveClass("CACGPathCodingSegment")
    static let arrayProxyClass = ArchiveClass("LKNSArrayCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let dictionaryProxyClass = ArchiveClass("LKNSDictionaryCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let timingFunctionClass = ArchiveClass("CAMediaTimingFunction")
    /// A property animation's `valueFunction`, by its name under ``valueFunctionNameKey``.
    static let valueFunctionClass = ArchiveClass("CAValueFunction")
    static let valueFunctionNameKey = "name"
    static let nullClass = "NSNull"

    static let valueKindKey = "kind"
    /// The fields of a transform value, row by row.
    static let transformKeys = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
    ]
    static let colorKeys = ["r", "g", "b", "a"]
    /// A pattern color, which Tessera does not draw.
    static let colorPatternKey = "CGColorPattern"
    static let pathSegmentsKey = "LKCGPathSegments"
    static let pathTypeKey = "LKCGPathType"
    static func pathPointKeys(_ index: Int) -> (x: String, y: String) {
        ("LKCGPathPoint\(index)_x", "LKCGPathPoint\(index)_y")
    }
    static let arrayProxyArrayKey = "array"
    static let dictionaryProxyKey = "dict"
    static let timingFunctionKeys = ["c1x", "c1y", "c2x", "c2y"]
}

/// The kinds of `LKNSValueCodingProxy`: 0–3 store `Float`s, 5–7 `Double`s of the same shapes.
enum ArchivedValueKind: Int {
    case point = 0, size = 1, rect = 2, transform = 3
    case doublePoint = 5, doubleSize = 6, doubleRect = 7
}
#endif
