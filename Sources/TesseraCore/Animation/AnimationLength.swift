import Foundation

/// How long a layer tree's animations take to show what they do: what a render of "the whole
/// animation" covers when no duration is given (`tessera render FILE --apng`, an exporter's
/// default length).
///
/// The rule: the time, from 0 in the root's parent time (what ``CALayer/presentation(at:)`` and
/// ``LayerRenderer`` take), at which every animation of the tree has played one cycle.
/// - One cycle is `duration`, twice that with `autoreverses`.
/// - Repeats (`repeatCount`, `repeatDuration`) count in full when they end within the cap, and
///   once otherwise: an infinite or huge `repeatCount` (an 80 s animation repeated 9,999 times)
///   adds nothing that one cycle does not show.
/// - Delays count: an animation's `beginTime`, a replicator's `instanceDelay` for its last
///   instance, and every ancestor layer's `beginTime`, `speed` and `timeOffset` (its time
///   mapping, inverted). A layer with speed 0 is frozen: its animations add no length.
/// - A group counts as its own timing (its children are clipped to it).
/// - The result is capped (60 s by default); ``isCapped`` says the animations run longer and
///   ``natural`` by how much, so that a caller can warn and offer the full length.
///
/// A tree without animations has length 0: one frame shows it.
public struct AnimationLength: Sendable, Equatable {
    /// The default cap on ``duration``, in seconds.
    public static let defaultCap: Double = 60

    /// The uncapped length in seconds (never negative, always finite).
    public let natural: Double
    /// The cap it was computed under.
    public let cap: Double

    /// The length to render: ``natural``, at most ``cap``.
    public var duration: Double { min(natural, cap) }
    /// Whether the animations run past the cap.
    public var isCapped: Bool { natural > cap }

    /// The length of `root`'s animations under `cap` seconds (a non-finite or negative cap is
    /// taken as ``defaultCap``).
    public init(of root: CALayer, cap: Double = AnimationLength.defaultCap) {
        let cap = cap.isFinite && cap >= 0 ? cap : Self.defaultCap
        self.cap = cap
        var natural = 0.0
        // Each layer with the linear map from its local time to the root's parent time.
        var stack: [(CALayer, RootTimeMap?)] = [(root, RootTimeMap.identity.entering(root))]
        while let (layer, map) = stack.popLast() {
            guard let map else { continue }   // frozen (speed 0): nothing moves below
            for entry in layer.attached {
                natural = max(natural, Self.end(of: entry.program.timing, through: map, cap: cap))
            }
            var childMap = map
            if let replicator = layer as? CAReplicatorLayer, replicator.instanceCount > 1,
                replicator.instanceDelay.isFinite, replicator.instanceDelay > 0
            {
                // The last instance's sublayers run (count − 1) × delay later (see
                // CAReplicatorLayer.instancePresentation): it ends last.
                childMap = map.delayed(by: Double(replicator.instanceCount - 1) * replicator.instanceDelay)
            }
            if let mask = layer.mask { stack.append((mask, map.entering(mask))) }
            for sublayer in layer.sublayers ?? [] { stack.append((sublayer, childMap.entering(sublayer))) }
        }
        self.natural = natural
    }

    /// When an animation with `timing` (in its layer's time) has played: in full when that is
    /// within `cap`, else after one cycle. In root time, at least 0.
    private static func end(of timing: TimingSpec, through map: RootTimeMap, cap: Double) -> Double {
        let speed = abs(timing.speed)
        guard speed > 0, timing.duration.isFinite else { return max(0, map.latest(timing.beginTime, timing.beginTime)) }
        let cycle = (timing.autoreverses ? 2 * timing.duration : timing.duration) / speed
        let full = timing.activeDuration / speed
        let start = timing.beginTime
        let whole = full.isFinite ? map.latest(start, start + full) : .infinity
        if whole.isFinite && whole <= cap { return max(0, whole) }
        let once = map.latest(start, start + min(cycle, full))
        return once.isFinite ? max(0, once) : 0
    }
}

/// A linear map from a layer's local time to the root's parent time, `root = a × local + c`;
/// nil where a layer on the way is frozen (speed 0).
private struct RootTimeMap {
    var a: Double
    var c: Double

    static let identity = RootTimeMap(a: 1, c: 0)

    /// The map for `layer`, a child of this map's layer: its local time is
    /// `(parent − beginTime) × speed + timeOffset`, so `parent = (local − timeOffset) / speed + beginTime`.
    /// A layer's own `duration` and repeats are not inverted (a layer's duration is unbounded
    /// unless set, which exporters do not do).
    func entering(_ layer: CALayer) -> RootTimeMap? {
        let speed = Double(layer.speed)
        guard speed != 0, speed.isFinite else { return speed == 0 ? nil : self }
        let begin = layer.beginTime.isFinite ? layer.beginTime : 0
        let offset = layer.timeOffset.isFinite ? layer.timeOffset : 0
        return RootTimeMap(a: a / speed, c: a * (begin - offset / speed) + c)
    }

    /// The same map for local times that run `delay` later.
    func delayed(by delay: Double) -> RootTimeMap {
        RootTimeMap(a: a, c: c + a * delay)
    }

    /// The later of two local times, in root time (a negative speed reverses their order).
    func latest(_ t0: Double, _ t1: Double) -> Double {
        max(a * t0 + c, a * t1 + c)
    }
}
