import Foundation
import TesseraCore
import TesseraDocument
import TesseraXML

/// Turns a CAML document into Tessera's layers, as `ArchiveReader` turns an archive,
/// through the same description of the classes and properties: a layer's attributes and
/// property elements are the keys of `CodedProperties.layer`, read with their CAML spelling
/// (``CAMLSpelledValue``).
///
/// ```xml
/// <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
///   <CALayer id="#1" bounds="0 0 40 40" position="20 20" name="Root Layer">
///     <backgroundColor opacity="0" value="0 0 0"/>
///     <sublayers> <CAShapeLayer path="…" fillColor="1 1 1"/> </sublayers>
///     <animations> <animation type="CABasicAnimation" keyPath="opacity" …/> </animations>
///     <states>…</states> <stateTransitions>…</stateTransitions>
///   </CALayer>
/// </caml>
/// ```
///
/// Only a document that is not `<caml>` with a layer in it fails (as
/// `SceneDocumentError.malformedCAML(_:reason:)`, with where). Everything else is read
/// leniently and what is left out is reported with its line and column
/// (`SkippedFeature`): an element of a class Tessera lacks is loaded as a `CALayer`
/// with its sublayers, an attribute or element Tessera does not model is reported, a value that
/// does not read (a wrong type, a syntax error, an image outside the bundle) is reported at the
/// place it goes wrong and the property keeps its default.
struct CAMLReader {
    typealias Format = CoreAnimationCoding
    typealias Skipped = SkippedFeature

    private(set) var skipped: [Skipped] = []
    var context: CAMLReadContext
    /// The layers with an `id`, by it (the first of two with one id).
    private(set) var layersByID: [String: CALayer] = [:]
    /// The portals read so far with the `id` their `sourceLayer` names, found once the whole
    /// tree is read (``resolvePortalSources(in:)``).
    var portalSources: [(portal: CAPortalLayer, id: CAMLAttribute, path: String, className: String)] = []

    init(context: CAMLReadContext) {
        self.context = context
    }

    mutating func skip(
        _ layer: String, _ className: String, _ key: String?, _ reason: Skipped.Reason,
        at location: XMLSourceLocation
    ) {
        skipped.append(Skipped(layer: layer, className: className, key: key, reason: reason, location: DocumentLocation(location)))
    }

    // MARK: The document

    /// The root layer of `document` and its states.
    mutating func document(_ document: CAMLDocument) throws(SceneDocumentError) -> (rootLayer: CALayer, states: LayerStates) {
        let caml = document.root
        guard caml.localName == CAMLFormat.documentElement else {
            throw .malformedCAML(DocumentLocation(caml.location), reason: "the root element is <\(caml.name)>, not <caml>")
        }
        guard let rootElement = caml.children.first else {
            throw .malformedCAML(DocumentLocation(caml.location), reason: "<caml> holds no layer")
        }
        let root = layer(rootElement, parent: nil, slot: "root", isRoot: true)
        resolvePortalSources(in: root)
        let path = root.name ?? "<\(rootElement.localName) root>"
        let states = states(of: rootElement, path: path)
        for extra in caml.children.dropFirst() {
            skip("", extra.name, nil, .unsupportedClass, at: extra.location)
        }
        return (root, states)
    }

    // MARK: Layers

