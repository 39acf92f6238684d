/// The shape of a flattened layer tree: who is whose sublayer or mask, and the layers' names.
/// Layers are numbered depth first (a layer, its sublayers' subtrees back to front, then its
/// mask's subtree); index 0 is the root. Immutable, shared by every frame evaluated from one
/// ``EvaluationPlan``.
final class TreeShape: Sendable {
    /// Each layer's superlayer, or the layer it masks; -1 for the root.
    let parents: [Int32]
    let names: [String?]
    /// The sublayers of layer i are `sublayerIndices[sublayerStarts[i] ..< sublayerStarts[i + 1]]`.
    let sublayerStarts: [Int32]
    let sublayerIndices: [Int32]
    /// Each layer's mask layer, or -1.
    let masks: [Int32]
    /// Whether a layer of the tree is a backdrop or has background filters: the drawing walk
    /// then renders the frame as it goes (see ``BackdropCapture``), one thread recording.
    let hasBackdrop: Bool
    /// What the portals show.
    let portals: PortalSources

    init(parents: [Int32], names: [String?], masks: [Int32], hasBackdrop: Bool = false, portals: PortalSources = .none) {
        self.parents = parents
        self.names = names
        self.masks = masks
        self.hasBackdrop = hasBackdrop
        self.portals = portals
        // Sublayers are the children that are not masks; depth-first numbering keeps them in order.
        var isMask = [Bool](repeating: false, count: parents.count)
        for mask in masks where mask >= 0 { isMask[Int(mask)] = true }
        var counts = [Int32](repeating: 0, count: parents.count + 1)
        for (i, parent) in parents.enumerated() where parent >= 0 && !isMask[i] { counts[Int(parent) + 1] += 1 }
        for i in 0..<parents.count { counts[i + 1] += counts[i] }
        var next = counts
        var indices = [Int32](repeating: 0, count: Int(counts[parents.count]))
        for (i, parent) in parents.enumerated() where parent >= 0 && !isMask[i] {
            indices[Int(next[Int(parent)])] = Int32(i)
            next[Int(parent)] += 1
        }
        sublayerStarts = counts
        sublayerIndices = indices
    }

    var count: Int { parents.count }

    func sublayers(of index: Int) -> ArraySlice<Int32> {
        sublayerIndices[Int(sublayerStarts[index])..<Int(sublayerStarts[index + 1])]
    }
}
