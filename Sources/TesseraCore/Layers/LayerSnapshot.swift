import Foundation
import TesseraRaster

/// A layer tree as shown at one time: every layer's presented properties, in arrays. Immutable,
/// so it can cross threads (the renderer takes it). ``LayerSnapshot``s are views into it.
///
/// `@unchecked Sendable`: `properties` is a buffer the tree owns, initialized before the tree
/// is made and never written after; `skipped` is read only on the model's thread (see
/// `SkippedAnimations`).
public final class PresentationTree: @unchecked Sendable {
    let shape: TreeShape
    /// Each layer's presented properties, numbered as in ``shape``: a buffer rather than an
    /// array, so that the drawing walk reads a layer's properties in place, without copying the
    /// kilobyte or retaining the storage (from several threads at once).
    let properties: UnsafeBufferPointer<LayerProperties>
    /// Each layer's own time; NaN where it is not active.
    let localTimes: [Double]
    /// For each replicator layer whose instances run at different times (`instanceDelay` ≠ 0):
    /// the sublayers of instance k at `[k - 1]` (instance 0's are this tree's own).
    let replicaSublayers: [Int: [[LayerSnapshot]]]
    /// The layers that portals hide at their own place (``PortalSources/hiddenSources(_:)``);
    /// empty when none is.
    let hiddenSources: [Bool]
    /// The transitions the layers are drawn through, by layer (``PresentedTransition``); empty
    /// in most trees.
    let transitions: [Int: PresentedTransition]
    /// The animations the evaluation left out below hidden layers; nil in a tree evaluated
    /// whole.
    let skipped: SkippedAnimations?
    /// The threads the properties are released on: those they were evaluated on.
    private let threadCount: Int
    /// The properties' buffer, with the model versions they were copied at.
    private let evaluated: EvaluatedProperties
    /// Where the properties go back to when the tree is freed, for the next evaluation.
    private let spare: SpareProperties?

    /// Takes ownership of `evaluated`, initialized: hands it to `spare` when freed if it takes
    /// it, else releases the properties on up to `threadCount` threads.
    init(
        shape: TreeShape, evaluated: EvaluatedProperties, localTimes: [Double],
        replicaSublayers: [Int: [[LayerSnapshot]]], hiddenSources: [Bool] = [],
        transitions: [Int: PresentedTransition] = [:], skipped: SkippedAnimations? = nil, threadCount: Int = 1,
        spare: SpareProperties? = nil
    ) {
        self.shape = shape
        self.properties = UnsafeBufferPointer(evaluated.properties)
        self.evaluated = evaluated
        self.localTimes = localTimes
        self.replicaSublayers = replicaSublayers
        self.hiddenSources = hiddenSources
        self.transitions = transitions
        self.skipped = skipped
        self.threadCount = threadCount
        self.spare = spare
    }

    deinit {
        if let spare, spare.keep(evaluated) { return }
        // Each layer's properties hold paths, colors and arrays: on one thread, releasing a
        // large tree would be a serial step of every frame.
        evaluated.free(threadCount: threadCount)
    }

    /// The number of layers, masks included.
    public var count: Int { properties.count }

    /// This tree as a transition starts from it: without its transitions (so that it holds no
    /// older tree), every layer's animations applied (those left out below hidden layers too).
    /// A copy of its properties when it has transitions or left animations out, else itself.
    func asTransitionStart() -> PresentationTree {
        guard !transitions.isEmpty || skipped != nil else { return self }
        let copy = EvaluatedProperties.allocate(count: count)
        copy.properties.baseAddress!.initialize(from: properties.baseAddress!, count: count)
        copy.versions.initialize(repeating: 0)
        skipped?.apply(to: copy.properties, times: localTimes)
        return PresentationTree(
            shape: shape, evaluated: copy, localTimes: localTimes, replicaSublayers: replicaSublayers,
            hiddenSources: hiddenSources)
    }

    /// The snapshot of the layer the tree was evaluated from.
    public var root: LayerSnapshot { LayerSnapshot(tree: self, index: 0) }
}

/// A layer and its subtree as shown at one time: the presentation tree as values, which can
/// cross threads. A view of one layer of a ``PresentationTree``.
public struct LayerSnapshot: Sendable {
    /// The frame this layer belongs to.
    public let tree: PresentationTree
    let index: Int

    /// The presented properties.
    public var properties: LayerProperties { tree.properties[index] }

    /// The layer's ``CALayer/name`` when it was presented.
    public var name: String? { tree.shape.names[index] }

    /// The sublayers' snapshots, back to front.
    public var sublayers: [LayerSnapshot] {
        tree.shape.sublayers(of: index).map { LayerSnapshot(tree: tree, index: Int($0)) }
    }

    /// The mask layer's snapshot.
    public var mask: LayerSnapshot? {
        let mask = tree.shape.masks[index]
        return mask < 0 ? nil : LayerSnapshot(tree: tree, index: Int(mask))
    }

    /// The layer's own time at the snapshot (nil when its timing is not active).
    public var localTime: Double? {
        let time = tree.localTimes[index]
        return time.isNaN ? nil : time
    }

    /// The first snapshot in this subtree (depth first, this one included) named `name`.
    public func first(named name: String) -> LayerSnapshot? {
        let shape = tree.shape
        var stack = [Int32(index)]
        while let next = stack.popLast() {
            if shape.names[Int(next)] == name { return LayerSnapshot(tree: tree, index: Int(next)) }
            stack.append(contentsOf: shape.sublayers(of: Int(next)).reversed())
        }
        return nil
    }
}
