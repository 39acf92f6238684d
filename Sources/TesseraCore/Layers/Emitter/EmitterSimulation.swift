import Foundation
import TesseraRaster

/// The particles of an emitter layer at one time, computed in closed form from its properties
/// (see ``CAEmitterLayer``'s Simulation and Cost of seeking): a pure function of the
/// properties and the time.
struct EmitterSimulation {
    /// The most particles computed for one layer at one time, candidates that are no longer
    /// alive but emit nested cells included: what an absurd birth rate costs at most.
    static let maximumParticles = 100_000
    /// The most levels of cells: a layer's cells, theirs, and so on.
    static let maximumDepth = 4
    /// The highest birth rate of a cell, per second (the layer's `birthRate` included): higher
    /// ones read as it. With ``maximumParticles``, it keeps a particle's index and birth time
    /// exact; a cell draws nothing once it would have emitted 2⁵² particles (at this rate, after
    /// 142 years).
    static let maximumRate = 1_000_000.0

    /// A cell with what the simulation derives from it once.
    struct Cell {
        let values: EmitterCellValues
        /// Particles born per second (0 when the cell does not emit).
        let rate: Double
        /// How long after its birth a particle can still matter: its lifetime, plus that of the
        /// longest-lived chain of nested cells it emits.
        let reach: Double
        /// Indices into ``EmitterSimulation/cells``.
        let children: [Int]
    }

    /// The layer's multipliers of its cells' values (non-finite ones read as 0; negative birth
    /// rates and lifetimes too).
    struct Multipliers: Sendable {
        var birthRate, lifetime, velocity, scale, spin: Double
    }

    /// Where a cell's particles leave from: the layer's shape, or a particle's path (position,
    /// velocity and acceleration at its birth) for nested cells.
    enum Origin: Sendable {
        case shape
        case path(SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    }

    /// Every cell, nested ones included, depth first.
    private(set) var cells: [Cell] = []
    /// The particles alive, cell by cell (a particle's nested particles after it), each cell's
    /// oldest first.
    private(set) var particles: [Particle] = []

    private let multipliers: Multipliers
    private let seed: UInt64
    private let center: SIMD3<Double>
    private let shape: EmitterShapeSampling
    private var budget = maximumParticles
    /// The threads a cell's particles are computed on, and the recorder of the frame's tasks.
    private let threadCount: Int
    private let recorder: FrameTaskRecorder?

    /// The particles of the emitter whose properties `p` points at, at its local time `t`
    /// (none before 0 or when `t` is not finite), computed on up to `threadCount` threads (the
    /// same particles on any number).
    init(_ p: UnsafePointer<LayerProperties>, time t: Double, threadCount: Int = 1, recorder: FrameTaskRecorder? = nil) {
        self.threadCount = max(1, threadCount)
        self.recorder = recorder
        func finite(_ x: Double, positive: Bool = false) -> Double {
            x.isFinite && (!positive || x > 0) ? x : 0
        }
        multipliers = Multipliers(
            birthRate: finite(Double(p.pointee.birthRate), positive: true),
            lifetime: finite(Double(p.pointee.lifetime), positive: true),
            velocity: finite(Double(p.pointee.velocity)), scale: finite(Double(p.pointee.scale)),
            spin: finite(Double(p.pointee.spin)))
        seed = UInt64(p.pointee.seed)
        center = SIMD3(
            finite(Double(p.pointee.emitterPosition.x)), finite(Double(p.pointee.emitterPosition.y)),
            finite(Double(p.pointee.emitterZPosition)))
        shape = EmitterShapeSampling(p)
        let roots = (p.pointee.emitterCells ?? []).map { add($0, depth: 1) }
        guard t.isFinite, t >= 0 else { return }
        for root in roots {
            emit(
                root, key: ParticleRandom.cellKey(parent: seed, cell: root), clock: t, end: .infinity, born: 0,
                from: .shape)
        }
    }

