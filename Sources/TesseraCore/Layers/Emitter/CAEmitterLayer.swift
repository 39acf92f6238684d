import Foundation

/// A layer that emits and draws particles, as QuartzCore's `CAEmitterLayer`: each of its
/// ``emitterCells`` is a kind of particle, born from the emitter's shape (``emitterShape``,
/// ``emitterMode``, around ``emitterPosition``), moving, turning, growing and changing colour
/// over its life, drawn as the cell's image after the layer's background and contents and
/// before its sublayers, in the layer's coordinates, flat in its plane (their z only orders
/// them: see ``preservesDepth``). (Apple draws them above the layer's border too; Tessera draws a
/// border last, as for every layer.)
///
/// The layer's ``birthRate``, ``lifetime``, ``velocity``, ``scale`` and ``spin`` multiply each
/// cell's (Apple: "the birth rate of each cell is multiplied by this number", and likewise for
/// the others), nested cells' included.
///
/// # Simulation
/// Particles are a pure function of the layer's local time t (seconds since its `beginTime`,
/// through its speed and offset, as any layer's time), so that a frame is the same bytes
/// whatever was rendered before it and on any number of threads:
/// - **Births.** Particle k (k = 0, 1, …) of a cell is born at b_k = beginTime + (k + 1) / rate,
///   rate = cell `birthRate` × layer `birthRate`, while the cell is emitting (from its
///   `beginTime`, for its `duration` when it is not 0). So at time t with a fixed lifetime L,
///   ⌊rate · min(t, L)⌋ particles are alive.
/// - **Attributes.** Each random attribute of particle k (its lifetime, speed, direction, point
///   on the shape, scale, spin, colour) is `value + range · u`, u uniform in [−1, 1] drawn from a
///   counter-based hash of (``seed``, the cell's path, k, the attribute): no generator state, so
///   any particle is computed alone. The same seed gives the same particles; another seed, others.
/// - **Motion**, at age a = t − b_k (while a < its lifetime): position p₀ + v·a + ½·g·a², scale
///   s₀ + scaleSpeed·a (at least 0), angle ω·a, colour c₀ + speed·a clamped to [0, 1].
///   Direction: longitude ψ (in the xy-plane from +x) ± `emissionRange`, latitude θ out of
///   the plane: (cos θ cos ψ, cos θ sin ψ, sin θ).
/// - **Nested cells.** Each particle of a cell with `emitterCells` emits them over its life as
///   the layer does, their time being its age, each sub-particle leaving from where its parent
///   was at its birth, then moving on its own (it outlives its parent). Up to
///   4 levels of cells.
/// - **Cells by key path.** A cell's numbers animate through the layer, as Apple documents
///   them animatable: an animation of `emitterCells.NAME.FIELD` (`emitterCells.spark.birthRate`,
///   a nested cell as `emitterCells.fire.emitterCells.smoke.velocity`) changes what the layer
///   shows, and ``setValue(_:forKeyPath:)`` the cell itself. A cell is found by its name.
/// - **Rates are those at time t.** An animated `birthRate` (or lifetime…) applies to the whole
///   window of live particles at once, as if it had always had its value at t: the particles
///   alive are recomputed, not carried over (Core Animation changes only later births). Setting
///   `birthRate` to 0 therefore removes the particles at once.
///
/// # Cost of seeking
/// A frame at any t computes only the particles that can be alive: those born in
/// [t − maximum lifetime, t], whose first index is found in O(1). Seeking costs O(particles
/// alive), the same as stepping; nothing is simulated from 0. Nested cells cost their parents'
/// candidates times their own. At most 100,000 particles are
/// computed for a layer per frame (past it, a cell's oldest candidates are left out) and a
/// cell emits at most 1,000,000 particles a second: an absurd `birthRate` costs no
/// more than that; a NaN, negative or infinite one reads as 0.
///
/// # Shapes
/// Centred on (``emitterPosition``, ``emitterZPosition``), sized by ``emitterSize`` and
/// ``emitterDepth``: `point` (the centre), `line` (along x, width long), `rectangle`,
/// `cuboid`, `circle` and `sphere` (radius: `emitterSize.width`, as Apple's constants say). ``emitterMode`` picks the
/// corners/ends (`points`), the edge or surface (`outline`; `surface` the same for solids and
/// the area for flat shapes) or the inside (`volume`, the area for flat shapes).
///
/// # Drawing
/// Each particle is its cell's image (its ``CAEmitterCell/contentsRect``), centred on the
/// particle, the image's pixels / `contentsScale` times its scale in points, turned by its
/// angle, its pixels multiplied by its colour and alpha; ``renderMode`` orders them (or adds
/// them: `additive`). The layer's opacity, mask and clip apply to them as to its sublayers.
open class CAEmitterLayer: CALayer {
    package override class var kind: LayerKind { .emitter }

