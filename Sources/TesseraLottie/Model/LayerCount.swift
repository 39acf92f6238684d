/// How many layers a document makes, every use of a precomposition counted, found before any is
/// built: a few precompositions each using the next twice would otherwise make millions. Also
/// where a precomposition includes itself.
enum LayerCount {
    /// Throws when the document makes more than `limit` layers or a precomposition includes
    /// itself; linear in the number of layers in the file.
    static func check(_ document: LottieDocument, limit: Int) throws(LottieError) {
        var counts: [String: Int] = [:]
        var building: Set<String> = []
        func count(_ layers: [LottieLayer]) throws(LottieError) -> Int {
            var total = 0
            for layer in layers {
                total += 1
                if case .precomp(let id, _, _) = layer.content, let inner = document.precomps[id] {
                    if let known = counts[id] {
                        total += known
                    } else {
                        guard building.insert(id).inserted else { throw .precompCycle(assetID: id) }
                        let found = try count(inner)
                        building.remove(id)
                        counts[id] = found
                        total += found
                    }
                }
                // Past the limit, sums could overflow: stop at once.
                guard total <= limit else {
                    throw .limitExceeded(path: "layers", reason: "more than \(limit) layers, counting each use of a precomposition")
                }
            }
            return total
        }
        _ = try count(document.layers)
    }
}
