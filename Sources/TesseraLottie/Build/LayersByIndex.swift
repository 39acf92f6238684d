/// A composition's layers by their index (`ind`), the first layer of each: the indices sorted and
/// searched by halves. A `[Int: LottieLayer]` had the runtime look up `Int`'s conformance to
/// `Hashable` through every conformance record of the process (with its storage's metadata, some
/// 380,000 instructions at a process's first Lottie file).
struct LayersByIndex {
    /// The indices the layers have, ascending, each once.
    private let indices: [Int]
    /// For each of ``indices``, the first layer with that index.
    private let layers: [LottieLayer]

    init(_ all: [LottieLayer]) {
        var order = all.indices.filter { all[$0].index != nil }
        // By index, then by position: the first layer of an index comes first.
        order.sort { a, b in
            let (indexA, indexB) = (all[a].index!, all[b].index!)
            return indexA != indexB ? indexA < indexB : a < b
        }
        var indices: [Int] = [], layers: [LottieLayer] = []
        indices.reserveCapacity(order.count)
        layers.reserveCapacity(order.count)
        for position in order where indices.last != all[position].index {
            indices.append(all[position].index!)
            layers.append(all[position])
        }
        self.indices = indices
        self.layers = layers
    }

    /// The first layer whose index is `index`; nil when none has it.
    subscript(index: Int) -> LottieLayer? {
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index ? layers[low] : nil
    }
}
