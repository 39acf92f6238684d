import CTesseraSIMD
import Foundation
import TesseraRaster

/// A layer's subtree flattened into arrays, made once per change of the tree's shape (see
/// ``TreeGeneration``) so that evaluating a frame is one loop over the layers: no recursion, no
/// per-layer allocation, and one copy of each layer's properties.
///
/// The shape and the added animations (with their timing) are cached; property values and the
/// layers' own timing are read from the layers at every frame.
final class EvaluationPlan {
    /// The ``TreeGeneration`` the plan was made in; it is stale once the counter moves.
    let generation: UInt64
    let shape: TreeShape
    /// The layers, numbered as in ``shape``. Not retained: while the generation is current every
    /// one of them is held by the tree of the layer that owns this plan (taking a layer out of
    /// the tree, or replacing a mask, moves the generation), and the owner is alive while its
    /// plan is used. Skipping 2,000 retains and releases is a tenth of a frame.
    private let layers: [Unmanaged<CALayer>]
    /// The animations of layer i, in the order they were added, are
    /// `animations[animationStarts[i] ..< animationStarts[i + 1]]`.
    private let animations: [PlannedAnimation]
    private let animationStarts: [Int32]
    /// The properties the animations of layer i may write are
    /// `animatedProperties[animatedStarts[i] ..< animatedStarts[i + 1]]`, each once: all that
    /// differs from the model in last frame's properties, when the model has not changed since.
    private let animatedProperties: [LayerProperty]
    private let animatedStarts: [Int32]
    /// The transitions added to the layers (``CATransition``), by layer index, in the order
    /// they were added; empty in most trees.
    private let transitions:
        [(
            layer: Int, program: AnimationProgram, transition: TransitionProgram,
            removedOnCompletion: Bool
        )]
    /// The properties of the last tree evaluated, once it is freed.
    private let spare = SpareProperties()

    init(root: CALayer) {
        generation = TreeGeneration.current
        var layers: [Unmanaged<CALayer>] = []
        var parents: [Int32] = [], names: [String?] = [], masks: [Int32] = []
        var seen = LayerIdentitySet()
        // An explicit stack: trees may be deeper than the thread's stack allows recursion.
        var stack: [(layer: CALayer, parent: Int32, isMaskOf: Int32?)] = [(root, -1, nil)]
        while let (layer, parent, maskOf) = stack.popLast() {
            // A mask set to one of its own layer's ancestors would make the walk endless.
            guard seen.insert(layer) else { continue }
            let index = Int32(layers.count)
            layers.append(Unmanaged.passUnretained(layer))
            parents.append(parent)
            names.append(layer.name)
            masks.append(-1)
            if let maskOf { masks[Int(maskOf)] = index }
            // Pushed in reverse: popped as the sublayers back to front, then the mask.
            if let mask = layer.mask { stack.append((mask, index, index)) }
            for child in (layer.sublayers ?? []).reversed() { stack.append((child, index, nil)) }
        }
        self.layers = layers
        var costs: [Int] = [], showsBackdrop: [Bool] = []
        costs.reserveCapacity(layers.count)
        showsBackdrop.reserveCapacity(layers.count)
        for layer in layers {
            layer._withUnsafeGuaranteedRef { layer in
                layer.withModelProperties { p in
                    costs.append(RecordingCost.of(p))
                    showsBackdrop.append(
                        p.pointee.kind == .backdrop || p.pointee.backgroundFilters?.isEmpty == false
                            || p.pointee.filters?.contains(where: \.readsBackdrop) == true)
                }
            }
        }
        shape = TreeShape(
            parents: parents, names: names, masks: masks, costs: costs, showsBackdrop: showsBackdrop,
            portals: PortalSources(parents: parents, sources: Self.portalSources(of: layers)))
        var animations: [PlannedAnimation] = [], animationStarts: [Int32] = [0]
        var animatedProperties: [LayerProperty] = [], animatedStarts: [Int32] = [0]
        var transitions: [(layer: Int, program: AnimationProgram, transition: TransitionProgram, removedOnCompletion: Bool)] = []
        for (index, layer) in layers.enumerated() {
            let attached = layer.takeUnretainedValue().attached
            for entry in attached {
                guard case .transition(let transition) = entry.program.body else { continue }
                transitions.append((index, entry.program, transition, entry.isRemovedOnCompletion))
            }
            animations.append(contentsOf: attached.map(PlannedAnimation.init))
            animationStarts.append(Int32(animations.count))
            var written: [LayerProperty] = []
            for property in attached.flatMap(\.program.writtenProperties) where !written.contains(property) {
                written.append(property)
            }
            animatedProperties.append(contentsOf: written)
            animatedStarts.append(Int32(animatedProperties.count))
        }
        self.animations = animations
        self.animationStarts = animationStarts
        self.animatedProperties = animatedProperties
        self.animatedStarts = animatedStarts
        self.transitions = transitions
    }

