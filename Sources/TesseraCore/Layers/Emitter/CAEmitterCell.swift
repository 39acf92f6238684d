import Foundation
import TesseraRaster

/// One kind of particle that a ``CAEmitterLayer`` emits, as QuartzCore's `CAEmitterCell`: how
/// many are born each second, how long they live, how they move, turn, grow and change colour,
/// and the image each is drawn as. A cell may emit cells of its own (``emitterCells``): each of
/// its particles is then an emitter for them.
///
/// Every "range" is ± uniform: a particle's value is drawn once at its birth, uniformly in
/// [value − range, value + range] (Apple: "the amount by which the value can vary"). Every
/// "speed" is per second of the particle's age. See ``CAEmitterLayer`` for how the layer's own
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply these, and for how particles
/// are simulated.
///
/// The emitter layer reads its cells when its `emitterCells` is set: a change made to a cell
/// afterwards shows once `emitterCells` is set again.
///
/// Timing: ``beginTime`` and ``duration`` only (Tessera's cell is not a full `CAMediaTiming`).
open class CAEmitterCell: NSObject {
    /// The cell's values (its nested cells' included in ``emitterCells``); set directly only by
    /// the emitter layer's key-value coding.
    var values = EmitterCellValues()

    /// A cell with Core Animation's defaults: enabled, emitting nothing (`birthRate` 0) until set.
    public required override init() { super.init() }

    /// A new cell (Objective-C's `+emitterCell`).
    public class func emitterCell() -> Self { self.init() }

    /// The values the emitter layer holds: these, with the nested cells' as they are now.
    var snapshot: EmitterCellValues {
        var v = values
        v.emitterCells = (emitterCells ?? []).map(\.snapshot)
        return v
    }

    /// The cell's name: how key paths through the emitter layer find it
    /// (`emitterCells.NAME.birthRate`).
    open var name: String? {
        get { values.name }
        set { values.name = newValue }
    }
    /// Whether the cell emits (true by default).
    open var isEnabled: Bool {
        get { values.isEnabled }
        set { values.isEnabled = newValue }
    }
    /// The cells that each particle of this one emits (nil by default). Their timing and
    /// emission are relative to the parent particle: their time is its age, they leave from
    /// where it is.
    open var emitterCells: [CAEmitterCell]?

    // MARK: Timing

    /// When the cell starts emitting, in seconds of the emitter's time (of the parent particle's
    /// age for a nested cell); 0 by default.
    open var beginTime: CFTimeInterval {
        get { values.beginTime }
        set { values.beginTime = newValue }
    }
    /// How long it emits from ``beginTime``; 0 (the default), for ever.
    open var duration: CFTimeInterval {
        get { values.duration }
        set { values.duration = newValue }
    }

    // MARK: Emission

    /// Particles born per second (0 by default), times the layer's `birthRate`.
    open var birthRate: Float {
        get { values.birthRate }
        set { values.birthRate = newValue }
    }
    /// Seconds each particle lives (0 by default), times the layer's `lifetime`.
    open var lifetime: Float {
        get { values.lifetime }
        set { values.lifetime = newValue }
    }
    /// ± range of ``lifetime``.
    open var lifetimeRange: Float {
        get { values.lifetimeRange }
        set { values.lifetimeRange = newValue }
    }
    /// The direction's angle out of the xy-plane, towards +z, in radians (0 by default).
    open var emissionLatitude: CGFloat {
        get { values.emissionLatitude }
        set { values.emissionLatitude = newValue }
    }
    /// The direction's angle in the xy-plane from the x axis, in radians, towards +y (down, in
    /// Tessera's y-down layer space, as in UIKit); 0 by default.
    open var emissionLongitude: CGFloat {
        get { values.emissionLongitude }
        set { values.emissionLongitude = newValue }
    }
    /// ± range of the direction, in radians: the direction turns in the xy-plane by up to this
    /// much either way (0 by default; π or more: every direction).
    open var emissionRange: CGFloat {
        get { values.emissionRange }
        set { values.emissionRange = newValue }
    }

    // MARK: Motion

