/// Where a ``CATransition`` added to a layer starts from: the layer as last presented.
extension CALayer {
    /// This layer's subtree as it was last presented, without the transitions then running in
    /// it, with the animations a renderer leaves out below hidden layers applied (this layer may
    /// have been below one): found in the tree of the topmost layer above it (itself included)
    /// whose last ``presentation(at:)`` held it, the one a renderer draws. Nil for a layer never
    /// presented.
    func lastPresentedSnapshot() -> LayerSnapshot? {
        guard hasBeenPresented else { return nil }
        var found: LayerSnapshot?
        var node: CALayer? = self
        while let current = node {
            if let tree = current.lastPresentedTree, let index = current.lastPresentedPlan?.index(of: self) {
                found = LayerSnapshot(tree: tree, index: index)
            }
            node = current.superlayer
        }
        return found.map { LayerSnapshot(tree: $0.tree.asTransitionStart(), index: $0.index) }
    }

    /// `program` as added to this layer now: a transition's with the rendering it starts from.
    func startingTransition(_ program: AnimationProgram) -> AnimationProgram {
        guard case .transition(let transition) = program.body else { return program }
        return AnimationProgram(
            timing: program.timing, curve: program.curve,
            body: .transition(transition.starting(from: lastPresentedSnapshot())))
    }
}