    var isCurrent: Bool { generation == TreeGeneration.current }

    /// Whether every layer of the plan has been marked presented.
    private var layersMarkedPresented = false

    /// Marks the plan's layers presented (``CALayer/hasBeenPresented``): once per plan, so that
    /// a frame of an unchanged tree only reads a flag.
    func markLayersPresented() {
        guard !layersMarkedPresented else { return }
        layersMarkedPresented = true
        for layer in layers { layer.takeUnretainedValue().hasBeenPresented = true }
    }

    /// Each layer's portal source, by index (-1: not a portal, no source, or a source outside
    /// the tree); empty when no layer is a portal.
    private static func portalSources(of layers: [Unmanaged<CALayer>]) -> [Int32] {
        let portals = layers.indices.compactMap { i -> (portal: Int, source: ObjectIdentifier)? in
            let layer = layers[i].takeUnretainedValue()
            guard layer.properties.kind == .portal, let source = (layer as? CAPortalLayer)?.sourceLayer else { return nil }
            return (i, ObjectIdentifier(source))
        }
        guard !portals.isEmpty else { return [] }
        var indices: [ObjectIdentifier: Int32] = [:]
        for (i, layer) in layers.enumerated() { indices[ObjectIdentifier(layer.takeUnretainedValue())] = Int32(i) }
        var sources = [Int32](repeating: -1, count: layers.count)
        for (portal, source) in portals { sources[portal] = indices[source] ?? -1 }
        return sources
    }

    var count: Int { layers.count }

    func layer(at index: Int) -> CALayer { layers[index].takeUnretainedValue() }

    /// Every layer's time at the root's parent time (nil: the root is not active); NaN where a
    /// layer is not active (its animations do not apply, nor do its sublayers').
    func localTimes(rootParentTime: Double?) -> [Double] {
        [Double](unsafeUninitializedCapacity: layers.count) { times, initialized in
            localTimes(of: 0..<layers.count, rootParentTime: rootParentTime, into: times)
            initialized = layers.count
        }
    }

    /// The times of the layers in `range` (as ``localTimes(rootParentTime:)``), each worked out
    /// from its parent's, into `times`, whose other elements it neither reads nor writes: ranges
    /// apart are worked out on threads apart. A parent before the range is an ancestor of the
    /// range's first layer (the layers are in pre-order, a subtree's contiguous), so the times of
    /// that layer's ancestors are worked out first, from the root down.
    func localTimes(of range: Range<Int>, rootParentTime: Double?, into times: UnsafeMutableBufferPointer<Double>) {
        guard let first = range.first else { return }
        let parents = shape.parents
        var ancestors: [(index: Int, time: Double)] = []
        var ancestor = Int(parents[first])
        while ancestor >= 0 {
            ancestors.append((ancestor, .nan))
            ancestor = Int(parents[ancestor])
        }
        var time = rootParentTime ?? .nan
        for k in ancestors.indices.reversed() {
            time = localTime(of: ancestors[k].index, fromParent: time)
            ancestors[k].time = time
        }
        for i in range {
            if i + Self.prefetchDistance < range.upperBound { prefetchLayer(i + Self.prefetchDistance) }
            let parent = Int(parents[i])
            let parentTime =
                if parent < 0 {
                    rootParentTime ?? .nan
                } else if parent >= first {
                    times[parent]
                } else {
                    ancestors.first { $0.index == parent }?.time ?? .nan
                }
            times[i] = localTime(of: i, fromParent: parentTime)
        }
    }

