import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Writes a layer tree and its animations as Core Animation archives it: Apple's class names and
/// keys, only the properties that differ from a new object's, each object's
/// `__CACodingContents`, sublayers in an `LKNSArrayCodingProxy`, animations in
/// `CALayerAnimations` with the parallel `CALayerAnimationKeys`.
///
/// A layer or animation of a subclass is written as the nearest class Tessera models (a
/// subclass's own state is not archived). What Tessera's public API does not expose is not
/// written: animations added without a key, animations' delegates and their values set by
/// `setValue(_:forKey:)`. A portal's `sourceLayer` is written as a reference to its source's
/// object, when the source is in the tree written (there is nothing to refer to otherwise).
struct ArchiveWriter {
    typealias Format = CoreAnimationCoding

    var writer = ArchiveValueWriter()
    /// The layers written so far: a layer has one place in a tree.
    private var written: Set<ObjectIdentifier> = []
    /// Each layer's object: added once written, or reserved before when a portal refers to it
    /// first (its source may be one of its ancestors, or come later).
    private var references: [ObjectIdentifier: ArchiveReference] = [:]
    /// The root of the tree being written, and its layers, gathered when a portal first needs them.
    private var root: CALayer?
    private var treeLayers: Set<ObjectIdentifier>?

    /// The document: the `$top.root` dictionary of Kite's exports.
    mutating func document(rootLayer: CALayer, size: CGSize?, isFlipped: Bool) throws -> [UInt8] {
        root = rootLayer
        var entries: [(key: String, value: ArchiveFieldValue)] = [
            (Format.rootLayerKey, try layer(rootLayer, depth: 0)),
            (Format.geometryFlippedKey, .bool(isFlipped)),
        ]
        if let size {
            entries += [(Format.documentWidthKey, .real(Double(size.width))), (Format.documentHeightKey, .real(Double(size.height)))]
        }
        let document = try writer.archive.addDictionary(entries)
        try writer.archive.setTop(.reference(document))
        return try writer.archive.encoded()
    }

    private mutating func layer(_ layer: CALayer, depth: Int) throws -> ArchiveFieldValue {
        guard written.insert(ObjectIdentifier(layer)).inserted else {
            throw SceneDocumentError.unencodableValue(reason: "layer \(layer.name ?? "without a name") appears twice in the tree")
        }
        guard depth <= Format.maximumDepth else {
            throw SceneDocumentError.unencodableValue(reason: "layers nested more than \(Format.maximumDepth) deep")
        }
        let (archiveClass, defaults) = Format.writtenClass(of: layer)
        var fields = try properties(ArchivedProperty.tables.layer.all, of: layer, defaults: defaults)
        if let source = sourceReference(of: layer) { fields.append((Format.sourceLayerKey, .reference(source))) }
        if let sublayers = layer.sublayers {
            var references: [ArchiveFieldValue] = []
            for sublayer in sublayers { references.append(try self.layer(sublayer, depth: depth + 1)) }
            fields.append((Format.sublayersKey, try writer.array(references)))
        }
        if let mask = layer.mask { fields.append((Format.maskKey, try self.layer(mask, depth: depth + 1))) }
        if let cells = (layer as? CAEmitterLayer)?.emitterCells {
            fields.append((Format.emitterCellsKey, try self.cells(cells, depth: depth + 1)))
        }
        fields.append(try codingContents(fields))

        let keys = layer.animationKeys() ?? []
        if !keys.isEmpty {
            var animations: [ArchiveFieldValue] = []
            for key in keys {
                guard let animation = layer.animation(forKey: key) else { continue }
                animations.append(try self.animation(animation, depth: depth + 1))
            }
            fields.append((Format.animationsKey, .reference(try writer.archive.addArray(animations, class: .mutableArray))))
            fields.append(
                (Format.animationKeysKey, .reference(try writer.archive.addArray(keys.map { .string($0) }, class: .mutableArray))))
        }
        if let reserved = references[ObjectIdentifier(layer)] {
            try writer.archive.setObject(reserved, class: archiveClass, fields: fields)
            return .reference(reserved)
        }
        let reference = try writer.archive.addObject(archiveClass, fields: fields)
        references[ObjectIdentifier(layer)] = reference
        return .reference(reference)
    }