    /// The layer tree of `element`, which fills `slot` of the layer at `parent` (nil: the root).
    mutating func layer(_ element: CAMLElement, parent: String?, slot: String, isRoot: Bool = false) -> CALayer {
        let (layer, modelClass) = Self.makeLayer(named: String(element.localName))
        layer.name = element[attribute: CAMLFormat.nameAttribute]
        let path = (parent.map { $0 + "/" } ?? "") + (layer.name ?? "<\(element.localName) \(slot)>")
        if modelClass != element.localName {
            skip(path, element.name, nil, .approximated("loaded as \(modelClass)"), at: element.location)
        }
        for attribute in element.attributes where !Self.isNamespaceDeclaration(attribute) {
            switch attribute.localName {
            case CAMLFormat.nameAttribute:
                continue
            case Format.sourceLayerKey:
                notePortalSource(attribute, of: layer, className: element.name, path: path)
            case CAMLFormat.idAttribute:
                if layersByID[attribute.value] == nil {
                    layersByID[attribute.value] = layer
                } else {
                    skip(
                        path, element.name, CAMLFormat.idAttribute,
                        .unsupportedValue("the id \(attribute.value) is taken by an earlier layer"),
                        at: attribute.valueLocation)
                }
            case let key where CAMLFormat.isEditorLayerKey(String(key)):
                continue
            case let key where key.contains("."):
                keyPathAttribute(attribute, of: layer, className: element.name, path: path)
            default:
                property(.attribute(attribute), of: layer, element: element, path: path)
            }
        }
        for child in element.children where !Self.structuralElements.contains(String(child.localName)) && !Self.isEmptyScriptElement(child)
        {
            property(.element(child), of: layer, element: element, path: path)
        }
        for (key, why) in Format.undrawnFilters(of: layer) {
            skip(path, CoreAnimationCoding.filterClass.name, key, .notDrawn(why), at: element.location)
        }
        for child in element.children {
            switch child.localName {
            case CAMLFormat.sublayersElement:
                for (index, sublayer) in child.children.enumerated() {
                    layer.addSublayer(self.layer(sublayer, parent: path, slot: "sublayers[\(index)]"))
                }
            case CAMLFormat.maskElement:
                for (index, mask) in child.children.enumerated() {
                    guard index == 0 else {
                        skip(path, mask.name, CAMLFormat.maskElement, .unsupportedValue("a second mask"), at: mask.location)
                        continue
                    }
                    layer.mask = self.layer(mask, parent: path, slot: CAMLFormat.maskElement)
                }
            case Format.emitterCellsKey:
                emitterCells(child, of: layer, className: element.name, path: path)
            case CAMLFormat.statesElement, CAMLFormat.stateTransitionsElement:
                // The root's are read with the tree complete (`states(of:path:)`).
                if !isRoot { skip(path, element.name, String(child.localName), .unsupportedKey, at: child.location) }
            default:
                continue
            }
        }
        if let animations = element.children.first(where: { $0.localName == CAMLFormat.animationsElement }) {
            self.animations(animations, into: layer, path: path)
        }
        return layer
    }

    /// The elements of a layer that hold layers, animations and states rather than a property.
    private static let structuralElements: Set<String> = [
        CAMLFormat.sublayersElement, CAMLFormat.maskElement, CAMLFormat.animationsElement, CAMLFormat.statesElement,
        CAMLFormat.stateTransitionsElement, Format.emitterCellsKey,
    ]

    /// Whether `element` is an empty `<modules/>` or `<scriptComponents/>` (``CAMLFormat/scriptElements``;
    /// a `type="NSArray"` is allowed): nothing to run, nothing lost.
    private static func isEmptyScriptElement(_ element: CAMLElement) -> Bool {
        CAMLFormat.scriptElements.contains(String(element.localName)) && element.children.isEmpty
            && element.attributes.allSatisfy { $0.localName == CAMLFormat.typeAttribute || isNamespaceDeclaration($0) }
    }

    /// Whether `attribute` declares a namespace (`xmlns`, `xmlns:p`).
    static func isNamespaceDeclaration(_ attribute: CAMLAttribute) -> Bool {
        attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:")
    }

    /// A new layer of the class named `name` (its row of the registry, `LayerClass`), or a
    /// `CALayer` for a class Tessera does not model, with the name of the class it is.
    private static func makeLayer(named name: String) -> (CALayer, String) {
        let row = (LayerKind(className: name) ?? .layer).layerClass
        return (row.type.init(), row.name)
    }

    /// Reads the layer property written at `source` (an attribute or a child element of the
    /// layer's `element`) through the property table, reporting what it leaves out.
    private mutating func property(_ source: CAMLValueSource, of layer: CALayer, element: CAMLElement, path: String) {
        let key = source.key, className = element.name
        let location: XMLSourceLocation
        switch source {
        case .attribute(let attribute):
            location = attribute.location
            if Format.ignoredLayerKeys.contains(key) { return }
            if Format.layerKeysHarmlessWhenTrue.contains(key), (try? CAMLSyntax.parseBoolean(attribute.value)) == true { return }
            if key == Format.legacyContinuousCornersKey, let continuous = try? CAMLSyntax.parseBoolean(attribute.value) {
                // Read as `cornerCurve`, unless that key is there too: the newer key wins.
                if element.attribute("cornerCurve") == nil { layer.cornerCurve = continuous ? .continuous : .circular }
                return
            }
        case .element(let child):
            location = child.location
        }
        guard let property = CAMLProperty.tables.layer.byKey[key] else {
            skip(path, className, key, .unsupportedKey, at: location)
            return
        }
        do {
            if try !property.read(source, layer, &context) { skip(path, className, key, .unsupportedKey, at: location) }
        } catch {
            skip(path, className, key, error.reason, at: error.location)
        }
    }
}