    /// Layer `i`'s time at its parent's time `parentTime`; NaN when either is not active.
    private func localTime(of i: Int, fromParent parentTime: Double) -> Double {
        parentTime.isNaN ? .nan : layers[i]._withUnsafeGuaranteedRef { $0.localTime(fromParent: parentTime) ?? .nan }
    }

    /// The presentation of the whole subtree at the root's parent time, its layers evaluated on
    /// up to `threadCount` threads (the result does not depend on it); `recorder` records the
    /// chunks as tasks, planned for its thread count.
    ///
    /// `skipsHiddenSubtrees`, for a tree that is only drawn: the animations of the layers below a
    /// hidden layer (`isHidden` as presented) are not applied, since drawing reads nothing below
    /// one; their model values are in place and the tree records them (``SkippedAnimations``), so
    /// that a transition starting from it applies them then. (A Lottie composition hides most of
    /// its layers outside their in and out points.) Not when the tree has portals: a portal draws
    /// its source wherever the source lies.
    func evaluate(
        rootParentTime: Double?, threadCount: Int = 1, recorder: FrameTaskRecorder? = nil,
        skipsHiddenSubtrees: Bool = false
    ) -> PresentationTree {
        // Each layer's properties copied once, straight into place (over the last frame's when
        // its tree has been freed), and animated there.
        let reused = spare.take(count: layers.count)
        let shown = reused ?? EvaluatedProperties.allocate(count: layers.count)
        let replicas = UnsafeMutableBufferPointer<[[LayerSnapshot]]?>.allocate(capacity: layers.count)
        replicas.initialize(repeating: nil)
        defer { replicas.deinitialize().deallocate() }
        let chunks = Self.chunkCount(layers: layers.count, threadCount: recorder.plannedThreadCount(otherwise: threadCount))
        let skipped = UnsafeMutableBufferPointer<[Range<Int>]>.allocate(capacity: chunks)
        skipped.initialize(repeating: [])
        defer { skipped.deinitialize().deallocate() }
        // Each chunk works out its layers' times too: one pass over the layers, all in parallel.
        let times = [Double](unsafeUninitializedCapacity: layers.count) { times, initialized in
            let work = LayerEvaluation(
                plan: self, rootParentTime: rootParentTime, times: times, slots: shown,
                slotsInitialized: reused != nil, replicas: replicas,
                skipsHiddenSubtrees: skipsHiddenSubtrees && shape.portals.isEmpty, skipped: skipped)
            if chunks == 1 {
                work.evaluate(0..<layers.count, chunk: 0)
            } else {
                let count = layers.count
                recorder.concurrentPerform(iterations: chunks, stage: "evaluation") { c in
                    work.evaluate(c * count / chunks..<(c + 1) * count / chunks, chunk: c)
                }
            }
            initialized = layers.count
        }
        var replicaSublayers: [Int: [[LayerSnapshot]]] = [:]
        for i in replicas.indices { if let sublayers = replicas[i] { replicaSublayers[i] = sublayers } }
        let hidden = shape.portals.isEmpty ? [] : shape.portals.hiddenSources(UnsafeBufferPointer(shown.properties))
        return PresentationTree(
            shape: shape, evaluated: shown, localTimes: times, replicaSublayers: replicaSublayers,
            hiddenSources: hidden, transitions: transitions.isEmpty ? [:] : presentedTransitions(times),
            skipped: skippedAnimations(Array(skipped.joined())), threadCount: threadCount, spare: spare)
    }

