import Foundation
import TesseraCore
import TesseraDocument

/// Turns a layer tree into a CAML document, as `ArchiveWriter` turns it into an
/// archive, through the same description of the classes and properties: a layer's properties
/// are the rows of `CodedProperties.layer`, an animation's those of
/// `CodedProperties.animation`, each written with its CAML spelling
/// (``CAMLSpelledValue``) when it differs from a new object's of the class it is written as.
/// What ``CAMLReader`` reads back is the same tree.
///
/// Layers are elements named by their class; properties are attributes when their spelling is
/// text and elements otherwise (colours with an opacity, lists, images, filters, animation
/// values), as Apple's files write them. Then come the layer's `<sublayers>`, `<mask>` and
/// `<animations>`, and the root's `<states>` and `<stateTransitions>`.
///
/// Layers get an `id` where something refers to them: a state or transition (the id the document
/// had, kept from `LayerStates`) or a portal's `sourceLayer` (a new id, `#1`, `#2`… not taken).
///
/// What CAML cannot hold fails the whole document with
/// `SceneDocumentError.unwritableCAML(reason:)` naming the layer and property, rather than
/// being left out: a layer that appears twice in the tree, an animation of a class Tessera does not
/// model, a NaN or infinite number where CAML reads only finite ones
/// (everything but timing), a string with a character XML 1.0 cannot hold, an image with no
/// bundle to write it in, a state whose layer is not in the tree, a portal whose source is not,
/// elements nested deeper than CAML readers take (``CAMLXMLLimits``), and a tree in one of its
/// states rather than the base state (its layers hold the state's values, not the base values).
/// Animation keys are not written (CAML gives an animation none: the reader adds each under its
/// key path, made unique). As in archives, what Tessera's public API does not show is not
/// written: a subclass's own state (it is written as the class Tessera models), animations added
/// without a key, animations' delegates and values set with `setValue(_:forKey:)`.
struct CAMLWriter {
    typealias Format = CoreAnimationCoding

    var context: CAMLWriteContext
    /// The `id` of each layer something refers to.
    private(set) var ids: [ObjectIdentifier: String] = [:]
    /// The layers written so far: a layer has one place in a tree.
    private var written: Set<ObjectIdentifier> = []

    init(context: CAMLWriteContext) {
        self.context = context
    }

    /// The document: `<caml>` holding the root layer's element, states on the root.
    mutating func document(rootLayer: CALayer, states: LayerStates) throws(SceneDocumentError) -> CAMLWrittenElement {
        if let current = states.currentState {
            // The layers hold the state's values now: written, they would be the base values.
            throw .unwritableCAML(
                reason: "the tree is in state \"\(current)\"; go back to the base state (setState(nil, at:animated:)) to write it")
        }
        try assignIDs(under: rootLayer, states: states)
        var root = try layer(rootLayer, path: rootLayer.name ?? "<root>")
        root.children += try self.states(states)
        return CAMLWrittenElement(name: CAMLFormat.documentElement, attributes: [("xmlns", Self.namespace)], children: [root])
    }

    /// The namespace of Apple's CAML documents.
    static let namespace = "http://www.apple.com/CoreAnimation/1.0"

    /// The error for a value of the layer at `path` that cannot be written.
    static func failure(_ path: String, _ key: String?, _ failure: CAMLWriteFailure) -> SceneDocumentError {
        .unwritableCAML(reason: "\(path)\(key.map { " \($0)" } ?? ""): \(failure.reason)")
    }

    // MARK: Layers

