import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// The particle model of ``CAEmitterLayer`` (``EmitterSimulation``), from the cells' parameters:
/// counts, closed-form positions, ranges, seeds, nested cells, timing and bad input.
@Suite struct EmitterSimulationTests {
    /// An emitter at (50, 50) with one cell: `birthRate` 100 a second, living 2 s.
    static func emitter(_ configure: (CAEmitterCell) -> Void = { _ in }) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 50, y: 50)
        let cell = CAEmitterCell()
        cell.birthRate = 100
        cell.lifetime = 2
        configure(cell)
        layer.emitterCells = [cell]
        return layer
    }

    func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

    static func particles(_ layer: CALayer, at t: Double) -> [Particle] {
        withUnsafePointer(to: layer.properties) { EmitterSimulation($0, time: t).particles }
    }

    /// A cell without nested cells is computed in parts on several threads: the same particles,
    /// in the same order, as on one; a cell with nested cells stays on one thread, just as exact.
    @Test func theSameParticlesOnOneOrManyThreads() {
        let plain = Self.emitter { cell in
            cell.birthRate = 3_000
            cell.velocity = 40
            cell.velocityRange = 30
            cell.emissionRange = .pi
            cell.scaleRange = 0.5
            cell.redRange = 0.2
        }
        let nested = Self.emitter { cell in
            let child = CAEmitterCell()
            child.birthRate = 20
            child.lifetime = 0.5
            cell.emitterCells = [child]
        }
        for layer in [plain, nested] {
            let one = Self.particles(layer, at: 1.7)
            let many = withUnsafePointer(to: layer.properties) { EmitterSimulation($0, time: 1.7, threadCount: 8).particles }
            #expect(one.count > 0 && many == one)
        }
        #expect(Self.particles(plain, at: 1.7).count == 5_100, "enough particles for several parts")
    }

    @Test func countIsTheBirthRateTimesTheTimeUpToTheLifetime() {
        let layer = Self.emitter()
        for (t, count) in [(0.0, 0), (0.005, 0), (0.5, 50), (1.5, 150), (2.0, 200), (3.0, 200), (1000.25, 200)] {
            #expect(Self.particles(layer, at: t).count == count, "t = \(t)")
        }
        #expect(Self.particles(layer, at: -1).isEmpty && Self.particles(layer, at: .nan).isEmpty)
        layer.birthRate = 2
        #expect(Self.particles(layer, at: 0.5).count == 100)
        layer.lifetime = 0.5
        #expect(Self.particles(layer, at: 3).count == 200, "200 a second for 1 s")
    }

    /// Straight down at 10 points a second, accelerated by 4 along y: y = 50 + 10a + 2a².
    @Test func positionsFollowVelocityAndAccelerationInClosedForm() {
        let layer = Self.emitter {
            $0.emissionLongitude = .pi / 2
            $0.velocity = 10
            $0.yAcceleration = 4
            $0.xAcceleration = -2
        }
        let t = 1.75
        let particles = Self.particles(layer, at: t)
        #expect(particles.count == 175)
        for p in particles {
            let a = t - p.birthTime
            #expect(abs(p.position.x - (50 + 10 * cos(Double.pi / 2) * a - a * a)) < 1e-9)
            #expect(abs(p.position.y - (50 + 10 * a + 2 * a * a)) < 1e-9)
            #expect(p.position.z == 0)
        }
        // Births at (k + 1) / rate.
        #expect(particles.map(\.birthTime) == (0..<175).map { Double($0 + 1) / 100 })
    }

    /// Latitude lifts the direction out of the plane: (cos θ cos ψ, cos θ sin ψ, sin θ).
    @Test func latitudeAndLongitude() {
        let layer = Self.emitter {
            $0.emissionLongitude = .pi / 3
            $0.emissionLatitude = .pi / 6
            $0.velocity = 20
        }
        let p = Self.particles(layer, at: 1.01).first!
        let a = 1.01 - p.birthTime
        let expected = SIMD3(cos(Double.pi / 6) * cos(Double.pi / 3), cos(Double.pi / 6) * sin(Double.pi / 3), sin(Double.pi / 6)) * 20 * a
        #expect(length(p.position - SIMD3(50, 50, 0) - expected) < 1e-9)
    }

    @Test func scaleSpinAndColourChangeWithAge() {
        let layer = Self.emitter {
            $0.scale = 0.5
            $0.scaleSpeed = 0.25
            $0.spin = 2
            $0.color = CGColor(red: 0.5, green: 1, blue: 0, alpha: 1)
            $0.redSpeed = 0.25
            $0.alphaSpeed = -0.5
        }
        layer.scale = 2
        layer.spin = 0.5
        for p in Self.particles(layer, at: 1.5) {
            let a = 1.5 - p.birthTime
            #expect(abs(p.scale - 2 * (0.5 + 0.25 * a)) < 1e-9)
            #expect(abs(p.angle - 1 * a) < 1e-9)
            #expect(abs(p.color.x - min(1, 0.5 + 0.25 * a)) < 1e-9 && p.color.y == 1 && p.color.z == 0)
            #expect(abs(p.color.w - (1 - 0.5 * a)) < 1e-9)
        }
    }

    /// Every ranged value lies within value ± range, and they do vary.
    @Test func rangesStayWithinTheirBounds() {
        let layer = Self.emitter {
            $0.velocity = 30
            $0.velocityRange = 10
            $0.emissionRange = .pi / 4
            $0.scaleRange = 0.25
            $0.spinRange = 1
            $0.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
            $0.redRange = 0.25
            $0.alphaRange = 0.5
            $0.lifetimeRange = 1
        }
        let t = 0.9   // younger than the shortest lifetime: all born are alive
        let particles = Self.particles(layer, at: t)
        #expect(particles.count == 90)
        var speeds: [Double] = []
        for p in particles {
            let a = t - p.birthTime
            guard a > 0 else { continue }
            let v = (p.position - SIMD3(50, 50, 0)) / a
            let speed = length(v)
            speeds.append(speed)
            #expect(speed >= 20 - 1e-9 && speed <= 40 + 1e-9)
            #expect(abs(atan2(v.y, v.x)) <= .pi / 4 + 1e-9)
            #expect(p.scale >= 0.75 && p.scale <= 1.25)
            #expect(abs(p.angle) <= a + 1e-12)
            #expect(p.color.x >= 0.25 && p.color.x <= 0.75 && p.color.y == 0.5 && p.color.w <= 1)
        }
        #expect(Set(speeds.map { Int($0) }).count > 10, "speeds vary")
    }

    @Test func theSameSeedGivesTheSameParticlesAnotherSeedOthers() {
        let make = { (seed: UInt32) -> CAEmitterLayer in
            let layer = Self.emitter { $0.velocity = 30; $0.velocityRange = 10; $0.emissionRange = .pi }
            layer.seed = seed
            return layer
        }
        #expect(Self.particles(make(7), at: 1.3) == Self.particles(make(7), at: 1.3))
        let other = Self.particles(make(8), at: 1.3)
        #expect(other.count == 130 && other != Self.particles(make(7), at: 1.3))
    }

    /// A particle's state at t depends on t alone: each particle alive at two times is the same
    /// particle (same birth), moved on in closed form.
    @Test func particlesKeepTheirIdentityAcrossTimes() {
        let layer = Self.emitter { $0.velocity = 30; $0.velocityRange = 10; $0.emissionRange = .pi }
        let early = Self.particles(layer, at: 1), late = Self.particles(layer, at: 1.5)
        let byBirth = Dictionary(uniqueKeysWithValues: late.map { ($0.birthTime, $0) })
        for p in early where p.birthTime > 0.5 && p.birthTime < 1 {
            let q = try! #require(byBirth[p.birthTime])
            // The same direction: displacement from the emitter grows with age, along one line.
            let d1 = (p.position - SIMD3(50, 50, 0)) / (1 - p.birthTime)
            let d2 = (q.position - SIMD3(50, 50, 0)) / (1.5 - q.birthTime)
            #expect(length(d1 - d2) < 1e-9)
        }
    }

    @Test func shapesPlaceParticlesOnThem() {
        let layer = Self.emitter()
        layer.emitterSize = CGSize(width: 40, height: 20)
        layer.emitterShape = .rectangle
        for p in Self.particles(layer, at: 0.5) {
            #expect(abs(p.position.x - 50) <= 20 && abs(p.position.y - 50) <= 10)
        }
        layer.emitterMode = .outline
        for p in Self.particles(layer, at: 0.5) {
            let dx = abs(p.position.x - 50), dy = abs(p.position.y - 50)
            #expect(abs(dx - 20) < 1e-9 || abs(dy - 10) < 1e-9)
        }
        layer.emitterShape = .circle
        for p in Self.particles(layer, at: 0.5) {
            #expect(abs(length(p.position - SIMD3(50, 50, 0)) - 40) < 1e-9, "radius: the width")
        }
        layer.emitterShape = .line
        layer.emitterMode = .points
        #expect(Set(Self.particles(layer, at: 0.5).map(\.position.x)) == [30, 70])
    }

    /// A nested cell's particles leave from where their parent was at their birth, on the
    /// parent's age as their clock, and outlive it.
    @Test func nestedCellsEmitFromTheirParents() {
        let child = CAEmitterCell()
        child.birthRate = 10
        child.lifetime = 1
        child.beginTime = 0.5
        child.duration = 0.25
        let layer = Self.emitter {
            $0.birthRate = 1
            $0.lifetime = 1
            $0.velocity = 100
            $0.emitterCells = [child]
        }
        // The parent born at 1 s: gone at 2.2 s; its children born at ages 0.6, 0.7 (the third,
        // at 0.8, comes after the end of its cell's duration 0.75), at y = 50 + 100·age.
        let particles = Self.particles(layer, at: 2.2)
        let children = particles.filter { $0.cell == 1 }
        #expect(particles.filter { $0.cell == 0 }.map(\.birthTime) == [2])
        #expect(children.map(\.birthTime).map { ($0 * 10).rounded() / 10 } == [1.6, 1.7])
        for c in children {
            #expect(abs(c.position.x - (50 + 100 * (c.birthTime - 1))) < 1e-9)
        }
    }

    @Test func disabledCellsAndCellTimingEmitNothingOutsideTheirTime() {
        #expect(Self.particles(Self.emitter { $0.isEnabled = false }, at: 1).isEmpty)
        let late = Self.emitter { $0.beginTime = 1; $0.duration = 0.5 }
        #expect(Self.particles(late, at: 0.9).isEmpty)
        #expect(Self.particles(late, at: 1.25).count == 25)
        #expect(Self.particles(late, at: 2).count == 50)
        #expect(Self.particles(late, at: 3.6).isEmpty)
    }

    /// NaN, infinite and negative rates and lifetimes emit nothing; an absurd rate is capped.
    @Test func badInputNeverCrashesOrHangs() {
        for rate: Float in [.nan, -.infinity, -5, .infinity] {
            #expect(Self.particles(Self.emitter { $0.birthRate = rate }, at: 1).isEmpty, "\(rate)")
            let layer = Self.emitter()
            layer.birthRate = rate
            #expect(Self.particles(layer, at: 1).isEmpty)
        }
        #expect(Self.particles(Self.emitter { $0.lifetime = .nan }, at: 1).isEmpty)
        #expect(Self.particles(Self.emitter { $0.velocity = .nan }, at: 1).isEmpty, "not finite: not drawn")
        let absurd = Self.emitter { $0.birthRate = 1e30; $0.lifetime = 1e30 }
        #expect(Self.particles(absurd, at: 1000).count == EmitterSimulation.maximumParticles)
        #expect(Self.particles(absurd, at: 1e12).isEmpty, "past 2^52 births: none")
        // A nested chain as deep as one likes stops at the maximum depth, and within the cap.
        var cell = CAEmitterCell()
        cell.birthRate = 1e6; cell.lifetime = 10
        for _ in 0..<10 {
            let parent = CAEmitterCell()
            parent.birthRate = 1e6; parent.lifetime = 10
            parent.emitterCells = [cell]
            cell = parent
        }
        let deep = CAEmitterLayer()
        deep.emitterCells = [cell]
        let particles = Self.particles(deep, at: 5)
        #expect(particles.count <= EmitterSimulation.maximumParticles)
        #expect(Set(particles.map(\.cell)).count <= EmitterSimulation.maximumDepth)
    }
}