    /// An emitter layer with Core Animation's defaults: a point emitter with no cells.
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, and its cells when it is an emitter (see
    /// ``CALayer/init(layer:)``).
    public override init(layer: Any) {
        super.init(layer: layer)
        emitterCells = (layer as? CAEmitterLayer)?.emitterCells
    }

    /// The cells (nil by default). Read when set: set it again to show changes made to a cell
    /// directly. A cell's numbers are also reached through the layer by key path,
    /// `emitterCells.NAME.FIELD` (see ``setValue(_:forKeyPath:)``), which animations take too.
    open var emitterCells: [CAEmitterCell]? {
        didSet { properties.emitterCells = emitterCells?.map(\.snapshot) }
    }

    /// Sets a key path's value, as a layer does; `emitterCells.NAME.FIELD` (a nested cell as
    /// `emitterCells.A.emitterCells.B.FIELD`) sets a number of the first cell of that name, both
    /// in what the layer shows and in the ``CAEmitterCell`` object, as Core Animation's
    /// key-value coding reaches through the cells. A name no cell has changes nothing.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        super.setValue(value, forKeyPath: keyPath)
        guard let path = EmitterCellKeyPaths.Path(keyPath), let field = EmitterCellKeyPaths.fields[path.field],
            let key = LayerKeyPath(keyPath), case .number(let number) = key.value(in: properties)
        else { return }
        var cells = emitterCells ?? []
        for (depth, name) in path.cellNames.enumerated() {
            guard let cell = cells.first(where: { $0.name == name }) else { return }
            if depth == path.cellNames.count - 1 { field.set(&cell.values, number) }
            cells = cell.emitterCells ?? []
        }
    }
    /// Multiplies each cell's birth rate (1 by default). Animatable.
    open var birthRate: Float {
        get { properties.birthRate }
        set { properties.birthRate = newValue }
    }
    /// Multiplies each cell's lifetime (1 by default). Animatable.
    open var lifetime: Float {
        get { properties.lifetime }
        set { properties.lifetime = newValue }
    }
    /// The centre of the emitter's shape, in the layer's coordinates ((0, 0) by default). Animatable.
    open var emitterPosition: CGPoint {
        get { properties.emitterPosition }
        set { properties.emitterPosition = newValue }
    }
    /// The z of the shape's centre (0 by default). Animatable.
    open var emitterZPosition: CGFloat {
        get { properties.emitterZPosition }
        set { properties.emitterZPosition = newValue }
    }
    /// The shape's size ((0, 0) by default). Animatable.
    open var emitterSize: CGSize {
        get { properties.emitterSize }
        set { properties.emitterSize = newValue }
    }
    /// The shape's depth, for a cuboid (0 by default). Animatable.
    open var emitterDepth: CGFloat {
        get { properties.emitterDepth }
        set { properties.emitterDepth = newValue }
    }
    /// The shape particles are born on (`point` by default).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { properties.emitterShape }
        set { properties.emitterShape = newValue }
    }
    /// Which part of the shape (`volume` by default).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { properties.emitterMode }
        set { properties.emitterMode = newValue }
    }
    /// The order particles are drawn in (`unordered` by default).
    open var renderMode: CAEmitterLayerRenderMode {
        get { properties.renderMode }
        set { properties.renderMode = newValue }
    }
    /// Whether particles keep their depth (false by default). Kept for porting; Tessera draws
    /// particles flat either way, their z ordering them under `backToFront`.
    open var preservesDepth: Bool {
        get { properties.preservesDepth }
        set { properties.preservesDepth = newValue }
    }
    /// Multiplies each cell's velocity (1 by default). Animatable.
    open var velocity: Float {
        get { properties.velocity }
        set { properties.velocity = newValue }
    }
    /// Multiplies each cell's scale (1 by default). Animatable.
    open var scale: Float {
        get { Float(properties.scale) }
        set { properties.scale = CGFloat(newValue) }
    }
    /// Multiplies each cell's spin (1 by default). Animatable.
    open var spin: Float {
        get { properties.spin }
        set { properties.spin = newValue }
    }
    /// The seed of every particle's random attributes (0 by default).
    open var seed: UInt32 {
        get { properties.seed }
        set { properties.seed = newValue }
    }
}
