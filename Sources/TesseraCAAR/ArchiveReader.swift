import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive
import TesseraRaster

/// Turns the object graph of a Core Animation archive into Tessera's layers, collecting what it
/// leaves out.
///
/// The structure is checked strictly, as a `SceneDocumentError.malformedObjectGraph(reason:)`:
/// a document that is not a dictionary, a `sublayers` that is not an array, an object other than
/// a layer where a layer belongs, a layer that is its own ancestor or appears twice, a value of the
/// wrong type. The content is read leniently: a layer of a class Tessera lacks is loaded as the
/// nearest one it has, and keys, values and animations it does not model are left out and
/// reported (`SkippedFeature`).
struct ArchiveReader {
    typealias Format = CoreAnimationCoding
    typealias Skipped = SkippedFeature

    var reader: ArchivedValueReader
    private(set) var skipped: [Skipped] = []
    /// The layers placed in the tree so far, by reference: a layer has one place only.
    private var placed: [Int: CALayer] = [:]
    /// The portals read so far, with the reference of the source each names (nil: not an
    /// object), to be found once the whole tree is read (see ``resolvePortalSources(in:)``).
    var portalSources: [(portal: CAPortalLayer, source: Int?, path: String, className: String)] = []

    /// A decoder that visits at most `budget` objects (see ``ArchivedValueReader``).
    init(budget: Int) {
        reader = ArchivedValueReader(budget: budget)
    }

    mutating func skip(_ layer: String, _ className: String, _ key: String?, _ reason: Skipped.Reason) {
        skipped.append(Skipped(layer: layer, className: className, key: key, reason: reason))
    }

    /// `body`, with `place` named in the reason when it finds the archive malformed.
    static func locating<T>(_ place: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ArchiveDecodingFailure.malformed(let reason) {
            throw ArchiveDecodingFailure.malformed("\(place): \(reason)")
        } catch let error as KeyedArchiveError {
            throw ArchiveDecodingFailure.malformed("\(place): \(error)")
        }
    }

    // MARK: The document

    /// The root layer, the document size and flip of the `$top.root` dictionary (or of an archive
    /// of a single layer, which has neither).
    mutating func document(_ archive: KeyedArchive) throws -> (rootLayer: CALayer, size: CGSize?, isFlipped: Bool) {
        let document = try documentContents(archive)
        resolvePortalSources(in: document.rootLayer)
        return document
    }

    private mutating func documentContents(_ archive: KeyedArchive) throws -> (rootLayer: CALayer, size: CGSize?, isFlipped: Bool) {
        let top = try Self.locating("$top") { try archive.top("root") }
        if let object = top.objectValue, object.isKind(of: "CALayer") {
            return (try layer(top, parent: nil, slot: "root", ancestors: []), nil, false)
        }
        guard let object = top.objectValue, object.isKind(of: "NSDictionary") else {
            throw ArchiveDecodingFailure.malformed("the document is \(top.typeName), not a dictionary")
        }
        let entries = try Self.locating("the document") { try object.dictionaryEntries() }
        let known = [Format.rootLayerKey, Format.geometryFlippedKey, Format.documentWidthKey, Format.documentHeightKey]
        for key in entries.keys where !known.contains(key) { skip("", object.className, key, .unsupportedKey) }

        guard let root = entries.value(forKey: Format.rootLayerKey), root != .null else {
            throw SceneDocumentError.missingRootLayer
        }
        let isFlipped = try Self.locating(Format.geometryFlippedKey) {
            try entries.value(forKey: Format.geometryFlippedKey).map { try reader.bool($0) } ?? false
        }
        let size = try documentSize(entries, className: object.className)
        return (try layer(root, parent: nil, slot: Format.rootLayerKey, ancestors: []), size, isFlipped)
    }

    /// `documentWidth` × `documentHeight` when both are there; a negative, NaN or infinite one
    /// is reported and gives no size.
    private mutating func documentSize(_ entries: ArchivedDictionary, className: String) throws -> CGSize? {
        guard let width = entries.value(forKey: Format.documentWidthKey),
            let height = entries.value(forKey: Format.documentHeightKey)
        else { return nil }
        let size = try Self.locating("document size") { (try reader.number(width), try reader.number(height)) }
        guard size.0.isFinite, size.1.isFinite, size.0 >= 0, size.1 >= 0 else {
            skip("", className, Format.documentWidthKey, .unsupportedValue("document size \(size.0) × \(size.1)"))
            return nil
        }
        return CGSize(width: size.0, height: size.1)
    }

    // MARK: Layers

