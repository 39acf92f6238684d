#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring released at rest length away from its target, in closed form: the motion of
/// `CASpringAnimation`, as a value.
///
/// The spring solves m·x″ + c·x′ + k·x = 0 for the displacement from the target, starting one
/// whole distance away (the animation's `fromValue`) and moving with `initialVelocity` towards
/// the target (its `toValue`). ``fraction(at:)`` gives the progress: 0 at the from value, 1 at the
/// to value, above 1 when the spring overshoots.
///
/// Units and choices, following Apple's documentation of `CASpringAnimation` and SwiftUI's
/// `Spring`, and written down here where they are silent:
/// - `initialVelocity` is in units of the whole distance per second: 1 means the speed that would
///   cover the distance from → to in one second. Positive values move towards the target,
///   negative ones away from it (Apple: "positive values represent the object moving towards the
///   spring attachment point").
/// - Damping ratio ζ = c / (2·√(k·m)). With `allowsOverdamping == false` (Apple's default), a
///   damping ratio above 1 is treated as critically damped (ζ = 1 with the same mass and
///   stiffness), as Apple documents for `allowOverDamping` on SwiftUI's `Spring`; with
///   `allowsOverdamping == true` it is overdamped.
/// - Bad input is clamped, never trapped: NaN mass, stiffness, damping or velocity take Apple's
///   defaults (1, 100, 10, 0); then mass and stiffness are clamped to [1e-6, 1e12] (both must be
///   greater than 0), damping to [0, 1e12] (it must be at least 0) and the velocity to
///   [−1e12, 1e12]. Within those bounds no intermediate value overflows.
///
/// # Guarantees
/// - `fraction(at: 0) == 0`, `fraction(at:)` is finite for every input and 0 for t < 0 or NaN.
/// - `settlingDuration` is finite and positive for every damped spring (damping > 0), and
///   `.infinity` for an undamped one (damping 0), which never comes to rest.
struct DampedSpring: Hashable, Sendable {
    /// The mass, after clamping.
    let mass: Double
    /// The stiffness k, after clamping.
    let stiffness: Double
    /// The damping c, after clamping (the value given, even where it is treated as critical).
    let damping: Double
    /// The initial velocity in distances per second, positive towards the target, after clamping.
    let initialVelocity: Double
    /// Whether a damping ratio above 1 is overdamped rather than critically damped.
    let allowsOverdamping: Bool

    /// How the spring moves, with the constants of its closed form.
    private enum Motion: Hashable, Sendable {
        /// ζ < 1: d(t) = e^(−a·t)·(cos(ω·t) + b·sin(ω·t)/ω), with a = ζ·ω₀, ω = ω₀·√(1 − ζ²).
        case underdamped(a: Double, omega: Double)
        /// ζ = 1: d(t) = e^(−a·t)·(1 + b·t), with a = ω₀.
        case critical(a: Double)
        /// ζ > 1: d(t) = e^(−a·t)·(cosh(s·t) + b·sinh(s·t)/s), with a = ζ·ω₀, s = ω₀·√(ζ² − 1);
        /// `slow` = a − s > 0, the slower decay rate.
        case overdamped(a: Double, s: Double, slow: Double)
    }

    /// The closed form of the remaining displacement d(t) = 1 − fraction(t).
    private let motion: Motion
    /// b = a − v₀: the coefficient that makes d′(0) = −v₀.
    private let b: Double

    /// The spring's progress is considered at rest once it stays within this fraction of the
    /// distance from the target: 1/1000, the value that reproduces Apple's `settlingDuration`
    /// (see ``settlingDuration``).
    static let settlingEpsilon = 1e-3

