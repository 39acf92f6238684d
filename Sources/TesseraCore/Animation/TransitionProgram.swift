/// A ``CATransition``'s type and direction as values: how the old and new renderings of a layer
/// are combined at a progress.
struct TransitionStyle: Sendable {
    enum Kind: Sendable { case fade, moveIn, push, reveal }

    let kind: Kind
    /// The side the new rendering comes in from, as a unit step in the layer's coordinates
    /// (y down): fromLeft (−1, 0), fromRight (1, 0), fromTop (0, −1), fromBottom (0, 1).
    let side: SIMD2<Double>

    /// Apple's type and subtype; unknown types fade, unknown or missing subtypes are fromLeft.
    init(type: CATransitionType, subtype: CATransitionSubtype?) {
        switch type {
        case .moveIn: kind = .moveIn
        case .push: kind = .push
        case .reveal: kind = .reveal
        default: kind = .fade
        }
        switch subtype {
        case .fromRight?: side = SIMD2(1, 0)
        case .fromTop?: side = SIMD2(0, -1)
        case .fromBottom?: side = SIMD2(0, 1)
        default: side = SIMD2(-1, 0)
        }
    }

    /// Where the old and new renderings lie at `progress`, as offsets in the layer's coordinates
    /// for a layer of `size` (the travel distance along each axis); zero for a fade.
    func offsets(progress p: Double, size: SIMD2<Double>) -> (old: SIMD2<Double>, new: SIMD2<Double>) {
        let travel = side * size
        switch kind {
        case .fade: return (.zero, .zero)
        case .moveIn: return (.zero, travel * (1 - p))
        case .push: return (-travel * p, travel * (1 - p))
        case .reveal: return (-travel * p, .zero)
        }
    }
}

/// A compiled ``CATransition``: its style, the progress range it runs over, and the rendering it
/// starts from (captured when it is added to a layer; nil for a layer never presented).
final class TransitionProgram: Sendable {
    let style: TransitionStyle
    let start: Double
    let end: Double
    let from: LayerSnapshot?

    init(style: TransitionStyle, start: Double, end: Double, from: LayerSnapshot? = nil) {
        self.style = style
        self.start = start
        self.end = end
        self.from = from
    }

    /// The same transition starting from `from`.
    func starting(from: LayerSnapshot?) -> TransitionProgram {
        TransitionProgram(style: style, start: start, end: end, from: from)
    }

    /// The transition's progress at the animation's (eased) `fraction`: from `start` to `end`,
    /// clamped to [0, 1] (a timing function may overshoot).
    func progress(fraction: Double) -> Double {
        let p = start + (end - start) * fraction
        return p.isNaN ? end : min(max(p, 0), 1)
    }
}

/// A transition as a presentation tree shows it at one time: the layer is drawn as the
/// combination of `from` (its old rendering) and itself at `progress`.
struct PresentedTransition: Sendable {
    let style: TransitionStyle
    let progress: Double
    let from: LayerSnapshot
}
