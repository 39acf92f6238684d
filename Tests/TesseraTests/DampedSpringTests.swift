import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

@Suite struct DampedSpringTests {
    private func spring(stiffness: Double = 100, damping: Double = 10, mass: Double = 1, velocity: Double = 0,
                        overdamping: Bool = false) -> DampedSpring {
        DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                     allowsOverdamping: overdamping)
    }

    /// Springs of every kind: underdamped, near-critical, critical, clamped and real overdamping.
    private var kinds: [DampedSpring] {
        [spring(damping: 5), spring(damping: 10), spring(damping: 19.999), spring(damping: 20),
         spring(damping: 20.001, overdamping: true), spring(damping: 40), spring(damping: 40, overdamping: true),
         spring(stiffness: 300, damping: 2, mass: 3, velocity: 4), spring(damping: 60, velocity: -3, overdamping: true)]
    }

    @Test func startsAtTheFromValue() {
        for s in kinds {
            #expect(s.fraction(at: 0) == 0)
            #expect(s.fraction(at: -1) == 0)
            #expect(s.fraction(at: -.infinity) == 0)
            #expect(s.fraction(at: .nan) == 0)
        }
    }

    @Test func initialSlopeIsTheInitialVelocity() {
        for velocity in [0.0, 2.5, -4, 30] {
            for base in [spring(damping: 5), spring(damping: 20), spring(damping: 50, overdamping: true)] {
                let s = DampedSpring(mass: base.mass, stiffness: base.stiffness, damping: base.damping,
                                     initialVelocity: velocity, allowsOverdamping: base.allowsOverdamping)
                let h = 1e-6
                let slope = (s.fraction(at: h) - s.fraction(at: 0)) / h
                #expect(abs(slope - velocity) < 1e-3 * max(1, abs(velocity)), "\(s) slope \(slope)")
            }
        }
    }

    @Test func approachesTheTarget() {
        for s in kinds {
            #expect(abs(s.fraction(at: 200) - 1) < 1e-12, "\(s)")
            #expect(s.fraction(at: .infinity) == 1)
            #expect(s.fraction(at: 1e300) == 1)
        }
    }

    @Test func matchesTheDifferentialEquation() {
        // m·x'' + c·x' + k·(x − 1) = 0 for the progress x, by central differences.
        for s in kinds {
            let damping = s.dampingRatio > 1 && !s.allowsOverdamping
                ? 2 * (s.stiffness * s.mass).squareRoot() : s.damping
            for t in [0.05, 0.2, 0.7] {
                let h = 1e-4
                let x0 = s.fraction(at: t - h), x1 = s.fraction(at: t), x2 = s.fraction(at: t + h)
                let residual = s.mass * (x2 - 2 * x1 + x0) / (h * h) + damping * (x2 - x0) / (2 * h)
                    + s.stiffness * (x1 - 1)
                #expect(abs(residual) < 1e-3 * s.stiffness, "\(s) at \(t): \(residual)")
            }
        }
    }

    @Test func underdampedOvershootsAndCriticalDoesNot() {
        let samples = (1...4000).map { Double($0) / 1000 }
        let under = spring(damping: 5)
        #expect(samples.map(under.fraction(at:)).max()! > 1.2)
        for critical in [spring(damping: 20), spring(stiffness: 50, damping: 2 * 50.0.squareRoot())] {
            #expect(samples.map(critical.fraction(at:)).max()! <= 1)
            var previous = 0.0
            for t in samples {
                let value = critical.fraction(at: t)
                #expect(value >= previous)
                previous = value
            }
        }
    }

    @Test func overdampingOnlyWhenAllowed() {
        let clamped = spring(damping: 60)                      // ζ = 3, treated as critical
        let critical = spring(damping: 20)
        let overdamped = spring(damping: 60, overdamping: true)
        for t in [0.05, 0.1, 0.3, 0.8, 1.5] {
            #expect(clamped.fraction(at: t) == critical.fraction(at: t))
            #expect(overdamped.fraction(at: t) < critical.fraction(at: t))   // slower to arrive
            #expect(overdamped.fraction(at: t) < 1)
        }
        #expect(clamped.settlingDuration == critical.settlingDuration)
        #expect(overdamped.settlingDuration > critical.settlingDuration)
        // Below ζ = 1 the flag changes nothing.
        #expect(spring(damping: 10, overdamping: true).fraction(at: 0.3) == spring(damping: 10).fraction(at: 0.3))
    }

    @Test func continuousAcrossCriticalDamping() {
        let below = spring(damping: 20 - 1e-7), at = spring(damping: 20), above = spring(damping: 20 + 1e-7, overdamping: true)
        for t in [0.01, 0.1, 0.4, 1] {
            #expect(abs(below.fraction(at: t) - at.fraction(at: t)) < 1e-6)
            #expect(abs(above.fraction(at: t) - at.fraction(at: t)) < 1e-6)
        }
        #expect(abs(below.settlingDuration - at.settlingDuration) < 1e-5)
        #expect(abs(above.settlingDuration - at.settlingDuration) < 1e-5)
    }

    @Test func settlingDurationMatchesApplesReferences() {
        // Apple's documentation: damping 5 → "approximately 2.85 seconds", 15 → "just over 1 second".
        #expect(abs(spring(damping: 5).settlingDuration - 2.85) < 0.01)
        let fifteen = spring(damping: 15).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.1)
        // Values printed by Core Animation for springs made from a perceptual duration and a bounce;
        // their stiffness / damping print rounded as 93.44 / 16.63 and 61.685 / 11.0.
        let a = DampedSpring(perceptualDuration: 0.65, bounce: 0.14)
        #expect(abs(a.stiffness - 93.44) < 0.005 && abs(a.damping - 16.63) < 0.005)
        #expect(abs(a.settlingDuration - 0.949768) < 5e-6)
        let b = DampedSpring(perceptualDuration: 0.8, bounce: 0.3)
        #expect(abs(b.stiffness - 61.685) < 0.0005 && abs(b.damping - 11.0) < 0.05)
        #expect(abs(b.settlingDuration - 1.38073) < 5e-5)
        // The rounded parameters give a slightly earlier time (the inputs differ, not the method).
        #expect(abs(spring(stiffness: 93.44, damping: 16.63).settlingDuration - 0.949768) < 2e-4)
        #expect(abs(spring(stiffness: 61.685, damping: 11.0).settlingDuration - 1.38073) < 6e-4)
    }

    @Test func settledMeansWithinEpsilonFromThenOn() {
        for s in kinds {
            let settle = s.settlingDuration
            #expect(settle.isFinite && settle > 0, "\(s)")
            for i in 0...2000 {
                let t = settle * (1 + Double(i) / 200)
                #expect(abs(s.fraction(at: t) - 1) <= DampedSpring.settlingEpsilon * (1 + 1e-9), "\(s) at \(t)")
            }
        }
        #expect(spring(damping: 0).settlingDuration == .infinity)
    }

    @Test func velocityAffectsSettling() {
        #expect(spring(damping: 10, velocity: 20).settlingDuration > spring(damping: 10).settlingDuration)
    }

    @Test func perceptualSpringsFollowSwiftUIsConversion() {
        // Apple's example: Spring(duration: 0.5, bounce: 0.3) has stiffness 157.9 and damping 17.6.
        let s = DampedSpring(perceptualDuration: 0.5, bounce: 0.3)
        #expect(s.mass == 1 && abs(s.stiffness - 157.9) < 0.05 && abs(s.damping - 17.6) < 0.05)
        #expect(abs(DampedSpring(perceptualDuration: 0.5, bounce: 0).dampingRatio - 1) < 1e-12)
        #expect(abs(DampedSpring(perceptualDuration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
        #expect(DampedSpring(perceptualDuration: .nan, bounce: .nan) == DampedSpring(perceptualDuration: 0.5, bounce: 0))
        #expect(DampedSpring(perceptualDuration: 0.4, bounce: -1).settlingDuration.isFinite)
    }

    @Test func badInputGivesFiniteValues() {
        let bad: [Double] = [0, -1, .nan, .infinity, -.infinity, 1e-300, 1e300]
        var springs: [DampedSpring] = []
        for mass in bad { springs.append(spring(mass: mass)) }
        for stiffness in bad { springs.append(spring(stiffness: stiffness)) }
        for damping in bad { springs.append(spring(damping: damping)); springs.append(spring(damping: damping, overdamping: true)) }
        for velocity in bad { springs.append(spring(velocity: velocity)) }
        springs.append(DampedSpring(mass: .nan, stiffness: .nan, damping: .nan, initialVelocity: .nan, allowsOverdamping: true))
        springs.append(DampedSpring(mass: 1e300, stiffness: 1e-300, damping: 1e300, initialVelocity: -1e300,
                                    allowsOverdamping: true))
        for s in springs {
            #expect(s.mass > 0 && s.stiffness > 0 && s.damping >= 0 && s.initialVelocity.isFinite)
            for t in [0, 1e-9, 0.001, 0.1, 1, 10, 1e6, 1e300, .infinity] {
                #expect(s.fraction(at: t).isFinite, "\(s) at \(t)")
            }
            let settle = s.settlingDuration
            #expect(settle > 0 && !settle.isNaN, "\(s)")
            #expect(settle.isFinite || s.damping == 0, "\(s)")
        }
        // NaN takes Apple's defaults.
        #expect(DampedSpring(mass: .nan, stiffness: .nan, damping: .nan, initialVelocity: .nan, allowsOverdamping: false)
                == spring())
    }
}
