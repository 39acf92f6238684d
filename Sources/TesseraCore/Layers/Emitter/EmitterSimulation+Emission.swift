import Foundation

extension EmitterSimulation {
    /// What one cell's particles are computed from, for one run of emission (the cell's, or a
    /// parent particle's nested one): particle k of it is a pure function of k, so any part of
    /// them can be computed on any thread.
    struct Emission: Sendable {
        /// The cell's index in ``EmitterSimulation/cells``.
        let cell: Int
        let values: EmitterCellValues
        let rate: Double
        let begin: Double
        /// The emission's time now, and when its time 0 was in the layer's time.
        let clock: Double
        let born: Double
        let key: UInt64
        let multipliers: Multipliers
        let center: SIMD3<Double>
        let shape: EmitterShapeSampling
        let origin: Origin
        let acceleration: SIMD3<Double>
        private let baseColor: SIMD4<Double>
        private let colorRange: SIMD4<Double>
        private let colorSpeed: SIMD4<Double>

        init(
            cell: Int, values c: EmitterCellValues, rate: Double, begin: Double, clock: Double, born: Double, key: UInt64,
            multipliers: Multipliers, center: SIMD3<Double>, shape: EmitterShapeSampling, origin: Origin
        ) {
            (self.cell, values, self.rate, self.begin, self.clock, self.born, self.key) = (cell, c, rate, begin, clock, born, key)
            (self.multipliers, self.center, self.shape, self.origin) = (multipliers, center, shape, origin)
            acceleration = SIMD3(Double(c.xAcceleration), Double(c.yAcceleration), Double(c.zAcceleration))
            baseColor = SIMD4(c.color.red, c.color.green, c.color.blue, c.color.alpha)
            colorRange = SIMD4(Double(c.redRange), Double(c.greenRange), Double(c.blueRange), Double(c.alphaRange))
            colorSpeed = SIMD4(Double(c.redSpeed), Double(c.greenSpeed), Double(c.blueSpeed), Double(c.alphaSpeed))
        }

        /// Particle k's birth: what its nested cells emit from, and the particle itself when it
        /// is alive and drawable at ``clock``. nil when its lifetime is not positive (it emits nothing).
        struct Born {
            let key: UInt64
            /// Its birth on the emission's time, its age now, and its lifetime.
            let birth, age, lifetime: Double
            let start, velocity: SIMD3<Double>
            let particle: Particle?
        }

        func particle(_ k: Int) -> Born? {
            let c = values, m = multipliers
            let particle = ParticleRandom.particleKey(cell: key, index: k)
            func signed(_ a: ParticleRandom.Attribute) -> Double { ParticleRandom.signed(particle, a) }
            let lifetime = m.lifetime * (Double(c.lifetime) + Double(c.lifetimeRange) * signed(.lifetime))
            guard lifetime > 0 else { return nil }
            let birth = begin + Double(k + 1) / rate
            let age = clock - birth
            let speed = m.velocity * (Double(c.velocity) + Double(c.velocityRange) * signed(.velocity))
            let longitude = Double(c.emissionLongitude) + Double(c.emissionRange) * signed(.longitude)
            let latitude = Double(c.emissionLatitude)
            let velocity = speed * SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
            let start: SIMD3<Double>
            switch origin {
            case .shape:
                let u = SIMD3(
                    ParticleRandom.unit(particle, .shapeX), ParticleRandom.unit(particle, .shapeY),
                    ParticleRandom.unit(particle, .shapeZ))
                start = center + shape.offset(u, face: ParticleRandom.unit(particle, .shapeFace))
            case .path(let p0, let v, let g):
                start = p0 + v * birth + 0.5 * g * birth * birth
            }
            let position = start + velocity * age + 0.5 * acceleration * age * age
            var drawn: Particle?
            // A particle with a non-finite value (a NaN velocity, say) is not drawn.
            if age < lifetime, position.x.isFinite, position.y.isFinite, position.z.isFinite {
                let scale = m.scale * (Double(c.scale) + Double(c.scaleRange) * signed(.scale) + Double(c.scaleSpeed) * age)
                let spin = m.spin * (Double(c.spin) + Double(c.spinRange) * signed(.spin))
                let random = SIMD4(signed(.red), signed(.green), signed(.blue), signed(.alpha))
                var color = baseColor + colorRange * random + colorSpeed * age
                color.replace(with: 0, where: .!(color .>= 0))   // NaN too
                color.replace(with: 1, where: color .> 1)
                let angle = spin * age
                if scale.isFinite, angle.isFinite {
                    drawn = Particle(
                        position: position, birthTime: born + birth, scale: max(0, scale),
                        angle: angle, color: color, cell: cell)
                }
            }
            return Born(
                key: particle, birth: birth, age: age, lifetime: lifetime, start: start, velocity: velocity,
                particle: drawn)
        }
    }
}
