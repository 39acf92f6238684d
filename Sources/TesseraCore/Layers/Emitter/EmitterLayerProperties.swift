import Foundation

/// A ``CAEmitterLayer``'s own properties, as values, kept inside ``RareLayerProperties`` (every
/// other layer shares the defaults). Defaults are Core Animation's. Each is a row of the property
/// table but ``cells`` (the file formats read and write cells with their own table,
/// `CodedProperties.emitterCell`); the layer's `scale` is the row it shares with
/// `CABackdropLayer` (``LayerProperties/scale``).
package struct EmitterLayerProperties: Hashable, Sendable {
    /// The cells, as values (nil: none).
    package var cells: [EmitterCellValues]? = nil
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape = CAEmitterLayerEmitterShape.point
    package var emitterMode = CAEmitterLayerEmitterMode.volume
    package var renderMode = CAEmitterLayerRenderMode.unordered
    package var preservesDepth = false
    package var velocity: Float = 1
    package var spin: Float = 1
    package var seed: UInt32 = 0
}

extension LayerProperties {
    /// An emitter layer's cells, as values; nil: none (see ``CAEmitterLayer/emitterCells``).
    public var emitterCells: [EmitterCellValues]? {
        get { rare.value.emitter.cells }
        set { rareProperties.emitter.cells = newValue }
    }
    /// An emitter's multiplier of its cells' birth rates (see ``CAEmitterLayer/birthRate``).
    public var birthRate: Float {
        get { rare.value.emitter.birthRate }
        set { rareProperties.emitter.birthRate = newValue }
    }
    /// An emitter's multiplier of its cells' lifetimes (see ``CAEmitterLayer/lifetime``).
    public var lifetime: Float {
        get { rare.value.emitter.lifetime }
        set { rareProperties.emitter.lifetime = newValue }
    }
    /// The centre of an emitter's shape, in the layer's coordinates (see
    /// ``CAEmitterLayer/emitterPosition``).
    public var emitterPosition: CGPoint {
        get { rare.value.emitter.emitterPosition }
        set { rareProperties.emitter.emitterPosition = newValue }
    }
    /// The z coordinate of an emitter's centre (see ``CAEmitterLayer/emitterZPosition``).
    public var emitterZPosition: CGFloat {
        get { rare.value.emitter.emitterZPosition }
        set { rareProperties.emitter.emitterZPosition = newValue }
    }
    /// The size of an emitter's shape (see ``CAEmitterLayer/emitterSize``).
    public var emitterSize: CGSize {
        get { rare.value.emitter.emitterSize }
        set { rareProperties.emitter.emitterSize = newValue }
    }
    /// The depth of an emitter's shape (see ``CAEmitterLayer/emitterDepth``).
    public var emitterDepth: CGFloat {
        get { rare.value.emitter.emitterDepth }
        set { rareProperties.emitter.emitterDepth = newValue }
    }
    /// The shape particles are born from (see ``CAEmitterLayer/emitterShape``).
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { rare.value.emitter.emitterShape }
        set { rareProperties.emitter.emitterShape = newValue }
    }
    /// Where on the shape particles are born (see ``CAEmitterLayer/emitterMode``).
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { rare.value.emitter.emitterMode }
        set { rareProperties.emitter.emitterMode = newValue }
    }
    /// How an emitter's particles are composited (see ``CAEmitterLayer/renderMode``).
    public var renderMode: CAEmitterLayerRenderMode {
        get { rare.value.emitter.renderMode }
        set { rareProperties.emitter.renderMode = newValue }
    }
    /// Whether an emitter's particles are drawn in 3D (see ``CAEmitterLayer/preservesDepth``).
    public var preservesDepth: Bool {
        get { rare.value.emitter.preservesDepth }
        set { rareProperties.emitter.preservesDepth = newValue }
    }
    /// An emitter's multiplier of its cells' velocities (see ``CAEmitterLayer/velocity``).
    public var velocity: Float {
        get { rare.value.emitter.velocity }
        set { rareProperties.emitter.velocity = newValue }
    }
    /// An emitter's multiplier of its cells' spins (see ``CAEmitterLayer/spin``).
    public var spin: Float {
        get { rare.value.emitter.spin }
        set { rareProperties.emitter.spin = newValue }
    }
    /// The seed of an emitter's random numbers (see ``CAEmitterLayer/seed``).
    public var seed: UInt32 {
        get { rare.value.emitter.seed }
        set { rareProperties.emitter.seed = newValue }
    }
}