    /// The animations of the layers in `ranges` that an evaluation left out; nil when none.
    private func skippedAnimations(_ ranges: [Range<Int>]) -> SkippedAnimations? {
        ranges.isEmpty
            ? nil : SkippedAnimations(layers: ranges, plan: self)
    }

    /// The transitions showing at the layers' times `times`, by layer: those that have a rendering
    /// to start from and whose timing shows them (a later one on the same layer wins).
    private func presentedTransitions(_ times: [Double]) -> [Int: PresentedTransition] {
        var shown: [Int: PresentedTransition] = [:]
        for planned in transitions {
            let time = times[planned.layer]
            guard !time.isNaN, let from = planned.transition.from,
                let (fraction, _, _) = planned.program.timing.progress(
                    at: time, curve: planned.program.curve,
                    removedOnCompletion: planned.removedOnCompletion)
            else { continue }
            shown[planned.layer] = PresentedTransition(
                style: planned.transition.style,
                progress: planned.transition.progress(fraction: fraction), from: from)
        }
        return shown
    }

    /// The index of `layer` in the plan; nil when it is not one of its layers. Compares
    /// addresses only: the plan's layers may have been freed since (a layer alive now that has
    /// the address of one in the plan is that layer, when it was alive at the plan's evaluation).
    func index(of layer: CALayer) -> Int? {
        let address = Unmanaged.passUnretained(layer).toOpaque()
        return layers.firstIndex { $0.toOpaque() == address }
    }

    /// Layers evaluated at a time by one thread on two threads: enough that a chunk outweighs
    /// handing it out (a layer takes 0.4–1 µs, with its animations; a worker joins 30–55 µs
    /// after it is asked when it has gone back to Dispatch).
    private static let layersPerChunk = 128

    /// The fewest layers a chunk holds on `threadCount` threads: ``layersPerChunk`` on two,
    /// fewer on more (down to 16), since what splitting saves grows with the threads while
    /// handing a chunk to a worker awake between the steps costs the same. A tree of 200
    /// layers (the text scene) is then evaluated in 12 chunks on 16 threads rather than on one.
    private static func minimumChunk(threadCount: Int) -> Int {
        max(16, 2 * layersPerChunk / threadCount)
    }

    /// How many chunks a tree of `layers` is evaluated in: up to four per thread, so that
    /// threads that finish early take more, and as many for every thread once there are more
    /// chunks than threads (with 7 chunks on 2 threads, one thread evaluated 4 of them while the
    /// other waited).
    static func chunkCount(layers: Int, threadCount: Int) -> Int {
        guard threadCount > 1 else { return 1 }
        let chunks = min(4 * threadCount, layers / minimumChunk(threadCount: threadCount))
        guard chunks > 1 else { return 1 }
        return chunks < threadCount ? chunks : chunks / threadCount * threadCount
    }

    /// How many layers ahead of the one evaluated its successors' memory is asked for: their
    /// misses then overlap its work. (Evaluating layer-tree's 2,041 layers at 1 thread took 15 %
    /// less time.)
    fileprivate static let prefetchDistance = 4

    /// Asks for layer `i`'s object, whose timing ``localTimes(of:rootParentTime:into:)`` reads.
    private func prefetchLayer(_ i: Int) {
        tsr_prefetch(layers[i].toOpaque(), 256)
    }

    /// Asks for the start of layer `i`'s object, where ``prefetchValues(_:into:)`` reads the
    /// address of its model values.
    fileprivate func prefetchModelAddress(_ i: Int) {
        tsr_prefetch(layers[i].toOpaque(), 64)
    }

