import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

extension ArchiveReader {
    /// Sets the `emitterCells` of `object` on `layer` (an emitter layer; another layer's are
    /// reported as a key it does not have), reporting the keys of cells it leaves out.
    ///
    /// Cells nest: a cell's `emitterCells` are read the same way, counted in the depth limit of
    /// layers and values. A cell that contains itself is malformed; one cell object listed in
    /// two places is read in each (Core Animation copies cells when they are set).
    mutating func emitterCells(of object: ArchivedObject, into layer: CALayer, path: String, depth: Int) throws {
        guard let value = try Self.locating("\(path): \(Format.emitterCellsKey)", { try object.value(forKey: Format.emitterCellsKey) }),
            value != .null
        else { return }
        guard let emitter = layer as? CAEmitterLayer else {
            skip(path, object.className, Format.emitterCellsKey, .unsupportedKey)
            return
        }
        emitter.emitterCells = try cells(value, path: path, keyPath: Format.emitterCellsKey, depth: depth + 1, ancestors: [])
    }

    /// The cells of the array `value`, which fills `keyPath` of the layer at `path`.
    private mutating func cells(
        _ value: ArchivedValue, path: String, keyPath: String, depth: Int,
        ancestors: [Int]
    ) throws -> [CAEmitterCell]? {
        guard let elements = try Self.locating("\(path): \(keyPath)", { try reader.elements(value) }) else { return nil }
        var cells: [CAEmitterCell] = []
        for (index, element) in elements.enumerated() {
            cells.append(try cell(element, path: path, slot: "\(keyPath)[\(index)]", depth: depth, ancestors: ancestors))
        }
        return cells
    }

    private mutating func cell(_ value: ArchivedValue, path: String, slot: String, depth: Int, ancestors: [Int]) throws -> CAEmitterCell {
        guard let object = value.objectValue, object.isKind(of: Format.emitterCellClass.name) else {
            throw ArchiveDecodingFailure.malformed("\(path): \(slot) is \(value.typeName), not an emitter cell")
        }
        guard !ancestors.contains(object.reference) else {
            throw ArchiveDecodingFailure.malformed("\(path): \(slot) is one of its own ancestors: the emitter cells have a cycle")
        }
        try ArchivedValueReader.check(depth: depth)
        try reader.visit()
        let cell = CAEmitterCell()
        for key in object.keys where !Format.ignoredCellKeys.contains(key) {
            let keyPath = "\(slot).\(key)"
            if key == Format.emitterCellsKey {
                let nested = try Self.locating("\(path): \(keyPath)") { try object.value(forKey: key) ?? .null }
                cell.emitterCells = try cells(
                    nested, path: path, keyPath: keyPath, depth: depth + 1,
                    ancestors: ancestors + [object.reference])
                continue
            }
            try Self.locating("\(path): \(keyPath)") {
                let field = try object.value(forKey: key) ?? .null
                guard let property = ArchivedProperty.tables.emitterCell.byKey[key] else {
                    skip(path, object.className, keyPath, .unsupportedKey)
                    return
                }
                do {
                    _ = try property.decode(field, cell, &reader, depth + 1)
                } catch ArchiveDecodingFailure.unsupported(let className, let reason) {
                    skip(path, className ?? object.className, keyPath, reason)
                }
            }
        }
        return cell
    }
}