    /// The object of the source of `layer` when it is a portal whose source is in the tree:
    /// reserved when the source is not written yet.
    private mutating func sourceReference(of layer: CALayer) -> ArchiveReference? {
        guard let source = (layer as? CAPortalLayer)?.sourceLayer else { return nil }
        let layers = treeLayers ?? root.map(Self.layers(under:)) ?? []
        treeLayers = layers
        guard layers.contains(ObjectIdentifier(source)) else { return nil }
        if let reference = references[ObjectIdentifier(source)] { return reference }
        let reference = writer.archive.reserveObject()
        references[ObjectIdentifier(source)] = reference
        return reference
    }

    /// `root` and every layer under it (sublayers and masks).
    private static func layers(under root: CALayer) -> Set<ObjectIdentifier> {
        var layers: Set<ObjectIdentifier> = [], stack = [root]
        while let layer = stack.popLast() {
            // A mask set to an ancestor would loop; the tree itself is written (and refused) as it is.
            guard layers.insert(ObjectIdentifier(layer)).inserted else { continue }
            stack += layer.sublayers ?? []
            if let mask = layer.mask { stack.append(mask) }
        }
        return layers
    }

    private mutating func animation(_ animation: CAAnimation, depth: Int) throws -> ArchiveFieldValue {
        guard depth <= Format.maximumDepth else {
            throw SceneDocumentError.unencodableValue(
                reason: "animation groups nested more than \(Format.maximumDepth) deep")
        }
        guard let (archiveClass, defaults) = Format.writtenClass(of: animation) else {
            throw SceneDocumentError.unencodableValue(reason: "an animation of class \(type(of: animation))")
        }
        var fields = try properties(ArchivedProperty.tables.animation.all, of: animation, defaults: defaults)
        if let children = (animation as? CAAnimationGroup)?.animations {
            var references: [ArchiveFieldValue] = []
            for child in children { references.append(try self.animation(child, depth: depth + 1)) }
            fields.append((Format.groupAnimationsKey, try writer.array(references)))
        }
        fields.append(try codingContents(fields))
        return try writer.object(archiveClass, fields)
    }

    /// An array of emitter cells, each with the properties that differ from a new cell's and its
    /// own cells.
    private mutating func cells(_ cells: [CAEmitterCell], depth: Int) throws -> ArchiveFieldValue {
        guard depth <= Format.maximumDepth else {
            throw SceneDocumentError.unencodableValue(reason: "emitter cells nested more than \(Format.maximumDepth) deep")
        }
        var references: [ArchiveFieldValue] = []
        for cell in cells {
            var fields = try properties(ArchivedProperty.tables.emitterCell.all, of: cell, defaults: CAEmitterCell())
            if let nested = cell.emitterCells { fields.append((Format.emitterCellsKey, try self.cells(nested, depth: depth + 1))) }
            fields.append(try codingContents(fields))
            references.append(try writer.object(Format.emitterCellClass, fields))
        }
        return try writer.array(references)
    }

    /// The fields of the properties of `object` that differ from `defaults`'.
    private mutating func properties(
        _ properties: [ArchivedProperty], of object: AnyObject,
        defaults: AnyObject
    ) throws -> [(key: String, value: ArchiveFieldValue)] {
        var fields: [(key: String, value: ArchiveFieldValue)] = []
        for property in properties {
            if let field = try property.encode(object, defaults, &writer) { fields.append((property.key, field)) }
        }
        return fields
    }

    /// `__CACodingContents`: the keys written, sorted, as Core Animation lists them.
    private mutating func codingContents(
        _ fields: [(key: String, value: ArchiveFieldValue)]
    ) throws -> (key: String, value: ArchiveFieldValue) {
        let keys = fields.map(\.key).sorted().map { ArchiveFieldValue.string($0) }
        return (Format.codingContentsKey, .reference(try writer.archive.addArray(keys)))
    }
}