    /// Asks for layer `i`'s model values and its slot of `evaluated`, which
    /// ``evaluateLayer(_:time:into:initialized:)`` reads and writes (the start of the layer
    /// object asked for earlier: ``prefetchModelAddress(_:)``).
    fileprivate func prefetchValues(_ i: Int, into evaluated: EvaluatedProperties) {
        let size = MemoryLayout<LayerProperties>.stride
        layers[i]._withUnsafeGuaranteedRef { layer in layer.withModelProperties { tsr_prefetch($0, size) } }
        tsr_prefetch(evaluated.properties.baseAddress! + i, size)
    }

    /// Brings layer `i`'s slot of `evaluated` to the model's properties (initialized there
    /// unless `initialized`); ``applyAnimations(_:time:to:)`` then animates it.
    fileprivate func restoreLayer(_ i: Int, into evaluated: EvaluatedProperties, initialized: Bool) {
        let slot = evaluated.properties.baseAddress! + i
        layers[i]._withUnsafeGuaranteedRef { layer in
            let version = layer.propertiesVersion
            // Copied from where the layer stores them: reading the property first would copy the
            // kilobyte twice. When the slot was copied from this very version of the model, only
            // what the animations wrote there differs from it: restoring that alone spares
            // reading and writing the kilobyte (and its paths' reference counts) every frame.
            layer.withModelProperties { model in
                if !initialized {
                    slot.initialize(from: model, count: 1)
                } else if evaluated.versions[i] == version {
                    for k in Int(animatedStarts[i])..<Int(animatedStarts[i + 1]) {
                        slot.pointee.restore(animatedProperties[k], from: model)
                    }
                } else {
                    slot.update(from: model, count: 1)
                }
            }
            evaluated.versions[i] = version
        }
    }

    /// Applies layer `i`'s animations at its time `time` (NaN: not active, none apply) to its
    /// properties at `slot`.
    func applyAnimations(_ i: Int, time: Double, to slot: UnsafeMutablePointer<LayerProperties>) {
        guard !time.isNaN else { return }
        animations.withUnsafeBufferPointer { animations in
            for k in Int(animationStarts[i])..<Int(animationStarts[i + 1]) {
                animations[k].apply(at: time, to: &slot.pointee)
            }
        }
    }
}

/// One frame's evaluation shared by the threads that run it, each on its own range of layers.
///
/// `@unchecked Sendable`: the layers and the plan are only read while the frame is evaluated
/// (the caller waits for it; the model is not changed meanwhile), each layer's animations
/// change only the properties being built (a pure function of the model and the time), and
/// every slot and every time is written by the one thread whose range holds it. A replicator's
/// replicas are evaluated by that thread too, from its sublayers' own plans (the only thing
/// written to a layer: its cached plan, by the one thread evaluating its replicator).
private struct LayerEvaluation: @unchecked Sendable {
    let plan: EvaluationPlan
    let rootParentTime: Double?
    /// Each chunk writes its own layers' times.
    let times: UnsafeMutableBufferPointer<Double>
    let slots: EvaluatedProperties
    /// Whether the slots hold a freed tree's properties, to be assigned over.
    let slotsInitialized: Bool
    /// Where a replicator's replicas go (see ``EvaluationPlan/replicaSublayers(of:_:time:skipsHiddenSubtrees:)``).
    let replicas: UnsafeMutableBufferPointer<[[LayerSnapshot]]?>
    /// Whether the animations below a hidden layer are left out (see
    /// ``EvaluationPlan/evaluate(rootParentTime:threadCount:recorder:skipsHiddenSubtrees:)``).
    let skipsHiddenSubtrees: Bool
    /// The layers each chunk left unanimated, as runs of indices, at the chunk's number.
    let skipped: UnsafeMutableBufferPointer<[Range<Int>]>

