import Foundation

/// What an animation shows outside its active time, as QuartzCore's `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The final state after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The initial state before the beginning.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// The Objective-C name of ``CAMediaTimingFillMode/removed``.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// The Objective-C name of ``CAMediaTimingFillMode/forwards``.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// The Objective-C name of ``CAMediaTimingFillMode/backwards``.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// The Objective-C name of ``CAMediaTimingFillMode/both``.
public let kCAFillModeBoth = CAMediaTimingFillMode.both

/// The timing of a layer or an animation, as QuartzCore's protocol: how the time of its parent
/// maps to its own, t = (t_parent − beginTime) × speed + timeOffset. See `TimingSpec` for the
/// exact model.
public protocol CAMediaTiming: AnyObject {
    /// When it begins, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// The length of one iteration. 0 on an animation means 0.25 s when it is added to a layer;
    /// 0 on a layer means unbounded.
    var duration: CFTimeInterval { get set }
    /// How fast its time runs relative to its parent's: 2 is twice as fast, 0 stops it at
    /// `timeOffset`, a negative speed runs it backwards.
    var speed: Float { get set }
    /// Added to its time, within the active period (which it does not move).
    var timeOffset: CFTimeInterval { get set }
    /// How many iterations, fractions allowed; `.infinity` or `.greatestFiniteMagnitude`: forever.
    var repeatCount: Float { get set }
    /// How long to repeat, in its own time (takes precedence over `repeatCount`).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forwards and then backwards.
    var autoreverses: Bool { get set }
    /// What it shows outside its active period.
    var fillMode: CAMediaTimingFillMode { get set }
}
