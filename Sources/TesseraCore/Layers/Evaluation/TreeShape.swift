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
    /// Whether a layer of the tree is a backdrop, has background filters or a vibrant colour
    /// matrix: the drawing walk then renders the frame as it goes (see ``BackdropCapture``).
    let hasBackdrop: Bool
    /// What the portals show.
    let portals: PortalSources
    /// Layer i's subtree (its mask's included) is the layers `i ..< subtreeEnds[i]`.
    let subtreeEnds: [Int32]
    /// The recording costs (``RecordingCost``) of layers `0 ..< i` summed, at `[i]`.
    private let costsBefore: [Int]
    /// How many of layers `0 ..< i` show a backdrop, at `[i]`; empty when none does.
    private let backdropsBefore: [Int32]

    /// `costs`: each layer's ``RecordingCost`` (empty: 1 each); `showsBackdrop`: whether each
    /// layer is a backdrop, has background filters or a vibrant colour matrix (empty: none).
    init(
        parents: [Int32], names: [String?], masks: [Int32], costs: [Int] = [], showsBackdrop: [Bool] = [],
        portals: PortalSources = .none
    ) {
        self.parents = parents
        self.names = names
        self.masks = masks
        self.hasBackdrop = showsBackdrop.contains(true)
        self.portals = portals
        costsBefore = Self.prefixSums(costs.isEmpty ? [Int](repeating: 1, count: parents.count) : costs)
        backdropsBefore = hasBackdrop ? Self.prefixSums(showsBackdrop.map { $0 ? 1 : 0 }).map(Int32.init) : []
        // Depth first, a subtree ends where its last descendant's does: every layer comes after its parent.
        var ends = (0..<parents.count).map { Int32($0 + 1) }
        for i in parents.indices.reversed() where parents[i] >= 0 {
            ends[Int(parents[i])] = max(ends[Int(parents[i])], ends[i])
        }
        subtreeEnds = ends
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

    /// The recording cost of layer `index`'s subtree (``RecordingCost``).
    func subtreeCost(of index: Int) -> Int {
        costsBefore[Int(subtreeEnds[index])] - costsBefore[index]
    }

    /// Whether a layer of layer `index`'s subtree shows a backdrop.
    func subtreeShowsBackdrop(_ index: Int) -> Bool {
        hasBackdrop && backdropsBefore[Int(subtreeEnds[index])] > backdropsBefore[index]
    }

    private static func prefixSums(_ values: [Int]) -> [Int] {
        var sums = [0]
        sums.reserveCapacity(values.count + 1)
        for value in values { sums.append(sums[sums.count - 1] + value) }
        return sums
    }

    func sublayers(of index: Int) -> ArraySlice<Int32> {
        sublayerIndices[Int(sublayerStarts[index])..<Int(sublayerStarts[index + 1])]
    }
}
