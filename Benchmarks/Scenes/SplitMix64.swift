/// The SplitMix64 pseudo-random generator, exactly as `bench-scenes.md` defines it, so that every
/// implementation of the standard scenes draws the same numbers in the same order.
///
/// ```
/// state = state &+ 0x9E3779B97F4A7C15
/// z = state
/// z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
/// z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
/// z = z ^ (z >> 31)
/// ```
///
/// # Guarantees
/// - The sequence depends only on the seed: the same seed gives the same values on every platform.
/// - ``unit()`` consumes exactly one ``next()`` value and is exact (no rounding): the top 53 bits
///   scaled by 2⁻⁵³, so it lies in [0, 1).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: advanced by the golden-ratio increment on every ``next()``.
    public private(set) var state: UInt64

    /// A generator whose first output is derived from `seed` (the standard scenes use 42).
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64-bit value of the sequence.
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next value as a `Double` uniform in [0, 1): `Double(next() >> 11) * 0x1.0p-53`
    /// (`u()` in `bench-scenes.md`).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
