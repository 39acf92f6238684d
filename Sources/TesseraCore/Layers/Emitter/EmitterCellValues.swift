import Foundation
import TesseraRaster

/// A ``CAEmitterCell`` as values: what an emitter layer's snapshot holds of each of its cells,
/// immutable and `Sendable`, with its nested cells as values too. Defaults are Core Animation's
/// (see each property of ``CAEmitterCell``).
public struct EmitterCellValues: Hashable, Sendable {
    /// The cell's name, for key paths (`emitterCells.NAME.birthRate`).
    public var name: String? = nil
    /// Whether the cell emits particles.
    public var isEnabled = true
    // Timing, relative to the emitter's time (to the parent particle's age for nested cells).
    /// When the cell starts emitting, in seconds.
    public var beginTime: Double = 0
    /// How long the cell emits from `beginTime`, in seconds (0: for ever).
    public var duration: Double = 0
    // Emission
    /// Particles born per second (multiplied by the emitter's `birthRate`).
    public var birthRate: Float = 0
    /// How long each particle lives, in seconds.
    public var lifetime: Float = 0
    /// The random spread of `lifetime`, ±, in seconds.
    public var lifetimeRange: Float = 0
    /// The emission direction's angle out of the xy plane, towards +z, in radians.
    public var emissionLatitude: CGFloat = 0
    /// The emission direction's angle in the xy plane, from the x axis, in radians.
    public var emissionLongitude: CGFloat = 0
    /// How far the direction turns either way at random, in radians (π or more: every direction).
    public var emissionRange: CGFloat = 0
    // Motion
    /// The particles' initial speed, in points per second (times the emitter's `velocity`).
    public var velocity: CGFloat = 0
    /// The random spread of `velocity`, ±, in points per second.
    public var velocityRange: CGFloat = 0
    /// The acceleration along x, in points per second squared.
    public var xAcceleration: CGFloat = 0
    /// The acceleration along y, in points per second squared.
    public var yAcceleration: CGFloat = 0
    /// The acceleration along z, in points per second squared.
    public var zAcceleration: CGFloat = 0
    /// The particles' scale of their contents (1: their pixels at `contentsScale`).
    public var scale: CGFloat = 1
    /// The random spread of `scale`, ±.
    public var scaleRange: CGFloat = 0
    /// The change of `scale` per second.
    public var scaleSpeed: CGFloat = 0
    /// The particles' rotation speed, in radians per second.
    public var spin: CGFloat = 0
    /// The random spread of `spin`, ±, in radians per second.
    public var spinRange: CGFloat = 0
    // Colour, straight alpha
    /// The colour the contents are multiplied by (opaque white: unchanged).
    public var color = Color.white
    /// The random spread of `color`'s red, ±.
    public var redRange: Float = 0
    /// The random spread of `color`'s green, ±.
    public var greenRange: Float = 0
    /// The random spread of `color`'s blue, ±.
    public var blueRange: Float = 0
    /// The random spread of `color`'s alpha, ±.
    public var alphaRange: Float = 0
    /// The change of the particles' red per second.
    public var redSpeed: Float = 0
    /// The change of the particles' green per second.
    public var greenSpeed: Float = 0
    /// The change of the particles' blue per second.
    public var blueSpeed: Float = 0
    /// The change of the particles' alpha per second.
    public var alphaSpeed: Float = 0
    // Contents
    /// The image each particle draws.
    public var contents = LayerContents.none
    /// The part of the image drawn, in unit coordinates.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The image's pixels per point.
    public var contentsScale: CGFloat = 1
    /// How the image is sampled when drawn smaller.
    public var minificationFilter = CALayerContentsFilter.linear
    /// How the image is sampled when drawn larger.
    public var magnificationFilter = CALayerContentsFilter.linear
    /// The cells each particle of this cell emits.
    public var emitterCells: [EmitterCellValues] = []

    /// A cell with Core Animation's defaults (see ``CAEmitterCell``).
    public init() {}
}
