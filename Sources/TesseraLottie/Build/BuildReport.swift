import TesseraCore

/// What building a document's layers leaves out or draws differently, as Tessera reports it for
/// archives (each item once, however often it is met: a precomposition used ten times by layers
/// of the same name is reported once); and the limit on how many layers a document may make (precompositions used
/// many times multiply them).
final class BuildReport {
    /// The most layers a document may make, counting every use of a precomposition.
    static let maximumLayerCount = 100_000

    private(set) var skipped: [SkippedFeature] = []
    private var reported = MetElements<SkippedFeature>()
    private(set) var layerCount = 0

    /// Counts a new layer; throws past ``maximumLayerCount``.
    func countLayer(at path: String) throws(LottieError) {
        layerCount += 1
        guard layerCount <= Self.maximumLayerCount else {
            throw .limitExceeded(path: path, reason: "more than \(Self.maximumLayerCount) layers, counting each use of a precomposition")
        }
    }

    /// Something of `layer` (`Lottie/Circle`) not drawn: `what` (`"effects"`, `"masks"`, a
    /// shape item's kind) and why, in words.
    func notDrawn(_ layer: String, _ what: String, _ detail: String) {
        add(SkippedFeature(layer: layer, className: "Lottie", key: what, reason: .notDrawn(detail)))
    }

    /// Something of `layer` drawn differently from the file, and how.
    func approximated(_ layer: String, _ what: String, _ detail: String) {
        add(SkippedFeature(layer: layer, className: what, key: nil, reason: .approximated(detail)))
    }

    /// The problems a layer found with the animations added to it since it had `before`
    /// diagnostics (values that do not fit a key path).
    func diagnostics(of layer: CALayer, since before: Int, at path: String) {
        for message in layer.diagnostics.dropFirst(before) {
            add(SkippedFeature(layer: path, className: "Lottie", key: nil, reason: .animationNotApplied(message)))
        }
    }

    private func add(_ item: SkippedFeature) {
        if reported.insert(item) { skipped.append(item) }
    }
}
