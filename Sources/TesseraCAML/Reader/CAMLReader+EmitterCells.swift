import TesseraCore
import TesseraDocument
import TesseraXML

extension CAMLReader {
    /// Sets the cells of an emitter layer's `<emitterCells>` element on `layer` (another layer's
    /// are reported as a key it does not have):
    ///
    /// ```xml
    /// <emitterCells>
    ///   <CAEmitterCell name="spark" birthRate="40" lifetime="2" velocity="80" emissionRange="3.14">
    ///     <contents type="CGImage" src="assets/spark.png"/>
    ///     <emitterCells> <CAEmitterCell …/> </emitterCells>
    ///   </CAEmitterCell>
    /// </emitterCells>
    /// ```
    ///
    /// A cell's attributes and property elements are the keys of `CodedProperties.emitterCell`
    /// with their CAML spelling; what does not read is reported and keeps its default, and an
    /// element that is not a cell is reported and left out.
    mutating func emitterCells(_ element: CAMLElement, of layer: CALayer, className: String, path: String) {
        guard let emitter = layer as? CAEmitterLayer else {
            skip(path, className, Format.emitterCellsKey, .unsupportedKey, at: element.location)
            return
        }
        emitter.emitterCells = cells(element, path: path, keyPath: Format.emitterCellsKey)
    }

    private mutating func cells(_ element: CAMLElement, path: String, keyPath: String) -> [CAEmitterCell] {
        element.children.enumerated().compactMap { index, child in cell(child, path: path, slot: "\(keyPath)[\(index)]") }
    }

    /// The cell of a `<CAEmitterCell>` element, which fills `slot` of the layer at `path`.
    private mutating func cell(_ element: CAMLElement, path: String, slot: String) -> CAEmitterCell? {
        guard element.localName == Format.emitterCellClass.name else {
            skip(path, element.name, slot, .unsupportedClass, at: element.location)
            return nil
        }
        let cell = CAEmitterCell()
        for attribute in element.attributes where !Self.isNamespaceDeclaration(attribute) && attribute.localName != CAMLFormat.idAttribute {
            property(.attribute(attribute), of: cell, path: path, slot: slot)
        }
        for child in element.children {
            if child.localName == Format.emitterCellsKey {
                cell.emitterCells = cells(child, path: path, keyPath: "\(slot).\(Format.emitterCellsKey)")
            } else {
                property(.element(child), of: cell, path: path, slot: slot)
            }
        }
        return cell
    }

    private mutating func property(_ source: CAMLValueSource, of cell: CAEmitterCell, path: String, slot: String) {
        let key = source.key, keyPath = "\(slot).\(key)", className = Format.emitterCellClass.name
        let location = source.keyLocation
        guard let property = CAMLProperty.tables.emitterCell.byKey[key] else {
            skip(path, className, keyPath, .unsupportedKey, at: location)
            return
        }
        do {
            _ = try property.read(source, cell, &context)
        } catch {
            skip(path, className, keyPath, error.reason, at: error.location)
        }
    }
}
