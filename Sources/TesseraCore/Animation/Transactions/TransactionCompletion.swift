/// A transaction's completion block and the animations it waits for.
///
/// Apple's rule (``CATransaction/setCompletionBlock(_:)``): the block "is guaranteed to be called
/// (on the main thread) as soon as all animations subsequently added by this transaction group
/// have completed (or have been removed.) If no animations are added before the current
/// transaction group is committed (or the completion block is set to a different value,) the
/// block will be invoked immediately." Here: an animation counts when it is added to a layer
/// while the block's transaction, or one nested in it, is open; it ends when the clock sees it
/// finish (``AnimationClock/advance(to:)``, after its delegate hears `animationDidStop`) or when
/// it is removed or replaced. The block is called once, on the thread where that happens.
final class TransactionCompletion {
    /// Nil once called.
    private var block: (() -> Void)?
    /// Animations added under it that have not ended.
    private var running = 0
    /// Whether its transaction has committed, or another block replaced it: no animation is
    /// added under it from then on, and it is called once `running` is 0.
    private(set) var isSealed = false

    init(_ block: @escaping () -> Void) {
        self.block = block
    }

    func animationAdded() {
        running += 1
    }

    func animationEnded() {
        running -= 1
        callIfDone()
    }

    /// Its transaction committed, or its block was replaced.
    func seal() {
        isSealed = true
        callIfDone()
    }

    private func callIfDone() {
        guard isSealed, running <= 0, let block else { return }
        self.block = nil
        block()
    }
}

extension AttachedAnimation {
    /// The animation completed or was removed: the completion blocks waiting for it hear it,
    /// once.
    func tellCompletionsItEnded() {
        let waiting = completions
        completions = []
        for completion in waiting { completion.animationEnded() }
    }
}
