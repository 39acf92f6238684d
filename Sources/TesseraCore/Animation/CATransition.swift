import Foundation

/// The key of transitions, as QuartzCore's `kCATransition` ("transition"): the key a transition
/// run as an action is added under, and the action a layer looks up when one of its sublayers is
/// replaced (``CALayer/replaceSublayer(_:with:)``).
public let kCATransition = "transition"
/// The action a layer looks up when it is inserted into a presented layer tree, as QuartzCore's
/// constant (see ``CALayer/action(forKey:)``).
public let kCAOnOrderIn = "onOrderIn"
/// The action a layer looks up when it is removed from a presented layer tree, as QuartzCore's
/// constant.
public let kCAOnOrderOut = "onOrderOut"

/// How a ``CATransition`` combines the old rendering of a layer with the new one, as QuartzCore's
/// type. Other raw values (Apple's private ones, `"cube"`, `"pageCurl"`…) are drawn as ``fade``.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new rendering fades in as the old one fades out (a cross-fade). The default.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new rendering slides in over the old one, which stays in place.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new rendering slides in and pushes the old one out ahead of it.
    public static let push = CATransitionType(rawValue: "push")
    /// The old rendering slides out, uncovering the new one, which stays in place.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The side a motion-based ``CATransition`` starts from, as QuartzCore's subtype: the new
/// rendering comes in from that side of the layer (and the old one leaves by the opposite side).
/// Sides are in the layer's coordinates as Tessera draws them (y down): top is the bounds' minimum
/// y. Other raw values read as ``fromLeft``.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// From the left side: the motion goes rightwards.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the right side: the motion goes leftwards.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the top side: the motion goes downwards.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom side: the motion goes upwards.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation between a layer's rendering before a change and after it, as QuartzCore's class.
///
/// The "before" is what the layer last showed: its subtree as last presented (by
/// ``CALayer/presentation(at:)``, which rendering calls, Tessera's counterpart of Core Animation's
/// commit), so both orders found in real code work: adding the transition and then changing the
/// layer (its sublayers, contents, background…), or changing it and then adding the transition
/// before the next frame. The "after" is the layer as presented at each frame.
///
/// ```swift
/// let transition = CATransition()
/// transition.type = .push
/// transition.subtype = .fromRight
/// transition.duration = 0.3
/// container.add(transition, forKey: kCATransition)
/// container.replaceSublayer(oldPage, with: newPage)
/// ```
///
/// While it is active, the layer's whole rendering (background, contents, border, sublayers) is
/// the combination of the two, at progress `startProgress + (endProgress − startProgress) × f`,
/// where f is the animation's fraction at the layer's time (`duration`, `timingFunction`,
/// `beginTime`, `speed`, `repeatCount`, `autoreverses`, `fillMode` as every ``CAAnimation``;
/// 0.25 s when `duration` is 0), clamped to [0, 1]. With d the layer's bounds size along the
/// subtype's axis (the travel distance) and the new rendering coming in from the subtype's side:
///
/// - ``CATransitionType/fade``: the old rendering at opacity 1 − p plus the new at p (added, as
///   `plusLighter`: a true cross-fade, which an opaque layer stays opaque through);
/// - ``CATransitionType/moveIn``: the old in place; the new over it, (1 − p) × d away towards
///   the subtype's side;
/// - ``CATransitionType/push``: the new as for moveIn, the old p × d away towards the opposite
///   side;
/// - ``CATransitionType/reveal``: the new in place; the old over it, p × d away towards the
///   opposite side.
///
/// With no subtype (or an unknown one) the motion is ``CATransitionSubtype/fromLeft``'s. The
/// moving renderings are not clipped to the layer's bounds, as in Core Animation, unless the
/// layer `masksToBounds`: then both are clipped to its bounds where they are at rest. The combined
/// image takes the layer's opacity, mask and compositing filter. When the transition ends the
/// layer shows its new state, and the transition is removed as `isRemovedOnCompletion` says.
///
/// Where Tessera differs from Core Animation:
/// - A layer never presented has nothing to transition from: the transition is added (its
///   delegate hears it start and stop) but the layer shows its new state throughout.
/// - The old rendering is the layer as last presented without the transitions that were then
///   running in its subtree: a transition that interrupts another starts from the other's new
///   state, not from its blend.
/// - During the transition the layer's `filters` are not applied to the combined image, nor the
///   colours of a replicator's instances, and portals inside the old rendering draw nothing.
/// - `filter` (a Core Image filter in Apple's framework) is kept but not drawn: the type is used.
/// - Transitions are not read from archives or CAML documents (they are reported as skipped
///   there), and archiving a layer while it has one throws
///   `SceneDocumentError.unencodableValue(reason:)`. In a ``CAAnimationGroup`` a transition
///   is left out (reported in ``CALayer/diagnostics``).
open class CATransition: CAAnimation {
    /// How the renderings combine (``CATransitionType/fade`` by default).
    open var type: CATransitionType = .fade
    /// The side the motion starts from; nil (the default) moves as ``CATransitionSubtype/fromLeft``.
    open var subtype: CATransitionSubtype?
    /// Where in the transition the animation starts, in [0, 1] (0 by default). Clamped to
    /// [0, 1]; NaN reads as 0.
    open var startProgress: Float = 0
    /// Where in the transition the animation ends, in [0, 1] (1 by default). Clamped to
    /// [startProgress, 1], as Apple requires it to be at least `startProgress`; NaN reads as 1.
    open var endProgress: Float = 1
    /// A filter that would replace the type in Core Animation: kept, not drawn.
    open var filter: Any?

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CATransition else { return }
        copy.type = type
        copy.subtype = subtype
        copy.startProgress = startProgress
        copy.endProgress = endProgress
        copy.filter = filter
    }

    /// Runs the transition as the action for `event` on a layer: adds it under ``kCATransition``,
    /// whatever the event (`sublayers`, ``kCATransition``, a property's name), as Core Animation
    /// keeps one transition per layer.
    open override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(self, forKey: kCATransition)
    }

    package override func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? {
        let start = startProgress.isNaN ? 0 : Double(min(max(startProgress, 0), 1))
        let end = endProgress.isNaN ? 1 : Double(min(max(endProgress, 0), 1))
        let style = TransitionStyle(type: type, subtype: subtype)
        return AnimationProgram(
            timing: timingSpec(defaultDuration: 0.25), curve: timingFunction?.curve,
            body: .transition(TransitionProgram(style: style, start: start, end: max(start, end))))
    }
}
