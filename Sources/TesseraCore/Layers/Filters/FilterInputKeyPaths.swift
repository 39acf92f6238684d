/// The filter inputs that key paths name (`filters.NAME.KEY`, `backgroundFilters.NAME.KEY`),
/// numbered (``KeyPathNumbers``) once when a key path is resolved.
enum FilterInputKeyPaths {
    struct Input: Hashable, Sendable {
        /// The filter's name (``LayerFilter/name``), which may differ from its type.
        let name: String
        /// The input's key (`inputRadius`, `inputAmount`…).
        let key: String
    }

    static let numbers = KeyPathNumbers<Input>()

    /// The number the input of `path` holds in `filters`: 0 when the layer has no filter of that
    /// name or the input is not a number (Core Animation animates from 0 there too).
    static func value(_ number: Int, in filters: [LayerFilter]?) -> Double {
        let input = numbers.key(number)
        return filters?.first { $0.name == input.name }?.number(input.key) ?? 0
    }

    /// Sets the input in the filter of that name; nothing when the layer has none.
    static func set(_ value: Double, _ number: Int, in filters: inout [LayerFilter]?) {
        let input = numbers.key(number)
        guard let index = filters?.firstIndex(where: { $0.name == input.name }) else { return }
        filters?[index].inputs[input.key] = .number(value)
    }
}
