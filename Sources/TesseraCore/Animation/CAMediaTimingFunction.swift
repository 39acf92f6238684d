import Foundation

// MARK: - Names

/// The name of one of Core Animation's predefined timing functions, as QuartzCore's type.
///
/// Pass one to ``CAMediaTimingFunction/init(name:)``. The raw values are Apple's strings
/// (`"linear"`, `"easeIn"`, …), so names read from an archive map straight onto these.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name as a string, as Apple spells it.
    public let rawValue: String

    /// Creates a name from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a name from its string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Linear pacing: the animation runs evenly over its duration.
    /// A Bézier curve with the control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")

    /// Ease-in pacing: the animation starts slowly, then speeds up.
    /// A Bézier curve with the control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")

    /// Ease-out pacing: the animation starts quickly, then slows down towards its end.
    /// A Bézier curve with the control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")

    /// Ease-in ease-out pacing: slow at the start and at the end, fastest in the middle.
    /// A Bézier curve with the control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")

    /// The system's default pacing, the curve of most system animations.
    /// A Bézier curve with the control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// The linear timing function's name, under its pre-Swift 4.2 spelling, for ported code.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// The ease-in timing function's name, under its pre-Swift 4.2 spelling, for ported code.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// The ease-out timing function's name, under its pre-Swift 4.2 spelling, for ported code.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// The ease-in ease-out timing function's name, under its pre-Swift 4.2 spelling, for ported code.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// The default timing function's name, under its pre-Swift 4.2 spelling, for ported code.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

// MARK: - The class

/// A function that defines the pacing of an animation as a timing curve, as QuartzCore's class.
///
/// The function maps the fraction of an animation's duration that has passed (the input, in
/// [0, 1]) to the fraction of its change that has happened (the output). It is a cubic Bézier
/// curve through the points (0, 0), c1, c2 and (1, 1): the input is the curve's x coordinate and
/// the output its y coordinate.
///
/// Choices where Apple's documentation is silent, written down here:
/// - The x coordinates of the control points are clamped to [0, 1] when the curve is evaluated,
///   which keeps x(t) monotonic so that every input has exactly one output (the rule CSS's
///   `cubic-bezier()` states for the same curves). The y coordinates are free: a y outside
///   [0, 1] overshoots. ``getControlPoint(at:values:)`` returns the points as they were given,
///   unclamped.
/// - A coordinate that is NaN or infinite is replaced by the linear function's one (0 for c1,
///   1 for c2), at initialization; `getControlPoint` returns the replacement.
/// - The control points are kept as `Float`s, as Apple's API takes and returns them, and the
///   curve is evaluated in `Double` from those values (so 0.42 is evaluated as 0.41999998…).
/// - A name that is not one of the five predefined ones gives the linear function.
/// - Two timing functions are equal (`isEqual(_:)`, `==`) when their control points are equal;
///   `hash` follows.
open class CAMediaTimingFunction: NSObject {
    /// The control points c1 and c2 as stored (after the non-finite replacement only).
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float

    /// The curve as a value: what the animation evaluator reads, without touching this object.
    let curve: TimingCurve

    /// Creates one of the predefined timing functions.
    ///
    /// - Parameter name: one of ``CAMediaTimingFunctionName``'s constants; an unknown name gives
    ///   the linear function.
    public convenience init(name: CAMediaTimingFunctionName) {
        let points = TimingCurve.controlPoints(named: name)
        self.init(controlPoints: points.0, points.1, points.2, points.3)
    }

    /// Creates a timing function modelled on a cubic Bézier curve through (0, 0), (c1x, c1y),
    /// (c2x, c2y) and (1, 1).
    ///
    /// - Parameters:
    ///   - c1x: the x coordinate of the first control point; clamped to [0, 1] when evaluated.
    ///   - c1y: the y coordinate of the first control point.
    ///   - c2x: the x coordinate of the second control point; clamped to [0, 1] when evaluated.
    ///   - c2y: the y coordinate of the second control point.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x.isFinite ? c1x : 0
        self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = c2x.isFinite ? c2x : 1
        self.c2y = c2y.isFinite ? c2y : 1
        curve = TimingCurve(
            c1x: Double(self.c1x), c1y: Double(self.c1y),
            c2x: Double(self.c2x), c2y: Double(self.c2y))
        super.init()
    }

    /// Writes the control point at `idx` into `ptr[0]` (x) and `ptr[1]` (y).
    ///
    /// - Parameters:
    ///   - idx: 0 for (0, 0), 1 for c1, 2 for c2, 3 for (1, 1). Any other index writes nothing.
    ///   - ptr: room for two `Float`s.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        switch idx {
        case 0: ptr[0] = 0; ptr[1] = 0
        case 1: ptr[0] = c1x; ptr[1] = c1y
        case 2: ptr[0] = c2x; ptr[1] = c2y
        case 3: ptr[0] = 1; ptr[1] = 1
        default: break
        }
    }

    /// Whether `object` is a timing function with the same control points.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return other === self
            || (c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y)
    }

    /// A hash of the control points, consistent with `isEqual(_:)`.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
        return hasher.finalize()
    }

    /// The control points, for debugging.
    open override var description: String {
        "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y))"
    }

    /// The output fraction for the input fraction `x`; see ``TimingCurve/evaluate(_:)``.
    func evaluate(_ x: Double) -> Double { curve.evaluate(x) }
}

