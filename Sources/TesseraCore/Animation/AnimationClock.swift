import Foundation

/// An explicit clock for a layer tree: "now" for the animations added to it (a `beginTime` of 0
/// is now), and the one place where time moves and delegates are told.
///
/// ```swift
/// let clock = AnimationClock(time: 0)
/// clock.attach(root)
/// root.add(animation, forKey: "fade")   // begins at 0
/// clock.advance(to: 0.5)                // animationDidStart
/// let frame = root.presentation(at: clock.time)
/// ```
///
/// Without a clock a tree uses `CACurrentMediaTime()`, as ported code expects.
///
/// The clock also stands in for the run loop of transactions: advancing it commits the
/// implicit transaction (see ``CATransaction``), and the completion blocks of transactions are
/// called from it.
public final class AnimationClock {
    /// The current time, in the root layers' parent time.
    public private(set) var time: CFTimeInterval
    /// The roots attached, held weakly (a root holds its clock).
    private var roots: [WeakLayer] = []

    private struct WeakLayer {
        weak var layer: CALayer?
    }

    /// A clock at `time` (a non-finite time is 0).
    public init(time: CFTimeInterval = 0) {
        self.time = time.isFinite ? time : 0
    }

    /// Makes this clock the time source of `root`'s tree.
    public func attach(_ root: CALayer) {
        root.clock = self
        roots.removeAll { $0.layer == nil }
        let live = Set(roots.compactMap { $0.layer.map(ObjectIdentifier.init) })
        pending = pending.filter { live.contains($0.key) }
        if !roots.contains(where: { $0.layer === root }) { roots.append(WeakLayer(layer: root)) }
    }

    /// Moves the clock to `t` (which may go back; a non-finite time is ignored). Animations that
    /// became active hear `animationDidStart` once; those that ran to their end hear
    /// `animationDidStop(_:finished: true)` once and are removed when `isRemovedOnCompletion`,
    /// and the transaction completion blocks waiting for them are called once the last of their
    /// animations has ended.
    ///
    /// It first flushes this thread's implicit transaction (``CATransaction/flush()``), as a run
    /// loop commits it at the end of its turn: the changes made since the last step are
    /// committed at the clock's time, before it moves.
    public func advance(to t: CFTimeInterval) {
        guard t.isFinite else { return }
        CATransaction.flush()
        time = t
        for root in roots.compactMap(\.layer) { tellDelegates(in: root, at: t) }
    }

    /// Moves the clock forward by `dt` seconds, as ``advance(to:)`` at ``time`` + `dt`.
    public func advance(by dt: CFTimeInterval) {
        advance(to: time + dt)
    }

    /// The animations of one root's tree that still have something to tell their delegates,
    /// kept while the tree's shape is unchanged: most frames of a running scene have none, and
    /// then a step costs nothing.
    private struct PendingEvents {
        let plan: EvaluationPlan
        var entries: [(layer: Int, entry: AttachedAnimation)]
    }

    private var pending: [ObjectIdentifier: PendingEvents] = [:]

    private func tellDelegates(in root: CALayer, at t: Double) {
        let plan = root.evaluationPlan
        var events = pending[ObjectIdentifier(root)]
        if events?.plan !== plan { events = PendingEvents(plan: plan, entries: Self.unfinished(in: plan)) }
        guard var events, !events.entries.isEmpty else {
            pending[ObjectIdentifier(root)] = events
            return
        }
        let times = plan.localTimes(rootParentTime: t)
        // The entries with an event due (most wait for a later end: looked at without taking
        // their layers), their layers held strongly: delegates may take them out of the tree
        // meanwhile.
        let work = events.entries.compactMap { pending -> (layer: CALayer, entry: AttachedAnimation, time: Double)? in
            let local = times[pending.layer], timing = pending.entry.program.timing
            let due = pending.entry.started ? !pending.entry.stopped && local >= timing.endInParent : local >= timing.beginTime
            return due ? (plan.layer(at: pending.layer), pending.entry, local) : nil
        }
        for (layer, entry, local) in work where !local.isNaN {
            let timing = entry.program.timing
            if !entry.started {
                // Any speed, negative too, runs the active period from beginTime on in the parent's time.
                guard local >= timing.beginTime else { continue }
                entry.started = true
                entry.animation.delegate?.animationDidStart(entry.animation)
            }
            // Delegates may have removed it meanwhile (those they add are looked at from the next step on).
            guard !entry.stopped, local >= timing.endInParent,
                layer.attached.contains(where: { $0 === entry })
            else { continue }
            entry.stopped = true
            if entry.isRemovedOnCompletion { layer.attached.removeAll { $0 === entry } }
            entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
            entry.tellCompletionsItEnded()
        }
        events.entries.removeAll { !$0.entry.hasEventsAhead }
        pending[ObjectIdentifier(root)] = events
    }

    /// The added animations of the plan's layers that have not told all they will.
    private static func unfinished(in plan: EvaluationPlan) -> [(layer: Int, entry: AttachedAnimation)] {
        var entries: [(layer: Int, entry: AttachedAnimation)] = []
        for index in 0..<plan.count {
            for entry in plan.layer(at: index).attached where entry.hasEventsAhead { entries.append((index, entry)) }
        }
        return entries
    }
}

extension AttachedAnimation {
    /// Whether the clock may still have to call its delegate: it has not started, or it has an
    /// end it has not reached.
    var hasEventsAhead: Bool {
        !started || (!stopped && program.timing.endInParent.isFinite)
    }
}
