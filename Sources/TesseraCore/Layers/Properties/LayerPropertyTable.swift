import Foundation
import Synchronization

extension LayerProperty {
    /// The property's row of the table, made the first time it is read. A row holds key paths
    /// into ``LayerProperties``, and the runtime makes each key path object from its pattern, most
    /// of it generic metadata (about 20,000 instructions): a Lottie file's load, which sets a dozen
    /// properties, paid for all the rows at its first key path.
    var definition: LayerPropertyDefinition {
        @inline(__always) get { Self.lazyRows.row(of: self).definition }
    }

    /// The row's ``LayerPropertyDefinition/animation``, read without a copy of the row (a key
    /// path reads it for every value it sets, every frame).
    var animation: LayerPropertyDefinition.Animation? {
        @inline(__always) get { Self.lazyRows.row(of: self).animation }
    }

    /// The property animatable under `name` (its own or an alternative one); nil for any other.
    static func animatable(named name: String) -> LayerProperty? {
        guard let property = LayerPropertyNames.property(named: name), property.animation != nil else { return nil }
        return property
    }

    /// Whether the property's name finds an animatable property (``animatable(named:)``): read by
    /// index, where a change of one known property would hash its name. (A case's name finds the
    /// case: no alternative name is a case's, a test checks.)
    var nameIsAnimatable: Bool { Self.namesAnimatable[rawValue] }

    private static let namesAnimatable: [Bool] = allCases.map { $0.animation != nil }

    /// Other names a key path may use for the property: Swift's, for the four whose Core
    /// Animation name drops its `is` (a new property has none unless it is another such flag).
    var alternativeNames: [String] {
        switch self {
        case .geometryFlipped: ["isGeometryFlipped"]
        case .doubleSided: ["isDoubleSided"]
        case .hidden: ["isHidden"]
        case .wrapped: ["isWrapped"]
        default: []
        }
    }

    /// The property's name in key paths and archives: the case's, as `String(describing:)` spells
    /// it (a test checks), written out because the reflection that finds a case's name has the
    /// runtime look through every protocol conformance of the process, four times.
    var name: String { Self.names[rawValue] }