    /// Evaluates the layers in `range`, chunk number `chunk`. A subtree is skipped below a hidden
    /// layer of the range only: whether one before it is hidden is another chunk's work, maybe
    /// not done yet (skipping less changes no pixel). A replicator in a skipped subtree is
    /// animated still: its replicas are evaluated from its presented instance count and delay.
    func evaluate(_ range: Range<Int>, chunk: Int) {
        plan.localTimes(of: range, rootParentTime: rootParentTime, into: times)
        let subtreeEnds = plan.shape.subtreeEnds
        // The layers before it (from the range's start) are in the subtree of a hidden layer.
        var hiddenUntil = range.lowerBound
        var skipped: [Range<Int>] = []
        defer { self.skipped[chunk] = skipped }
        for i in range {
            let ahead = i + EvaluationPlan.prefetchDistance
            // The layer objects were read by `localTimes`, a whole range before: by now they
            // have left the cache, and `prefetchValues` reads the model's address from one.
            if ahead + EvaluationPlan.prefetchDistance < range.upperBound {
                plan.prefetchModelAddress(ahead + EvaluationPlan.prefetchDistance)
            }
            if ahead < range.upperBound { plan.prefetchValues(ahead, into: slots) }
            plan.restoreLayer(i, into: slots, initialized: slotsInitialized)
            let slot = slots.properties.baseAddress! + i
            let isReplicator = slot.pointee.kind == .replicator
            if i < hiddenUntil, !isReplicator {
                if let last = skipped.last, last.upperBound == i {
                    skipped[skipped.count - 1] = last.lowerBound..<i + 1
                } else {
                    skipped.append(i..<i + 1)
                }
                continue
            }
            plan.applyAnimations(i, time: times[i], to: slot)
            if isReplicator {
                replicas[i] = plan.replicaSublayers(
                    of: i, slot.pointee, time: times[i], skipsHiddenSubtrees: skipsHiddenSubtrees)
            }
            if skipsHiddenSubtrees, slot.pointee.isHidden {
                hiddenUntil = max(hiddenUntil, min(Int(subtreeEnds[i]), range.upperBound))
            }
        }
    }
}

extension EvaluationPlan {
    /// The most instances of a replicator that are evaluated and drawn (`instanceCount` is
    /// clamped to this): each one is a copy of the replicator's subtree.
    static let maximumReplicatorInstances = 4096

    /// For replicator `i` (presented properties `p`, its time `time`) whose instances run at
    /// different times, the sublayers of every instance after the first: instance k's
    /// animations run `k × instanceDelay` later, so each is evaluated on its own (the
    /// sublayers' own plans, at the shifted time). Nil for other replicators.
    fileprivate func replicaSublayers(
        of i: Int, _ p: LayerProperties, time: Double, skipsHiddenSubtrees: Bool
    ) -> [[LayerSnapshot]]? {
        let count = min(p.instanceCount, Self.maximumReplicatorInstances), delay = p.instanceDelay
        guard count > 1, delay != 0, delay.isFinite, !time.isNaN else { return nil }
        let replicator = layer(at: i)
        return (1..<count).map { k in
            replicator.sublayerPresentations(atTime: time - Double(k) * delay, skipsHiddenSubtrees: skipsHiddenSubtrees)
        }
    }
}

extension CALayer {
    /// The sublayers' presentations with this layer's time at `time` (nil: not active): a
    /// replicator's instances, each at its own delay.
    func sublayerPresentations(atTime time: Double?, skipsHiddenSubtrees: Bool = false) -> [LayerSnapshot] {
        (sublayers ?? []).map { $0.presentationTree(parentTime: time, skipsHiddenSubtrees: skipsHiddenSubtrees).root }
    }

    /// This layer's plan, made anew when the tree's shape has changed since the last one.
    var evaluationPlan: EvaluationPlan {
        if let plan = cachedPlan, plan.isCurrent { return plan }
        let plan = EvaluationPlan(root: self)
        cachedPlan = plan
        return plan
    }
}
