/// A layer of a presentation tree as the drawing walk carries it: a ``LayerSnapshot`` without
/// reference counting. Each snapshot the walk made and copied retained the same tree, from
/// every thread recording part of it, and the threads contended for that one count.
///
/// Valid while the tree the walk started from is alive: that tree holds every tree a layer can
/// be found in (the replicas' trees, through its `replicaSublayers`).
struct PresentedLayer: @unchecked Sendable {
    private let tree: Unmanaged<PresentationTree>
    let index: Int

    init(_ snapshot: LayerSnapshot) {
        tree = .passUnretained(snapshot.tree)
        index = snapshot.index
    }

    private init(tree: Unmanaged<PresentationTree>, index: Int) {
        self.tree = tree
        self.index = index
    }

    /// The presented properties, read in place: reading one of them copies nothing else.
    var properties: LayerProperties {
        unsafeAddress { tree._withUnsafeGuaranteedRef { $0.properties.baseAddress! + index } }
    }

    /// Where the presented properties are: read through it, the walk's helpers copy no more
    /// of them than the fields they read. (Passing `properties` itself to a function copies the
    /// kilobyte, and retains what it holds, whenever the compiler cannot prove that the call does
    /// not write to it.)
    var propertiesAddress: UnsafePointer<LayerProperties> {
        tree._withUnsafeGuaranteedRef { UnsafePointer($0.properties.baseAddress! + index) }
    }

    /// The layer's own time in the frame (NaN when its timing is not active).
    var localTime: Double { tree._withUnsafeGuaranteedRef { $0.localTimes[index] } }

    var snapshot: LayerSnapshot { LayerSnapshot(tree: tree.takeUnretainedValue(), index: index) }

    /// The number of layers in the tree, masks included.
    var treeCount: Int { tree._withUnsafeGuaranteedRef { $0.count } }

    /// What recording the layer's subtree costs (``RecordingCost``).
    var subtreeCost: Int { tree._withUnsafeGuaranteedRef { $0.shape.subtreeCost(of: index) } }

    /// Whether a layer of the layer's subtree is a backdrop (``TreeShape/hasBackdrop``).
    var subtreeShowsBackdrop: Bool { tree._withUnsafeGuaranteedRef { $0.shape.subtreeShowsBackdrop(index) } }

    /// Whether a layer of the tree is drawn through a transition (most trees: none).
    var treeHasTransitions: Bool { tree._withUnsafeGuaranteedRef { !$0.transitions.isEmpty } }

    /// The transition the layer is drawn through; nil for most layers.
    var transition: PresentedTransition? { tree._withUnsafeGuaranteedRef { $0.transitions[index] } }

    var mask: PresentedLayer? {
        let mask = tree._withUnsafeGuaranteedRef { $0.shape.masks[index] }
        return mask < 0 ? nil : PresentedLayer(tree: tree, index: Int(mask))
    }

    /// The sublayers to draw, back to front: those a portal hides (``CAPortalLayer/hidesSourceLayer``)
    /// left out.
    var sublayers: [PresentedLayer] {
        tree._withUnsafeGuaranteedRef { tree in
            guard tree.hiddenSources.isEmpty else { return shownSublayers(hidden: tree.hiddenSources) }
            return tree.shape.sublayers(of: index).map { PresentedLayer(tree: self.tree, index: Int($0)) }
        }
    }

    /// ``sublayers`` without those `hidden` marks. Out of line: most trees hide none.
    @inline(never)
    private func shownSublayers(hidden: [Bool]) -> [PresentedLayer] {
        tree._withUnsafeGuaranteedRef { $0.shape.sublayers(of: index) }.filter { !hidden[Int($0)] }
            .map { PresentedLayer(tree: tree, index: Int($0)) }
    }

    /// The layer whose sublayer (or mask) this one is; nil for the tree's root.
    var superlayer: PresentedLayer? {
        let parent = tree._withUnsafeGuaranteedRef { $0.shape.parents[index] }
        return parent < 0 ? nil : PresentedLayer(tree: tree, index: Int(parent))
    }

    /// The layer a portal draws (``PortalSources/drawnSource(of:)``); nil for other layers.
    var portalSource: PresentedLayer? {
        tree._withUnsafeGuaranteedRef { $0.shape.portals.drawnSource(of: index) }.map { PresentedLayer(tree: tree, index: $0) }
    }

    /// Whether both are the same layer of the same tree.
    func isSame(as other: PresentedLayer) -> Bool {
        index == other.index && tree.toOpaque() == other.tree.toOpaque()
    }

    /// For a replicator whose instances run at different times, the sublayers of instance k at
    /// `[k - 1]` (see ``PresentationTree/replicaSublayers``).
    var replicaSublayers: [[PresentedLayer]]? {
        tree._withUnsafeGuaranteedRef { $0.replicaSublayers[index] }.map { $0.map { $0.map(PresentedLayer.init) } }
    }
}