    /// Initial speed in points per second (0 by default), times the layer's `velocity`.
    open var velocity: CGFloat {
        get { values.velocity }
        set { values.velocity = newValue }
    }
    /// ± range of ``velocity``.
    open var velocityRange: CGFloat {
        get { values.velocityRange }
        set { values.velocityRange = newValue }
    }
    /// Acceleration along x in points per second² (0 by default).
    open var xAcceleration: CGFloat {
        get { values.xAcceleration }
        set { values.xAcceleration = newValue }
    }
    /// Acceleration along y (down) in points per second² (0 by default).
    open var yAcceleration: CGFloat {
        get { values.yAcceleration }
        set { values.yAcceleration = newValue }
    }
    /// Acceleration along z in points per second² (0 by default).
    open var zAcceleration: CGFloat {
        get { values.zAcceleration }
        set { values.zAcceleration = newValue }
    }
    /// The image's scale at birth (1 by default), times the layer's `scale`.
    open var scale: CGFloat {
        get { values.scale }
        set { values.scale = newValue }
    }
    /// ± range of ``scale``.
    open var scaleRange: CGFloat {
        get { values.scaleRange }
        set { values.scaleRange = newValue }
    }
    /// Change of the scale per second (0 by default); the scale stops at 0.
    open var scaleSpeed: CGFloat {
        get { values.scaleSpeed }
        set { values.scaleSpeed = newValue }
    }
    /// Rotation speed in radians per second (0 by default), times the layer's `spin`; particles
    /// are born unrotated.
    open var spin: CGFloat {
        get { values.spin }
        set { values.spin = newValue }
    }
    /// ± range of ``spin``.
    open var spinRange: CGFloat {
        get { values.spinRange }
        set { values.spinRange = newValue }
    }

    // MARK: Colour

    /// The colour the image's pixels are multiplied by (opaque white by default; nil reads as it).
    open var color: CGColor? {
        get { CGColor(values.color) }
        set { values.color = newValue.map(Color.init) ?? .white }
    }
    /// ± range of the red component at birth (0 by default).
    open var redRange: Float {
        get { values.redRange }
        set { values.redRange = newValue }
    }
    /// ± range of the green component at birth.
    open var greenRange: Float {
        get { values.greenRange }
        set { values.greenRange = newValue }
    }
    /// ± range of the blue component at birth.
    open var blueRange: Float {
        get { values.blueRange }
        set { values.blueRange = newValue }
    }
    /// ± range of the alpha at birth.
    open var alphaRange: Float {
        get { values.alphaRange }
        set { values.alphaRange = newValue }
    }
    /// Change of red per second (0 by default); components stay within [0, 1].
    open var redSpeed: Float {
        get { values.redSpeed }
        set { values.redSpeed = newValue }
    }
    /// Change of green per second.
    open var greenSpeed: Float {
        get { values.greenSpeed }
        set { values.greenSpeed = newValue }
    }
    /// Change of blue per second.
    open var blueSpeed: Float {
        get { values.blueSpeed }
        set { values.blueSpeed = newValue }
    }
    /// Change of alpha per second (negative: particles fade out).
    open var alphaSpeed: Float {
        get { values.alphaSpeed }
        set { values.alphaSpeed = newValue }
    }

    // MARK: Contents

    /// The image each particle is drawn as (a `CGImage`; nil, the default, or anything else
    /// draws nothing for this cell's particles, which still emit their own cells).
    open var contents: Any? {
        get { values.contents.image }
        set { values.contents = LayerContents(newValue as? CGImage) }
    }
    /// ``color`` as the file formats hold it (what nil reads as included).
    package var archivedColor: Color {
        get { values.color }
        set { values.color = newValue }
    }
    /// ``contents`` as the file formats hold it (an image or none).
    package var archivedContents: LayerContents {
        get { values.contents }
        set { values.contents = newValue }
    }
    /// The part of the image drawn, in unit coordinates (the whole image by default).
    open var contentsRect: CGRect {
        get { values.contentsRect }
        set { values.contentsRect = newValue }
    }
    /// Image pixels per point (1 by default): a particle at scale 1 is the image's size divided
    /// by it.
    open var contentsScale: CGFloat {
        get { values.contentsScale }
        set { values.contentsScale = newValue }
    }
    /// How the image is sampled where it is drawn smaller than its pixels.
    open var minificationFilter: CALayerContentsFilter {
        get { values.minificationFilter }
        set { values.minificationFilter = newValue }
    }
    /// How the image is sampled where it is drawn larger than its pixels.
    open var magnificationFilter: CALayerContentsFilter {
        get { values.magnificationFilter }
        set { values.magnificationFilter = newValue }
    }
}
