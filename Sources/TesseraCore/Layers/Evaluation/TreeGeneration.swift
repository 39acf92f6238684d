import Synchronization

/// A counter of changes to the shape of every layer tree: sublayers, masks, names, the lists
/// of added animations and their timing. An ``EvaluationPlan`` is valid while the counter has not moved since it
/// was made, so that evaluating a frame checks one number instead of walking the tree.
///
/// One counter for all trees: a change anywhere makes every plan be rebuilt once, which costs
/// one walk of the tree; property values (positions, colors, timing) are read live by the plans
/// and do not count as changes.
enum TreeGeneration {
    private static let counter = Atomic<UInt64>(0)

    // Relaxed: a tree belongs to one thread, whose own changes it sees in program order;
    // another thread's changes concern other trees, for which a stale read only costs a rebuild.
    static var current: UInt64 { counter.load(ordering: .relaxed) }

    static func advance() {
        counter.add(1, ordering: .relaxed)
    }
}
