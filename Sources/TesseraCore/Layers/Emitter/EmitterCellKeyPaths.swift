import Foundation

/// The numbers of emitter cells that key paths reach through their emitter layer, as Core
/// Animation's `emitterCells.NAME.FIELD` (`emitterCells.spark.birthRate`; a nested cell is
/// `emitterCells.fire.emitterCells.smoke.velocity`): a cell is found by its ``CAEmitterCell/name``
/// (the first of that name in the list), the field by its property name. Each path gets a number
/// on first use (``KeyPathNumbers``), which ``LayerKeyPath`` keeps, so that evaluating it every
/// frame does no string work.
///
/// The fields are the cell's numbers (``fields``); colours, images and flags are not reached this
/// way. A path whose cell the layer does not have reads 0 and sets nothing, as a filter input
/// does.
enum EmitterCellKeyPaths {
    static let prefix = "emitterCells."

    /// A cell's field: the names of the cells from the layer down, and the field.
    struct Path: Hashable, Sendable {
        let cellNames: [String]
        let field: String

        /// `emitterCells.A(.emitterCells.B)*.FIELD`; nil for anything else or a field that is
        /// not a cell's number.
        init?(_ string: String) {
            var parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3, parts.count % 2 == 1, let field = parts.popLast(), EmitterCellKeyPaths.fields[field] != nil
            else { return nil }
            var names: [String] = []
            while !parts.isEmpty {
                guard parts.removeFirst() == "emitterCells", !parts[0].isEmpty else { return nil }
                names.append(parts.removeFirst())
            }
            cellNames = names
            self.field = field
        }
    }

    /// How a field is read and written, as a `Double`.
    struct Field: Sendable {
        let get: @Sendable (EmitterCellValues) -> Double
        let set: @Sendable (inout EmitterCellValues, Double) -> Void

        init(_ keyPath: WritableKeyPath<EmitterCellValues, Float> & Sendable) {
            get = { Double($0[keyPath: keyPath]) }
            set = { $0[keyPath: keyPath] = Float($1) }
        }

        init(_ keyPath: WritableKeyPath<EmitterCellValues, CGFloat> & Sendable) {
            get = { Double($0[keyPath: keyPath]) }
            set = { $0[keyPath: keyPath] = CGFloat($1) }
        }

        init(_ keyPath: WritableKeyPath<EmitterCellValues, Double> & Sendable) {
            get = { $0[keyPath: keyPath] }
            set = { $0[keyPath: keyPath] = $1 }
        }
    }

    /// The cell's numbers, by their property names.
    static let fields: [String: Field] = [
        "beginTime": Field(\.beginTime), "duration": Field(\.duration),
        "birthRate": Field(\.birthRate), "lifetime": Field(\.lifetime), "lifetimeRange": Field(\.lifetimeRange),
        "emissionLatitude": Field(\.emissionLatitude), "emissionLongitude": Field(\.emissionLongitude),
        "emissionRange": Field(\.emissionRange),
        "velocity": Field(\.velocity), "velocityRange": Field(\.velocityRange),
        "xAcceleration": Field(\.xAcceleration), "yAcceleration": Field(\.yAcceleration), "zAcceleration": Field(\.zAcceleration),
        "scale": Field(\.scale), "scaleRange": Field(\.scaleRange), "scaleSpeed": Field(\.scaleSpeed),
        "spin": Field(\.spin), "spinRange": Field(\.spinRange),
        "redRange": Field(\.redRange), "greenRange": Field(\.greenRange), "blueRange": Field(\.blueRange),
        "alphaRange": Field(\.alphaRange), "redSpeed": Field(\.redSpeed), "greenSpeed": Field(\.greenSpeed),
        "blueSpeed": Field(\.blueSpeed), "alphaSpeed": Field(\.alphaSpeed), "contentsScale": Field(\.contentsScale),
    ]

    static let numbers = KeyPathNumbers<Path>()

    /// The field of path `number` in `cells`; 0 when there is no such cell.
    static func value(_ number: Int, in cells: [EmitterCellValues]?) -> Double {
        let path = numbers.key(number)
        guard let field = fields[path.field] else { return 0 }
        var list = cells ?? []
        for (depth, name) in path.cellNames.enumerated() {
            guard let cell = list.first(where: { $0.name == name }) else { return 0 }
            if depth == path.cellNames.count - 1 { return field.get(cell) }
            list = cell.emitterCells
        }
        return 0
    }

    /// Sets the field of path `number` in `cells`; nothing when there is no such cell.
    static func set(_ value: Double, _ number: Int, in cells: inout [EmitterCellValues]?) {
        let path = numbers.key(number)
        guard let field = fields[path.field], var list = cells, set(value, field, path.cellNames[...], in: &list) else { return }
        cells = list
    }

    /// Sets `field` of the cell `names` leads to in `list`; false when there is none.
    private static func set(_ value: Double, _ field: Field, _ names: ArraySlice<String>, in list: inout [EmitterCellValues]) -> Bool {
        guard let name = names.first, let index = list.firstIndex(where: { $0.name == name }) else { return false }
        if names.count == 1 {
            field.set(&list[index], value)
            return true
        }
        return set(value, field, names.dropFirst(), in: &list[index].emitterCells)
    }
}
