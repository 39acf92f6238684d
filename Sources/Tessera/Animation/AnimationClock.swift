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
public final class AnimationClock {
    /// The current time, in the root layers' parent time.
    public private(set) var time: CFTimeInterval
    /// The roots attached, held weakly (a root holds its clock).
    private var roots: [WeakLayer] = []

    private struct WeakLayer {
        weak var layer: CALayer?
    }

    public init(time: CFTimeInterval = 0) {
        self.time = time.isFinite ? time : 0
    }

    /// Makes this clock the time source of `root`'s tree.
    public func attach(_ root: CALayer) {
        root.clock = self
        roots.removeAll { $0.layer == nil }
        if !roots.contains(where: { $0.layer === root }) { roots.append(WeakLayer(layer: root)) }
    }

    /// Moves the clock to `t` (which may go back; a non-finite time is ignored). Animations that
    /// became active hear `animationDidStart` once; those that ran to their end hear
    /// `animationDidStop(_:finished: true)` once and are removed when `isRemovedOnCompletion`.
    public func advance(to t: CFTimeInterval) {
        guard t.isFinite else { return }
        time = t
        for root in roots.compactMap(\.layer) { visit(root, parentTime: t) }
    }

    public func advance(by dt: CFTimeInterval) {
        advance(to: time + dt)
    }

    private func visit(_ layer: CALayer, parentTime: Double?) {
        let local = parentTime.flatMap(layer.localTime(fromParent:))
        if let local {
            // A copy of the list: delegates may add or remove animations meanwhile (those they
            // add are looked at from the next step on).
            for entry in layer.attached {
                let timing = entry.program.timing
                if !entry.started {
                    // Any speed, negative too, runs the active period from beginTime on in the parent's time.
                    guard local >= timing.beginTime else { continue }
                    entry.started = true
                    entry.animation.delegate?.animationDidStart(entry.animation)
                }
                guard !entry.stopped, local >= timing.endInParent,
                      layer.attached.contains(where: { $0 === entry }) else { continue }
                entry.stopped = true
                if entry.isRemovedOnCompletion { layer.attached.removeAll { $0 === entry } }
                entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
            }
        }
        for child in layer.sublayers ?? [] { visit(child, parentTime: local) }
        if let mask = layer.mask { visit(mask, parentTime: local) }
    }
}