    /// Creates a spring from `CASpringAnimation`'s parameters; bad values are clamped (see the
    /// type's documentation).
    ///
    /// - Parameters:
    ///   - mass: the mass of the object on the spring, > 0 (Apple's default 1).
    ///   - stiffness: the spring's stiffness k, > 0 (Apple's default 100).
    ///   - damping: the damping coefficient c, ≥ 0 (Apple's default 10).
    ///   - initialVelocity: in distances per second, positive towards the target (default 0).
    ///   - allowsOverdamping: whether ζ > 1 is overdamped rather than critically damped.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        func clamp(_ value: Double, ifNaN fallback: Double, _ low: Double, _ high: Double) -> Double {
            value.isNaN ? fallback : min(max(value, low), high)
        }
        let m = clamp(mass, ifNaN: 1, 1e-6, 1e12)
        let k = clamp(stiffness, ifNaN: 100, 1e-6, 1e12)
        let c = clamp(damping, ifNaN: 10, 0, 1e12)
        let v0 = clamp(initialVelocity, ifNaN: 0, -1e12, 1e12)
        self.mass = m
        self.stiffness = k
        self.damping = c
        self.initialVelocity = v0
        self.allowsOverdamping = allowsOverdamping

        let omega0 = (k / m).squareRoot()
        let zeta = c / (2 * k.squareRoot() * m.squareRoot())
        let a: Double
        if zeta < 1 {
            a = zeta * omega0
            motion = .underdamped(a: a, omega: omega0 * ((1 - zeta) * (1 + zeta)).squareRoot())
        } else if zeta > 1 && allowsOverdamping {
            a = zeta * omega0
            let root = ((zeta - 1) * (zeta + 1)).squareRoot()
            // a − s = ω₀·(ζ − √(ζ² − 1)) = ω₀ / (ζ + √(ζ² − 1)), without cancellation.
            motion = .overdamped(a: a, s: omega0 * root, slow: omega0 / (zeta + root))
        } else {
            a = omega0
            motion = .critical(a: a)
        }
        b = a - v0
    }

    /// Creates the spring of `CASpringAnimation(perceptualDuration:bounce:)` and SwiftUI's
    /// `Spring(duration:bounce:)`: mass 1, stiffness (2π / duration)², damping ratio 1 − bounce
    /// for bounce ≥ 0 and 1 / (1 + bounce) below (overdamped, so overdamping is allowed).
    ///
    /// - Parameters:
    ///   - perceptualDuration: the pace of the spring in seconds; NaN reads as 0.5 (SwiftUI's
    ///     default), and it is clamped to [1e-4, 1e4].
    ///   - bounce: from −1 (very overdamped) through 0 (critically damped) to 1 (undamped); NaN
    ///     reads as 0, and it is clamped to [−1, 1].
    ///   - initialVelocity: in distances per second, positive towards the target.
    init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let duration = perceptualDuration.isNaN ? 0.5 : min(max(perceptualDuration, 1e-4), 1e4)
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -1), 1)
        let omega0 = 2 * Double.pi / duration
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)   // bounce −1 → ∞ → clamped damping
        self.init(
            mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0,
            initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// The damping ratio ζ = c / (2·√(k·m)) of the parameters given (before any clamping to
    /// critical damping).
    var dampingRatio: Double { damping / (2 * stiffness.squareRoot() * mass.squareRoot()) }

    /// The progress at time `t` seconds after release: 0 at the from value, 1 at the to value
    /// (beyond 1 when overshooting, below 0 when an initial velocity away from the target carries
    /// it back). 0 for t < 0 or NaN; 1 at t = +∞ for a damped spring. Allocates nothing.
    func fraction(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let remaining: Double
        switch motion {
        case let .underdamped(a, omega):
            let decay = exp(-a * t)
            if decay == 0 { return 1 }
            remaining = decay * (cos(omega * t) + b * sin(omega * t) / omega)
        case let .critical(a):
            let decay = exp(-a * t)
            if decay == 0 { return 1 }
            remaining = decay * (1 + b * t)
        case let .overdamped(_, s, slow):
            // e^(−a·t)·cosh(s·t) and e^(−a·t)·sinh(s·t)/s through the slow and the fast decays,
            // without overflow, and with expm1 where s·t is small.
            let slowDecay = exp(-slow * t)
            if slowDecay == 0 { return 1 }
            let ratio = exp(-2 * s * t)   // e^(−(a+s)·t) / e^(−(a−s)·t)
            let coshPart = slowDecay * (1 + ratio) / 2
            let sinhPart = slowDecay * -expm1(-2 * s * t) / (2 * s)
            remaining = coshPart + b * sinhPart
        }
        let value = 1 - remaining
        return value.isFinite ? value : 1   // t·ω beyond Double's range: long at rest
    }

    /// The time in seconds after which the spring is considered at rest, matching
    /// `CASpringAnimation.settlingDuration`.
    ///
    /// Apple does not publish its algorithm. This one bounds the remaining displacement
    /// d(t) = 1 − fraction(t) by an envelope E(t) ≥ |d(t)| and returns the time at which E falls
    /// to ``settlingEpsilon`` (1/1000 of the distance); E decays for good after it, so so does
    /// |d|. For an underdamped spring, d(t) = e^(−a·t)·(cos ωt + (b/ω)·sin ωt) gives
    /// E(t) = e^(−a·t)·(1 + |b|·min(t, 1/ω)) (using |sin ωt| ≤ min(1, ωt)); past t = 1/ω this is
    /// e^(−a·t)·(1 + |b|/ω), so
    ///
    ///     settlingDuration = ln((1 + |a − v₀| / ω) / 0.001) / a,   a = c / 2m,  ω = ω₀·√(1 − ζ²).
    ///
    /// How it was found: candidates were tried numerically against Apple's four reference values
    /// (mass 1, no initial velocity). The last time |d(t)| exceeds ε (for any single ε), and
    /// thresholds on the velocity or on the energy, fit none of them together; envelopes of the
    /// form e^(−a·t)·C(ζ) = ε fit with C = 1 + ζ/√(1 − ζ²) (the |cos| + |sin| bound above) and
    /// ε = 0.001. The two precise references are springs made from a perceptual duration and a
    /// bounce (0.65 s / 0.14 and 0.8 s / 0.3), whose stiffness and damping print rounded as
    /// 93.44 / 16.63 and 61.685 / 11.0; with their unrounded parameters this formula gives:
    /// - stiffness 100, damping 5: 2.854975 s (Apple: "approximately 2.85 seconds");
    /// - stiffness 100, damping 15: 1.022094 s (Apple: "just over 1 second");
    /// - 0.65 s / bounce 0.14 (k = 93.440042, c = 16.626275): 0.9497676 s (Apple: 0.949768);
    /// - 0.8 s / bounce 0.3 (k = 61.685028, c = 10.995574): 1.3807285 s (Apple: 1.38073).
    /// With the rounded parameters the same formula gives 0.949620 and 1.380244 s (the inputs
    /// differ, not the algorithm).
    ///
    /// Where the envelope's first part rules (ω·t < 1: near critical damping), and for
    /// critically damped (E = e^(−a·t)·(1 + |b|·t)) and overdamped springs
    /// (E = e^(−a·t)·(cosh st + (|b|/s)·sinh st)), Apple's values are unknown: the time is where
    /// the same kind of envelope reaches ε, found by bisection. The envelope is continuous as ζ
    /// crosses 1. `.infinity` for an undamped spring.
    var settlingDuration: Double {
        let logEpsilon = log(Self.settlingEpsilon)
        let rate: Double, logEnvelope: (Double) -> Double
        switch motion {
        case let .underdamped(a, omega):
            guard a > 0 else { return .infinity }
            let bound = abs(b)
            let late = (log(1 + bound / omega) - logEpsilon) / a
            if omega * late >= 1 { return late }
            // Near critical damping the envelope reaches ε before ω·t = 1.
            rate = a
            logEnvelope = { t in log(1 + bound * min(t, 1 / omega)) - a * t }
        case let .critical(a):
            rate = a
            let bound = abs(b)
            logEnvelope = { t in log(1 + bound * t) - a * t }
        case let .overdamped(_, s, slow):
            rate = slow
            let bound = abs(b)
            logEnvelope = { t in
                let ratio = exp(-2 * s * t)
                return log((1 + ratio) / 2 + bound * -expm1(-2 * s * t) / (2 * s)) - slow * t
            }
        }
        // log E is concave (or decreasing) with log E(0) = 0 > log ε, so {t : E(t) ≥ ε} is an
        // interval [0, T]: bracket T by doubling, then bisect.
        var low = 0.0, high = 1 / rate
        var doublings = 0
        while logEnvelope(high) >= logEpsilon && doublings < 2100 {
            low = high
            high *= 2
            doublings += 1
        }
        var halvings = 0
        while high - low > 1e-13 * high && halvings < 200 {
            let middle = 0.5 * (low + high)
            if logEnvelope(middle) >= logEpsilon { low = middle } else { high = middle }
            halvings += 1
        }
        return high
    }
}