// MARK: - The value the evaluator uses

/// A cubic Bézier timing curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1), as a value:
/// the evaluator's form of ``CAMediaTimingFunction``.
///
/// # Guarantees
/// - `c1x` and `c2x` are in [0, 1] and every coordinate is finite (the initializer clamps x,
///   infinities included, and replaces a NaN x or a non-finite y with the linear curve's), so
///   x(t) is monotonic on [0, 1] and ``evaluate(_:)`` is a function.
/// - `evaluate(0) == 0` and `evaluate(1) == 1` exactly; a curve whose control points lie on the
///   diagonal (linear among them) returns its input unchanged.
/// - `evaluate` allocates nothing and does a bounded amount of work.
package struct TimingCurve: Hashable, Sendable {
    let c1x: Double
    let c1y: Double
    let c2x: Double
    let c2y: Double

    /// Creates a curve; x coordinates are clamped to [0, 1]; a NaN x or a non-finite y is
    /// replaced by the linear curve's (0 for c1, 1 for c2).
    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.c1x = c1x.isNaN ? 0 : min(max(c1x, 0), 1)
        self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = c2x.isNaN ? 1 : min(max(c2x, 0), 1)
        self.c2y = c2y.isFinite ? c2y : 1
    }

    /// Creates a curve from `Float` control points, as ``CAMediaTimingFunction`` stores them.
    init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }

    /// The control points c1 and c2 of a predefined timing function, in `Float` as Apple's API
    /// gives them (0.42 reads back as 0.41999998…); an unknown name gives linear's.
    package static func controlPoints(named name: CAMediaTimingFunctionName) -> (Float, Float, Float, Float) {
        switch name {
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        default: return (0, 0, 1, 1)
        }
    }

    /// The curve of a predefined timing function: the same value as
    /// `CAMediaTimingFunction(name: name).curve`.
    init(name: CAMediaTimingFunctionName) {
        let points = Self.controlPoints(named: name)
        self.init(points.0, points.1, points.2, points.3)
    }

    /// The identity: control points (0, 0) and (1, 1).
    static let linear = TimingCurve(name: .linear)
    /// Core Animation's `easeIn`: (0.42, 0), (1, 1).
    static let easeIn = TimingCurve(name: .easeIn)
    /// Core Animation's `easeOut`: (0, 0), (0.58, 1).
    static let easeOut = TimingCurve(name: .easeOut)
    /// Core Animation's `easeInEaseOut`: (0.42, 0), (0.58, 1).
    static let easeInEaseOut = TimingCurve(name: .easeInEaseOut)
    /// Core Animation's `default` (implicit animations): (0.25, 0.1), (0.25, 1).
    static let `default` = TimingCurve(name: .default)

    /// Tolerance of the solve of x(t) = x. Much tighter than visible (1e-6 would do for x), so
    /// that y stays accurate where the curve is steep (dy/dx large near a vertical tangent).
    private static let tolerance = 1e-12

    /// The output fraction for the input fraction `x`: solves x(t) = x for the curve parameter t,
    /// then returns y(t).
    ///
    /// `x` is clamped to [0, 1] (NaN reads as 0). The solve runs Newton's method from t = x (at
    /// most 8 steps, usually 2 to 4), and falls back to bisection on [0, 1] (at most 64 halvings)
    /// where the derivative vanishes or Newton has not converged; it stops once |x(t) − x| ≤ 1e-12.
    func evaluate(_ x: Double) -> Double {
        guard x > 0 else { return 0 }   // also NaN
        guard x < 1 else { return 1 }
        // Control points on the diagonal: x(t) and y(t) are the same polynomial.
        if c1x == c1y && c2x == c2y { return x }

        // Power-basis coefficients: p(t) = ((a t + b) t + c) t.
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
        let tolerance = Self.tolerance

        var t = x
        var solved = false
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) <= tolerance { solved = true; break }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-9 { break }
            t -= error / slope
            if !(t >= 0 && t <= 1) { break }   // left the curve (or NaN): bisect instead
        }
        if !solved {
            // x(t) is monotonic on [0, 1] (x control points clamped), so bisection converges.
            var low = 0.0, high = 1.0
            t = x
            for _ in 0..<64 {
                let value = ((ax * t + bx) * t + cx) * t
                if abs(value - x) <= tolerance { break }
                if value < x { low = t } else { high = t }
                t = 0.5 * (low + high)
            }
        }
        return ((ay * t + by) * t + cy) * t
    }
}
