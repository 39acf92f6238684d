#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The transactions of one thread (``CATransaction``'s state): the open transaction groups,
/// innermost last, and the property change whose action is running.
///
/// Each thread has its own, in thread-local storage: a thread reads and changes only its own, so
/// no lock is needed and Swift's concurrency checking holds (nothing global is mutable; the
/// storage key is a constant). It is made by the first call that needs one and released when
/// the thread exits.
final class ThreadTransactions {
    /// One transaction group: an explicit one (``CATransaction/begin()`` … ``CATransaction/commit()``)
    /// or the implicit one, always the outermost.
    final class Group {
        let isImplicit: Bool
        /// The values set in this group (``CATransaction/setValue(_:forKey:)``).
        var values: [String: Any] = [:]
        /// The completion block set in this group, while it may still take animations or wait
        /// for them.
        var completion: TransactionCompletion?
        /// The layers not yet committed that changed in this group: its commit commits their trees.
        private(set) var changedLayers: [PendingCommit] = []
        /// The count at which ``add(_:)`` first drops the layers freed since they changed. No run
        /// loop commits a thread's implicit transaction here, as one does on Apple's platforms at
        /// the end of every turn: a thread that builds layers and never flushes (a file loaded
        /// on a worker thread, again and again) kept a pending commit for every layer it ever
        /// changed. Doubled past what survives, so the sweeps cost a constant a change.
        private var sweepThreshold = Group.minimumSweepThreshold
        private static let minimumSweepThreshold = 256

        init(isImplicit: Bool) {
            self.isImplicit = isImplicit
        }

        /// Adds layers to commit, first leaving out those freed since they changed when there are
        /// many.
        func add(_ layers: some Collection<PendingCommit>) {
            if changedLayers.count + layers.count > sweepThreshold {
                changedLayers.removeAll { !$0.isLayerAlive }
                sweepThreshold = max(Group.minimumSweepThreshold, 2 * (changedLayers.count + layers.count))
            }
            changedLayers += layers
        }
    }

    /// The open groups, outermost first.
    private(set) var groups: [Group] = []
    /// ``CATransaction/flush()`` was called while explicit transactions were open: the implicit
    /// one commits when the last of them does.
    private var flushPending = false
    /// The property change whose action is running (see ``PropertyChange``), with its layer.
    private var running: (layer: ObjectIdentifier, change: PropertyChange)?

    /// This thread's transactions, if it has any state yet.
    static var current: ThreadTransactions? {
        pthread_getspecific(key).map { Unmanaged<ThreadTransactions>.fromOpaque($0).takeUnretainedValue() }
    }

    /// This thread's transactions, made on first use.
    static var forCurrentThread: ThreadTransactions {
        if let existing = current { return existing }
        let made = ThreadTransactions()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The thread-local storage key; each thread's value is released when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { value in
            guard let value else { return }
            Unmanaged<ThreadTransactions>.fromOpaque(value).release()
        }
        return key
    }()

    // MARK: Groups

    /// The innermost group, the implicit one made when none is open. Core Animation makes the
    /// implicit transaction at the first change of a layer tree; Tessera makes it when something
    /// is first set in it (a value, a completion block, a layer to commit): until then it would
    /// hold nothing, and committing it would do nothing.
    var innermost: Group {
        if let group = groups.last { return group }
        let implicit = Group(isImplicit: true)
        groups.append(implicit)
        return implicit
    }

    func begin() {
        groups.append(Group(isImplicit: false))
    }

    /// Commits the innermost explicit group; does nothing when none is open (Apple raises an
    /// exception there). The group is closed before its completion block may run, so changes
    /// the block makes belong to the enclosing transaction, or to a new implicit one.
    func commit() {
        guard let group = groups.last, !group.isImplicit else { return }
        groups.removeLast()
        if let enclosing = groups.last {
            enclosing.add(group.changedLayers)
        } else {
            Self.commitTrees(of: group.changedLayers)
        }
        group.completion?.seal()
        if flushPending && groups.count == 1 { flush() }
    }

    /// Commits the implicit group, at once when no explicit group is open, or else when the
    /// last of them commits.
    func flush() {
        guard let implicit = groups.first, implicit.isImplicit else { return }
        guard groups.count == 1 else {
            flushPending = true
            return
        }
        groups.removeAll()
        flushPending = false
        Self.commitTrees(of: implicit.changedLayers)
        implicit.completion?.seal()
    }

    // MARK: Committing layers

    /// `layer`, not committed yet, changed: the innermost group (the implicit one when none is
    /// open) commits it. A nested group hands its layers to the group around it, so they commit
    /// with the outermost one, as Core Animation sends a thread's changes to the render tree only
    /// when its outermost transaction commits.
    func layerChanged(_ layer: CALayer) {
        layer.isAwaitingCommit = true
        let pending = PendingCommit(layer)
        layer.pendingCommit = pending
        innermost.add(CollectionOfOne(pending))
    }

    /// Commits the whole tree of each of `layers` (from its root down, masks included): Core
    /// Animation commits a layer tree, not single layers, so a layer added to a changed tree is
    /// committed with it.
    private static func commitTrees(of layers: [PendingCommit]) {
        // Each tree committed while its changed layer cannot be freed (see `PendingCommit`).
        var committedRoots = LayerIdentitySet()
        for entry in layers {
            entry.withLayer { layer in
                guard var root = layer else { return }
                while let parent = root.superlayer { root = parent }
                guard committedRoots.insert(root) else { return }
                root.forEachInTree { layer in
                    layer.hasBeenPresented = true
                    layer.isAwaitingCommit = false
                }
            }
        }
    }

    /// The value of `key` in the innermost group that set it.
    func value(forKey key: String) -> Any? {
        for group in groups.reversed() {
            if let value = group.values[key] { return value }
        }
        return nil
    }

    /// Sets `key` in the innermost group; a completion block also starts waiting there for the
    /// animations added from now on, and the block it replaces is sealed.
    func setValue(_ value: Any?, forKey key: String) {
        let group = innermost
        group.values[key] = value
        guard key == kCATransactionCompletionBlock else { return }
        let replaced = group.completion
        group.completion = (value as? () -> Void).map(TransactionCompletion.init)
        replaced?.seal()
    }

    /// `entry` was added to a layer: the completion blocks of the open groups wait for it (and,
    /// when it ends, are told innermost first).
    func animationAdded(_ entry: AttachedAnimation) {
        for group in groups.reversed() {
            guard let completion = group.completion, !completion.isSealed else { continue }
            completion.animationAdded()
            entry.completions.append(completion)
        }
    }

    // MARK: The running action

    /// Runs `body` with `change` as the property change of `layer` whose action is running.
    func whileRunningAction(of layer: CALayer, for change: PropertyChange, _ body: () -> Void) {
        let outer = running
        running = (ObjectIdentifier(layer), change)
        defer { running = outer }
        body()
    }

    /// The change of `layer` whose action is running under `key`, if any.
    func runningChange(of layer: CALayer, forKey key: String) -> PropertyChange? {
        guard let running, running.layer == ObjectIdentifier(layer), running.change.key == key else { return nil }
        return running.change
    }
}