    /// Each case's name, in the order of ``allCases``.
    private static let names: [String] = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "geometryFlipped", "doubleSided", "opacity", "hidden", "backgroundColor", "cornerRadius", "cornerCurve",
        "maskedCorners", "borderWidth", "borderColor", "masksToBounds", "shadowColor", "shadowOpacity", "shadowRadius",
        "shadowOffset", "shadowPath", "contents", "contentsGravity", "contentsRect", "contentsCenter", "contentsScale",
        "minificationFilter", "minificationFilterBias", "magnificationFilter", "filters", "backgroundFilters",
        "compositingFilter", "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineJoin", "lineCap",
        "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd", "instanceCount", "instanceDelay",
        "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
        "instanceAlphaOffset", "colors", "locations", "startPoint", "endPoint", "type", "groupName", "scale",
        "hidesSourceLayer", "matchesOpacity", "matchesPosition", "matchesTransform", "birthRate", "lifetime",
        "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape", "emitterMode",
        "renderMode", "preservesDepth", "velocity", "spin", "seed", "emitterCells", "string", "font", "fontSize",
        "foregroundColor", "wrapped", "alignmentMode", "truncationMode", "allowsFontSubpixelQuantization",
    ]

    /// Every property's row, in the order of ``allCases`` (all of them made: for the file
    /// formats, and for a change of the model, which compares every row of a layer's kind).
    package static let table: [LayerPropertyDefinition] = allCases.map(\.definition)

    /// Each property's row, made on first use.
    private static let lazyRows = LazyRows(count: allCases.count)

    /// The properties of `new`'s kind whose values differ in `old`, in the table's order.
    static func changes(from old: UnsafePointer<LayerProperties>, to new: UnsafePointer<LayerProperties>) -> [LayerProperty] {
        let kind = new.pointee.kind
        let oldRare = old.pointee.rare, newRare = new.pointee.rare
        // Sets that share their out-of-line properties hold the same values of all of them.
        let sharesRare = oldRare === newRare
        // Equal bytes are equal values (the same numbers, the same objects): when all but the
        // out-of-line box are, only the out-of-line rows can differ. (Unequal bytes prove
        // nothing: a copied array, padding; those rows are compared.)
        let rows = inlineBytesAreEqual(old, new) ? outOfLineRowIndices[kind] : rowIndices[kind]
        return oldRare.withValue { oldRareValues in
            newRare.withValue { newRareValues in
                var changed: [LayerProperty] = []
                // By index: each row read in place (a row holds closures; a copy retains them all).
                for i in rows ?? [] {
                    let isEqual =
                        table[i].isOutOfLine
                        ? sharesRare || bytesAreEqual(oldRareValues, newRareValues, table[i].outOfLineBytes)
                            || table[i].isEqual(oldRareValues, newRareValues)
                        : table[i].isEqual(UnsafeRawPointer(old), UnsafeRawPointer(new))
                    if !isEqual { changed.append(table[i].property) }
                }
                return changed
            }
        }
    }

    /// The indices in ``table`` of the rows of each kind's properties, in the table's order.
    private static let rowIndices: [LayerKind: [Int]] = {
        var indices: [LayerKind: [Int]] = [:]
        for kind in LayerKind.allCases {
            indices[kind] = table.indices.filter { kind.hasProperties(ofAny: table[$0].owners) }
        }
        return indices
    }()

    /// Those of ``rowIndices`` kept out of line.
    private static let outOfLineRowIndices = rowIndices.mapValues { $0.filter { table[$0].isOutOfLine } }

    /// Where `LayerProperties` holds its out-of-line box.
    private static let rareBytes: Range<Int> = {
        let offset = MemoryLayout<LayerProperties>.offset(of: \.rare)!
        return offset..<offset + MemoryLayout<RareLayerPropertiesBox>.size
    }()

    /// Whether `a` and `b` have the same bytes, their out-of-line boxes aside.
    private static func inlineBytesAreEqual(_ a: UnsafePointer<LayerProperties>, _ b: UnsafePointer<LayerProperties>) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b), size = MemoryLayout<LayerProperties>.size
        return memcmp(a, b, rareBytes.lowerBound) == 0
            && memcmp(a + rareBytes.upperBound, b + rareBytes.upperBound, size - rareBytes.upperBound) == 0
    }

    /// Whether `a` and `b` have the same bytes in `range`.
    private static func bytesAreEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ range: Range<Int>) -> Bool {
        memcmp(a + range.lowerBound, b + range.lowerBound, range.count) == 0
    }

    /// The table. A property kept out of line (in ``RareLayerProperties``, behind a forwarding
    /// property of ``LayerProperties``) says where it is stored there (`stored: .rare(…)`): a
    /// change of the model compares it in place. Discrete properties are those Core Animation changes without interpolating:
    /// `miterLimit` is one (seed 001: "it actually performs no animation at all"), and so is
    /// `instanceCount`, an integer; so are flags and string constants.
    fileprivate static func define(_ property: LayerProperty) -> LayerPropertyDefinition {
        typealias Row = LayerPropertyDefinition
        switch property {
        // CALayer
        case .bounds: return Row(property, \.bounds, of: .layer)
        case .position: return Row(property, \.position, of: .layer)
        case .zPosition: return Row(property, \.zPosition, of: .layer)
        case .anchorPoint: return Row(property, \.anchorPoint, of: .layer)
        case .anchorPointZ: return Row(property, \.anchorPointZ, of: .layer)
        case .transform: return Row(property, \.transform, of: .layer)
        case .sublayerTransform: return Row(property, \.sublayerTransform, of: .layer)
        case .geometryFlipped:
            return Row(notAnimatable: property, \.isGeometryFlipped, of: .layer)
        case .doubleSided:
            return Row(notAnimatable: property, \.isDoubleSided, of: .layer)
        case .opacity: return Row(property, \.opacity, of: .layer)
        case .hidden: return Row(property, \.isHidden, of: .layer, discrete: true)
        case .backgroundColor: return Row(property, \.backgroundColor, of: .layer)
        case .cornerRadius: return Row(property, \.cornerRadius, of: .layer)
        case .cornerCurve: return Row(notAnimatable: property, \.cornerCurve, of: .layer)
        case .maskedCorners: return Row(notAnimatable: property, \.maskedCorners, of: .layer)
        case .borderWidth: return Row(property, \.borderWidth, of: .layer)
        case .borderColor: return Row(property, \.borderColor, of: .layer)
        case .masksToBounds: return Row(property, \.masksToBounds, of: .layer, discrete: true)
        case .shadowColor: return Row(property, \.shadowColor, of: .layer)
        case .shadowOpacity: return Row(property, \.shadowOpacity, of: .layer)
        case .shadowRadius: return Row(property, \.shadowRadius, of: .layer)
        case .shadowOffset: return Row(property, \.shadowOffset, of: .layer)
        case .shadowPath: return Row(property, \.shadowPath, of: .layer)
        case .contents: return Row(notAnimatable: property, \.contents, of: .layer, stored: .rare(\.contents))
        case .contentsGravity: return Row(notAnimatable: property, \.contentsGravity, of: .layer, stored: .rare(\.contentsGravity))
        case .contentsRect: return Row(property, \.contentsRect, of: .layer, stored: .rare(\.contentsRect))
        case .contentsCenter: return Row(property, \.contentsCenter, of: .layer, stored: .rare(\.contentsCenter))
        case .contentsScale: return Row(notAnimatable: property, \.contentsScale, of: .layer, stored: .rare(\.contentsScale))
        case .minificationFilter: return Row(notAnimatable: property, \.minificationFilter, of: .layer, stored: .rare(\.minificationFilter))
        case .minificationFilterBias:
            return Row(
                notAnimatable: property, \.minificationFilterBias, of: .layer,
                stored: .rare(\.minificationFilterBias))
        case .magnificationFilter:
            return Row(
                notAnimatable: property, \.magnificationFilter, of: .layer,
                stored: .rare(\.magnificationFilter))
        case .filters: return Row(notAnimatable: property, \.filters, of: .layer, stored: .rare(\.filters))
        case .backgroundFilters: return Row(notAnimatable: property, \.backgroundFilters, of: .layer, stored: .rare(\.backgroundFilters))
        case .compositingFilter: return Row(notAnimatable: property, \.compositingFilter, of: .layer, stored: .rare(\.compositingFilter))
        // CAShapeLayer
        case .path: return Row(property, \.path, of: .shape)
        case .fillColor: return Row(property, \.fillColor, of: .shape)
        case .fillRule: return Row(property, \.fillRule, of: .shape, discrete: true)
        case .strokeColor: return Row(property, \.strokeColor, of: .shape)
        case .lineWidth: return Row(property, \.lineWidth, of: .shape)
        case .lineJoin: return Row(property, \.lineJoin, of: .shape, discrete: true)
        case .lineCap: return Row(property, \.lineCap, of: .shape, discrete: true)
        case .miterLimit: return Row(property, \.miterLimit, of: .shape, discrete: true)
        case .lineDashPattern: return Row(property, \.lineDashPattern, of: .shape)
        case .lineDashPhase: return Row(property, \.lineDashPhase, of: .shape)
        case .strokeStart: return Row(property, \.strokeStart, of: .shape)
        case .strokeEnd: return Row(property, \.strokeEnd, of: .shape)
        // CAGradientLayer
        case .colors: return Row(property, \.colors, of: .gradient, stored: .rare(\.colors))
        case .locations: return Row(property, \.locations, of: .gradient, stored: .rare(\.locations))
        case .startPoint: return Row(property, \.startPoint, of: .gradient, stored: .rare(\.startPoint))
        case .endPoint: return Row(property, \.endPoint, of: .gradient, stored: .rare(\.endPoint))
        case .type: return Row(notAnimatable: property, \.type, of: .gradient, stored: .rare(\.type))
        // CABackdropLayer
        case .groupName: return Row(notAnimatable: property, \.groupName, of: .backdrop, stored: .rare(\.groupName))
        // Also CAEmitterLayer's `scale`, which multiplies its cells' (animatable, as Apple's): one
        // stored value, default 1, under one key in both classes.
        case .scale: return Row(property, \.scale, of: .backdrop, alsoOf: .emitter, stored: .rare(\.scale))
        // CAPortalLayer
        case .hidesSourceLayer: return Row(notAnimatable: property, \.hidesSourceLayer, of: .portal, stored: .rare(\.hidesSourceLayer))
        case .matchesOpacity: return Row(notAnimatable: property, \.matchesOpacity, of: .portal, stored: .rare(\.matchesOpacity))
        case .matchesPosition: return Row(notAnimatable: property, \.matchesPosition, of: .portal, stored: .rare(\.matchesPosition))
        case .matchesTransform: return Row(notAnimatable: property, \.matchesTransform, of: .portal, stored: .rare(\.matchesTransform))
        // CAEmitterLayer
        case .birthRate: return Row(property, \.birthRate, of: .emitter, stored: .rare(\.emitter.birthRate))
        case .lifetime: return Row(property, \.lifetime, of: .emitter, stored: .rare(\.emitter.lifetime))
        case .emitterPosition: return Row(property, \.emitterPosition, of: .emitter, stored: .rare(\.emitter.emitterPosition))
        case .emitterZPosition: return Row(property, \.emitterZPosition, of: .emitter, stored: .rare(\.emitter.emitterZPosition))
        case .emitterSize: return Row(property, \.emitterSize, of: .emitter, stored: .rare(\.emitter.emitterSize))
        case .emitterDepth: return Row(property, \.emitterDepth, of: .emitter, stored: .rare(\.emitter.emitterDepth))
        case .emitterShape: return Row(notAnimatable: property, \.emitterShape, of: .emitter, stored: .rare(\.emitter.emitterShape))
        case .emitterMode: return Row(notAnimatable: property, \.emitterMode, of: .emitter, stored: .rare(\.emitter.emitterMode))
        case .renderMode: return Row(notAnimatable: property, \.renderMode, of: .emitter, stored: .rare(\.emitter.renderMode))
        case .preservesDepth: return Row(notAnimatable: property, \.preservesDepth, of: .emitter, stored: .rare(\.emitter.preservesDepth))
        case .velocity: return Row(property, \.velocity, of: .emitter, stored: .rare(\.emitter.velocity))
        case .spin: return Row(property, \.spin, of: .emitter, stored: .rare(\.emitter.spin))
        case .seed: return Row(notAnimatable: property, \.seed, of: .emitter, stored: .rare(\.emitter.seed))
        // Animatable only field by field, through `emitterCells.NAME.FIELD` (``LayerKeyPath``).
        case .emitterCells: return Row(structural: property, \.emitterCells, of: .emitter, stored: .rare(\.emitter.cells))
        // CATextLayer
        case .string: return Row(notAnimatable: property, \.string, of: .text)
        case .font: return Row(notAnimatable: property, \.font, of: .text, stored: .rare(\.text.font))
        case .fontSize: return Row(property, \.fontSize, of: .text, stored: .rare(\.text.fontSize))
        case .foregroundColor: return Row(property, \.foregroundColor, of: .text, stored: .rare(\.text.foregroundColor))
        case .wrapped:
            return Row(
                notAnimatable: property, \.isWrapped, of: .text,
                stored: .rare(\.text.isWrapped))
        case .alignmentMode: return Row(notAnimatable: property, \.alignmentMode, of: .text, stored: .rare(\.text.alignmentMode))
        case .truncationMode: return Row(notAnimatable: property, \.truncationMode, of: .text, stored: .rare(\.text.truncationMode))
        case .allowsFontSubpixelQuantization:
            return Row(
                notAnimatable: property, \.allowsFontSubpixelQuantization, of: .text,
                stored: .rare(\.text.allowsFontSubpixelQuantization))
        // CAReplicatorLayer
        case .instanceCount: return Row(property, \.instanceCount, of: .replicator, discrete: true)
        case .instanceDelay: return Row(property, \.instanceDelay, of: .replicator)
        case .instanceTransform: return Row(property, \.instanceTransform, of: .replicator)
        case .instanceColor: return Row(property, \.instanceColor, of: .replicator)
        case .instanceRedOffset: return Row(property, \.instanceRedOffset, of: .replicator)
        case .instanceGreenOffset: return Row(property, \.instanceGreenOffset, of: .replicator)
        case .instanceBlueOffset: return Row(property, \.instanceBlueOffset, of: .replicator)
        case .instanceAlphaOffset: return Row(property, \.instanceAlphaOffset, of: .replicator)
        }
    }
}

