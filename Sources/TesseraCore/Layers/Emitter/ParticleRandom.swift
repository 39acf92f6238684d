/// The random numbers of particles, counter-based: each is a hash of where it is used (the
/// emitter's seed, the cell, the particle's index, the attribute), so that any particle is
/// computed alone, in any order, on any thread, with the same result. SplitMix64's finalizer
/// (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014) mixes the
/// keys.
enum ParticleRandom {
    /// The attributes drawn for each particle, each its own stream.
    enum Attribute: UInt64 {
        case lifetime, velocity, longitude, shapeX, shapeY, shapeZ, shapeFace, scale, spin, red, green, blue, alpha
    }

    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The key of a cell's particles: of a top-level cell, from the seed; of a nested cell,
    /// from the particle that emits it.
    static func cellKey(parent: UInt64, cell: Int) -> UInt64 {
        mix(parent ^ mix(UInt64(truncatingIfNeeded: cell) &+ 0x632B_E59B_D9B4_E019))
    }

    /// The key of particle `index` of the cell whose key is `cell`.
    @inline(__always) static func particleKey(cell: UInt64, index: Int) -> UInt64 {
        mix(cell &+ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
    }

    /// Uniform in [0, 1).
    @inline(__always) static func unit(_ particle: UInt64, _ attribute: Attribute) -> Double {
        Double(mix(particle ^ (attribute.rawValue &* 0xA24B_AED4_963E_E407)) >> 11) * 0x1p-53
    }

    /// Uniform in [−1, 1): a ± range's factor.
    @inline(__always) static func signed(_ particle: UInt64, _ attribute: Attribute) -> Double {
        unit(particle, attribute) * 2 - 1
    }
}