    /// The layer tree rooted at `value`, which fills `slot` of the layer at `parent` (nil: the
    /// document), below `ancestors` (by reference, root first).
    mutating func layer(_ value: ArchivedValue, parent: String?, slot: String, ancestors: [Int]) throws -> CALayer {
        let place = parent.map { "\($0): \(slot)" } ?? slot
        guard let object = value.objectValue, object.isKind(of: "CALayer") else {
            throw ArchiveDecodingFailure.malformed("\(place) is \(value.typeName), not a layer")
        }
        guard !ancestors.contains(object.reference) else {
            throw ArchiveDecodingFailure.malformed("\(place) is one of its own ancestors: the layer tree has a cycle")
        }
        guard placed[object.reference] == nil else {
            throw ArchiveDecodingFailure.malformed("\(place) is a layer already in the tree")
        }
        try ArchivedValueReader.check(depth: ancestors.count)
        try reader.visit()

        let (layer, modelClass) = Self.makeLayer(for: object)
        placed[object.reference] = layer
        layer.name = try Self.locating("\(place): name") {
            try String?.decode(object.value(forKey: "name") ?? .null, with: &reader)
        }
        let path = (parent.map { $0 + "/" } ?? "") + (layer.name ?? "<\(object.className) \(slot)>")
        if modelClass.name != object.className {
            skip(path, object.className, nil, .approximated("loaded as \(modelClass.name)"))
        }
        try properties(of: object, into: layer, path: path, depth: ancestors.count)
        try Self.locating("\(path): \(Format.sourceLayerKey)") { try notePortalSource(of: object, in: layer, path: path) }
        try emitterCells(of: object, into: layer, path: path, depth: ancestors.count)
        reportUndrawnFilters(of: layer, path: path)

        let lineage = ancestors + [object.reference]
        if let sublayers = try Self.locating(
            "\(path): sublayers",
            {
                try reader.elements(object.value(forKey: Format.sublayersKey) ?? .null)
            })
        {
            for (index, sublayer) in sublayers.enumerated() {
                layer.addSublayer(try self.layer(sublayer, parent: path, slot: "sublayers[\(index)]", ancestors: lineage))
            }
        }
        let mask = try Self.locating("\(path): mask") { try object.value(forKey: Format.maskKey) ?? .null }
        if mask != .null {
            layer.mask = try self.layer(mask, parent: path, slot: Format.maskKey, ancestors: lineage)
        }
        try animations(of: object, into: layer, path: path, depth: ancestors.count)
        return layer
    }

    /// A new layer of the most derived class of `object`'s hierarchy that Tessera models (its
    /// row of the registry, `LayerClass`): of the classes it is kind of, the one with the
    /// most superclasses, the first in the registry's order among equals.
    private static func makeLayer(for object: ArchivedObject) -> (CALayer, LayerClass) {
        let kind =
            LayerKind.allCases.filter { object.isKind(of: $0.layerClass.name) }
            .max { $0.superclasses.count < $1.superclasses.count } ?? .layer
        return (kind.layerClass.type.init(), kind.layerClass)
    }

    /// The layer placed in the tree for the object `reference`, if any.
    func placedLayer(_ reference: Int) -> CALayer? { placed[reference] }

    /// The layer keys that hold layers and animations, read after the properties.
    private static let structuralKeys: Set<String> = [
        "name", Format.sublayersKey, Format.maskKey, Format.animationsKey, Format.animationKeysKey, Format.sourceLayerKey,
        Format.emitterCellsKey,
    ]

    /// Reads every property key of `object` into `layer`, reporting those it leaves out.
    private mutating func properties(of object: ArchivedObject, into layer: CALayer, path: String, depth: Int) throws {
        for key in object.keys where !Self.structuralKeys.contains(key) && !Format.ignoredLayerKeys.contains(key) {
            try Self.locating("\(path): \(key)") {
                let value = try object.value(forKey: key) ?? .null
                guard try !isHarmless(layerKey: key, value) else { return }
                if key == Format.legacyContinuousCornersKey, let continuous = value.boolValue {
                    // Read as `cornerCurve` (which the archive is written with), unless that key
                    // is there too: the newer key wins.
                    if !object.keys.contains("cornerCurve") { layer.cornerCurve = continuous ? .continuous : .circular }
                    return
                }
                guard let property = ArchivedProperty.tables.layer.byKey[key] else {
                    skip(path, object.className, key, .unsupportedKey)
                    return
                }
                do {
                    if try !property.decode(value, layer, &reader, depth) { skip(path, object.className, key, .unsupportedKey) }
                } catch ArchiveDecodingFailure.unsupported(let className, let reason) {
                    skip(path, className ?? object.className, key, reason)
                }
            }
        }
    }

    /// Reports the filters `layer` keeps but Tessera does not draw (the layer is drawn without
    /// them; not at all when it is its compositing filter).
    private mutating func reportUndrawnFilters(of layer: CALayer, path: String) {
        for (key, why) in Format.undrawnFilters(of: layer) { skip(path, Format.filterClass.name, key, .notDrawn(why)) }
    }

    /// Whether `value` of an unmodelled layer key is one that changes nothing here (see
    /// `CoreAnimationCoding.layerKeysHarmlessWhenTrue`).
    private mutating func isHarmless(layerKey key: String, _ value: ArchivedValue) throws -> Bool {
        Format.layerKeysHarmlessWhenTrue.contains(key) && value.boolValue == true
    }
}