/// The rows of the table, each made the first time it is read, from any thread (two threads that
/// race make it twice and keep the first): a slot per property, allocated once and never freed,
/// like the rows once made. Read inline, without a reference count: the evaluation reads a row's
/// animation for every property an animation sets, every frame.
private struct LazyRows: @unchecked Sendable {
    /// A made row, and its animation beside it: a field of a stored struct is read by copying the
    /// whole struct first, which retains and releases all its closures.
    final class Made: Sendable {
        let definition: LayerPropertyDefinition
        let animation: LayerPropertyDefinition.Animation?
        init(_ definition: LayerPropertyDefinition) {
            self.definition = definition
            animation = definition.animation
        }
    }

    private let slots: UnsafeMutablePointer<Atomic<Unmanaged<Made>?>>

    init(count: Int) {
        slots = .allocate(capacity: count)
        for i in 0..<count { (slots + i).initialize(to: Atomic(nil)) }
    }

    @inline(__always)
    func row(of property: LayerProperty) -> Made {
        if let made = slots[property.rawValue].load(ordering: .acquiring) { return made.takeUnretainedValue() }
        return make(property)
    }

    @inline(never)
    private func make(_ property: LayerProperty) -> Made {
        let new = Unmanaged.passRetained(Made(LayerProperty.define(property)))
        let (stored, first) = slots[property.rawValue].compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if stored { return new.takeUnretainedValue() }
        new.release()
        return first!.takeUnretainedValue()
    }
}

