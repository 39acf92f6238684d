import Synchronization

/// The filter inputs that key paths name (`filters.NAME.KEY`, `backgroundFilters.NAME.KEY`),
/// numbered once when a key path is resolved: ``LayerKeyPath`` carries the number, so that a
/// key path stays a small value without references (copied by every animation every frame).
/// Only grows: one entry per distinct filter name and input key a process animates.
enum FilterInputKeyPaths {
    struct Input: Hashable, Sendable {
        /// The filter's name (``LayerFilter/name``), which may differ from its type.
        let name: String
        /// The input's key (`inputRadius`, `inputAmount`…).
        let key: String
    }

    private static let table = Mutex<(inputs: [Input], numbers: [Input: Int])>(([], [:]))

    /// The number of `input`, given on first use.
    static func number(of input: Input) -> Int {
        table.withLock { table in
            if let number = table.numbers[input] { return number }
            table.inputs.append(input)
            table.numbers[input] = table.inputs.count - 1
            return table.inputs.count - 1
        }
    }

    static func input(_ number: Int) -> Input {
        table.withLock { $0.inputs[number] }
    }

    /// The number the input of `path` holds in `filters`: 0 when the layer has no filter of that
    /// name or the input is not a number (Core Animation animates from 0 there too).
    static func value(_ number: Int, in filters: [LayerFilter]?) -> Double {
        let input = input(number)
        return filters?.first { $0.name == input.name }?.number(input.key) ?? 0
    }

    /// Sets the input in the filter of that name; nothing when the layer has none.
    static func set(_ value: Double, _ number: Int, in filters: inout [LayerFilter]?) {
        let input = input(number)
        guard let index = filters?.firstIndex(where: { $0.name == input.name }) else { return }
        filters?[index].inputs[input.key] = .number(value)
    }
}