    /// Adds `values` and its nested cells (to ``maximumDepth``), and returns its index.
    private mutating func add(_ values: EmitterCellValues, depth: Int) -> Int {
        let index = cells.count
        cells.append(Cell(values: values, rate: 0, reach: 0, children: []))
        let children = depth < Self.maximumDepth ? values.emitterCells.map { add($0, depth: depth + 1) } : []
        let product = Double(values.birthRate) * multipliers.birthRate
        let rate = product.isFinite ? min(product, Self.maximumRate) : 0
        let lifetime = (Double(values.lifetime) + abs(Double(values.lifetimeRange))) * multipliers.lifetime
        let emits = values.isEnabled && rate > 0 && lifetime.isFinite && lifetime > 0
        let reach = lifetime + (children.map { cells[$0].reach }.max() ?? 0)
        cells[index] = Cell(values: values, rate: emits ? rate : 0, reach: emits ? reach : 0, children: children)
        return index
    }

    /// Particles a thread computes at least: fewer cost more to hand out than to compute.
    static let particlesPerPart = 512

    /// Each part's particles, written by the thread that computes the part.
    ///
    /// `@unchecked Sendable`: part p is written by one thread, and read once all are done.
    private struct PartResults: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<[Particle]>
        func store(_ particles: [Particle], part: Int) { results[part] = particles }
    }

    /// Computes the particles of cell `index` alive at `clock` on its own time (the layer's for
    /// top-level cells, the parent particle's age for nested ones), emitted until `end` (the
    /// parent's lifetime), its time 0 being `born` in the layer's time.
    private mutating func emit(_ index: Int, key: UInt64, clock: Double, end: Double, born: Double, from origin: Origin) {
        let cell = cells[index]
        let c = cell.values
        guard cell.rate > 0, budget > 0 else { return }
        let begin = c.beginTime.isFinite ? c.beginTime : 0
        let duration = c.duration.isFinite && c.duration > 0 ? c.duration : .infinity
        // Particle k is born at begin + (k + 1) / rate, within [begin, min(begin + duration, end)]:
        // those born after clock − reach can still be alive or emitting.
        let last = min(clock, begin + duration, end)
        let highest = ((last - begin) * cell.rate).rounded(.down) - 1
        guard highest >= 0, highest < 0x1p52 else { return }
        let lowest = max(0, ((clock - cell.reach - begin) * cell.rate).rounded(.up) - 1)
        let final = Int(highest)
        guard Int(lowest) <= final else { return }
        let first = max(Int(lowest), final - budget + 1)
        budget -= final - first + 1

        let emission = Emission(
            cell: index, values: cell.values, rate: cell.rate, begin: begin, clock: clock, born: born,
            key: key, multipliers: multipliers, center: center, shape: shape, origin: origin)
        let count = final - first + 1
        let parts = cell.children.isEmpty ? min(threadCount, count / Self.particlesPerPart) : 1
        guard parts > 1 else {
            for k in first...final {
                guard let born = emission.particle(k) else { continue }
                if let particle = born.particle { particles.append(particle) }
                for child in cell.children {
                    emit(
                        child, key: ParticleRandom.cellKey(parent: born.key, cell: child), clock: born.age,
                        end: born.lifetime, born: emission.born + born.birth,
                        from: .path(born.start, born.velocity, emission.acceleration))
                }
            }
            return
        }
        // No nested cells: each particle stands alone, and parts of them are computed at once.
        let results = UnsafeMutableBufferPointer<[Particle]>.allocate(capacity: parts)
        results.initialize(repeating: [])
        defer { results.deinitialize().deallocate() }
        let output = PartResults(results: results)
        recorder.concurrentPerform(iterations: parts, stage: "drawing walk") { part in
            let range = first + part * count / parts..<first + (part + 1) * count / parts
            output.store(range.compactMap { emission.particle($0)?.particle }, part: part)
        }
        for part in results { particles += part }
    }
}