/// The properties by their names, their own and their alternatives, for
/// ``LayerProperty/animatable(named:)``: an open-addressed table of 256 slots, hashed from the
/// names' bytes. A `[String: LayerProperty]` has the runtime instantiate its storage's generic
/// metadata and look up `String`'s conformance to `Hashable` through every conformance record of
/// the process (some 400,000 instructions at the first key path a process resolves); this needs
/// neither, and no row.
enum LayerPropertyNames {
    /// 0 for an empty slot; else the property's raw value + 1, plus 128 under its alternative name.
    private static let slots: [UInt8] = {
        precondition(LayerProperty.allCases.count < 127, "a slot holds a raw value + 1 below 128")
        var slots = [UInt8](repeating: 0, count: 256)
        func insert(_ name: String, _ code: UInt8) {
            var slot = slot(of: name)
            while slots[slot] != 0 { slot = (slot + 1) & 255 }
            slots[slot] = code
        }
        for property in LayerProperty.allCases {
            let code = UInt8(property.rawValue + 1)
            insert(property.name, code)
            if let alternative = property.alternativeNames.first { insert(alternative, code | 128) }
        }
        return slots
    }()

    /// The property named `name` (its own name or its alternative one), animatable or not.
    static func property(named name: String) -> LayerProperty? {
        var slot = slot(of: name)
        while true {
            let code = slots[slot]
            guard code != 0, let property = LayerProperty(rawValue: Int(code & 127) - 1) else { return nil }
            if (code & 128 == 0 ? property.name : property.alternativeNames[0]) == name { return property }
            slot = (slot + 1) & 255
        }
    }

    /// FNV-1a of the name's UTF-8 bytes, to a slot.
    private static func slot(of name: String) -> Int {
        func hash(_ bytes: some Sequence<UInt8>) -> Int {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return Int(hash & 255)
        }
        return name.utf8.withContiguousStorageIfAvailable(hash) ?? hash(name.utf8)
    }
}
