import Foundation
import TesseraRaster

/// A ``CAEmitterCell`` as values: what an emitter layer's snapshot holds of each of its cells,
/// immutable and `Sendable`, with its nested cells as values too. Defaults are Core Animation's
/// (see each property of ``CAEmitterCell``).
public struct EmitterCellValues: Hashable, Sendable {
    public var name: String? = nil
    public var isEnabled = true
    // Timing, relative to the emitter's time (to the parent particle's age for nested cells).
    public var beginTime: Double = 0
    public var duration: Double = 0
    // Emission
    public var birthRate: Float = 0
    public var lifetime: Float = 0
    public var lifetimeRange: Float = 0
    public var emissionLatitude: CGFloat = 0
    public var emissionLongitude: CGFloat = 0
    public var emissionRange: CGFloat = 0
    // Motion
    public var velocity: CGFloat = 0
    public var velocityRange: CGFloat = 0
    public var xAcceleration: CGFloat = 0
    public var yAcceleration: CGFloat = 0
    public var zAcceleration: CGFloat = 0
    public var scale: CGFloat = 1
    public var scaleRange: CGFloat = 0
    public var scaleSpeed: CGFloat = 0
    public var spin: CGFloat = 0
    public var spinRange: CGFloat = 0
    // Colour, straight alpha
    public var color = Color.white
    public var redRange: Float = 0
    public var greenRange: Float = 0
    public var blueRange: Float = 0
    public var alphaRange: Float = 0
    public var redSpeed: Float = 0
    public var greenSpeed: Float = 0
    public var blueSpeed: Float = 0
    public var alphaSpeed: Float = 0
    // Contents
    public var contents = LayerContents.none
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var minificationFilter = CALayerContentsFilter.linear
    public var magnificationFilter = CALayerContentsFilter.linear
    /// The cells each particle of this cell emits.
    public var emitterCells: [EmitterCellValues] = []

    public init() {}
}