    private mutating func layer(_ layer: CALayer, path: String) throws(SceneDocumentError) -> CAMLWrittenElement {
        guard written.insert(ObjectIdentifier(layer)).inserted else {
            throw Self.failure(path, nil, CAMLWriteFailure("the layer appears twice in the tree"))
        }
        let (writtenClass, defaults) = Format.writtenClass(of: layer)
        var element = CAMLWrittenElement(name: writtenClass.name)
        if let id = ids[ObjectIdentifier(layer)] { element.attributes.append((CAMLFormat.idAttribute, id)) }
        try add(CAMLProperty.tables.layer.all, of: layer, defaults: defaults, to: &element, path: path, slot: nil)
        if let source = (layer as? CAPortalLayer)?.sourceLayer {
            guard let id = ids[ObjectIdentifier(source)] else {
                throw Self.failure(path, Format.sourceLayerKey, CAMLWriteFailure("the source layer is not in the tree written"))
            }
            element.attributes.append((Format.sourceLayerKey, id))
        }
        if let cells = (layer as? CAEmitterLayer)?.emitterCells, !cells.isEmpty {
            element.children.append(try self.cells(cells, path: path, keyPath: Format.emitterCellsKey))
        }
        if let sublayers = layer.sublayers, !sublayers.isEmpty {
            var holder = CAMLWrittenElement(name: CAMLFormat.sublayersElement)
            for (index, sublayer) in sublayers.enumerated() {
                holder.children.append(try self.layer(sublayer, path: path + "/" + (sublayer.name ?? "sublayers[\(index)]")))
            }
            element.children.append(holder)
        }
        if let mask = layer.mask {
            let written = try self.layer(mask, path: path + "/" + (mask.name ?? CAMLFormat.maskElement))
            element.children.append(CAMLWrittenElement(name: CAMLFormat.maskElement, children: [written]))
        }
        let animations = layer.animationKeys() ?? []
        if !animations.isEmpty {
            var holder = CAMLWrittenElement(name: CAMLFormat.animationsElement)
            for key in animations {
                guard let animation = layer.animation(forKey: key) else { continue }
                holder.children.append(try self.animation(animation, path: path, slot: key))
            }
            element.children.append(holder)
        }
        return element
    }

    /// `<emitterCells>` with a `CAEmitterCell` element for each of `cells`: the rows of
    /// `CodedProperties.emitterCell` that differ from a new cell's, then its own cells.
    private mutating func cells(_ cells: [CAEmitterCell], path: String, keyPath: String) throws(SceneDocumentError) -> CAMLWrittenElement {
        var holder = CAMLWrittenElement(name: Format.emitterCellsKey)
        let defaults = CAEmitterCell()
        for (index, cell) in cells.enumerated() {
            let slot = "\(keyPath)[\(index)]"
            var element = CAMLWrittenElement(name: Format.emitterCellClass.name)
            try add(CAMLProperty.tables.emitterCell.all, of: cell, defaults: defaults, to: &element, path: path, slot: slot)
            if let nested = cell.emitterCells, !nested.isEmpty {
                element.children.append(try self.cells(nested, path: path, keyPath: "\(slot).\(Format.emitterCellsKey)"))
            }
            holder.children.append(element)
        }
        return holder
    }

    /// Adds to `element` the value of each row of `properties` that differs in `object` from
    /// `defaults`, under its key; one CAML cannot hold fails, named by its key (after `slot`, the
    /// object's place in the layer at `path`, when it is not the layer itself).
    mutating func add(
        _ properties: [CAMLProperty], of object: AnyObject, defaults: AnyObject,
        to element: inout CAMLWrittenElement, path: String, slot: String?
    ) throws(SceneDocumentError) {
        for property in properties {
            do {
                if let value = try property.write(object, defaults, &context) { element.add(value, as: property.key) }
            } catch {
                throw Self.failure(path, slot.map { "\($0).\(property.key)" } ?? property.key, error)
            }
        }
    }

    /// Gives an `id` to each layer a state or a portal refers to: the one the document had for
    /// the states' targets, a new one (`#1`, `#2`… not taken) for portals' sources in the tree.
    private mutating func assignIDs(under root: CALayer, states: LayerStates) throws(SceneDocumentError) {
        var inTree: Set<ObjectIdentifier> = [], stack = [root], portals: [CAPortalLayer] = []
        while let layer = stack.popLast() {
            guard inTree.insert(ObjectIdentifier(layer)).inserted else { continue }
            stack += layer.sublayers ?? []
            if let mask = layer.mask { stack.append(mask) }
            if let portal = layer as? CAPortalLayer { portals.append(portal) }
        }
        for (id, layer) in states.layersByID.sorted(by: { $0.key < $1.key }) where inTree.contains(ObjectIdentifier(layer)) {
            ids[ObjectIdentifier(layer)] = ids[ObjectIdentifier(layer)] ?? id
        }
        let targets =
            states.states.flatMap { $0.values.map(\.targetID) + $0.animations.map(\.targetID) }
            + states.transitions.flatMap { $0.elements.map(\.targetID) }
        for id in targets {
            guard let layer = states.layer(withID: id), ids[ObjectIdentifier(layer)] == id else {
                throw .unwritableCAML(reason: "the states set a layer (\(id)) that is not in the tree written")
            }
        }
        var taken = Set(ids.values), next = 1
        for source in portals.compactMap(\.sourceLayer) where inTree.contains(ObjectIdentifier(source)) {
            guard ids[ObjectIdentifier(source)] == nil else { continue }
            while taken.contains("#\(next)") { next += 1 }
            ids[ObjectIdentifier(source)] = "#\(next)"
            taken.insert("#\(next)")
        }
    }
}
