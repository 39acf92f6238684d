/// One live particle of an emitter at a time, as it is drawn (see ``CAEmitterLayer``'s
/// Simulation): where it is, in the layer's coordinates, how large, turned and coloured.
struct Particle: Equatable, Sendable {
    /// Its centre (x, y in the layer's coordinates; z towards the viewer).
    var position: SIMD3<Double>
    /// When it was born, in the emitter's time.
    var birthTime: Double
    /// Its scale (≥ 0), the layer's `scale` included.
    var scale: Double
    /// Its angle in radians (clockwise on screen, y being down).
    var angle: Double
    /// Its colour, straight alpha, each component within [0, 1].
    var color: SIMD4<Double>
    /// Its cell: an index into ``EmitterSimulation/cells``.
    var cell: Int
}
