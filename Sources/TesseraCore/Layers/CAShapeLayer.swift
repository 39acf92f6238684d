import Foundation
import TesseraRaster

/// A layer that draws a path, as QuartzCore's class, with Core Animation's defaults: fill opaque
/// black, no stroke, line width 1, miter limit 10, butt caps, miter joins, no dash, stroke from
/// 0 to 1.
open class CAShapeLayer: CALayer {
    package override class var kind: LayerKind { .shape }

    /// The shape to draw, in the layer's coordinates (nil by default: nothing). Animatable between
    /// paths of the same elements.
    open var path: CGPath? {
        get { properties.path.map { CGPath(rasterPath: $0) } }
        set { properties.path = newValue?.rasterPath }
    }
    /// The colour that fills the path (opaque black by default; nil: no fill). Animatable.
    open var fillColor: CGColor? {
        get { properties.fillColor.map(CGColor.init) }
        set { properties.fillColor = newValue.map(Color.init) }
    }
    /// How the inside of the path is found (``CAShapeLayerFillRule/nonZero`` by default).
    open var fillRule: CAShapeLayerFillRule {
        get { properties.fillRule }
        set { properties.fillRule = newValue }
    }
    /// The colour of the path's outline (nil by default: no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { properties.strokeColor.map(CGColor.init) }
        set { properties.strokeColor = newValue.map(Color.init) }
    }
    /// The width of the stroke, in points (1 by default). Animatable.
    open var lineWidth: CGFloat {
        get { properties.lineWidth }
        set { properties.lineWidth = newValue }
    }
    /// The shape of the stroke's corners (``CAShapeLayerLineJoin/miter`` by default).
    open var lineJoin: CAShapeLayerLineJoin {
        get { properties.lineJoin }
        set { properties.lineJoin = newValue }
    }
    /// The shape of the stroke's open ends (``CAShapeLayerLineCap/butt`` by default).
    open var lineCap: CAShapeLayerLineCap {
        get { properties.lineCap }
        set { properties.lineCap = newValue }
    }
    /// The longest miter join, as a ratio of the line width (10 by default): longer ones are bevelled.
    /// Animatable.
    open var miterLimit: CGFloat {
        get { properties.miterLimit }
        set { properties.miterLimit = newValue }
    }
    /// Dash lengths; nil or empty: solid.
    open var lineDashPattern: [NSNumber]? {
        get { properties.lineDashPattern.map { $0.map { NSNumber(value: $0) } } }
        set { properties.lineDashPattern = newValue.map { $0.map(\.doubleValue) } }
    }
    /// How far into the dash pattern the stroke starts, in points (0 by default). Animatable.
    open var lineDashPhase: CGFloat {
        get { properties.lineDashPhase }
        set { properties.lineDashPhase = newValue }
    }
    /// Where the stroke starts, a fraction of the path's length (clamped to [0, 1] when drawn).
    open var strokeStart: CGFloat {
        get { properties.strokeStart }
        set { properties.strokeStart = newValue }
    }
    /// Where the stroke ends, a fraction of the path's length (clamped to [0, 1] when drawn).
    open var strokeEnd: CGFloat {
        get { properties.strokeEnd }
        set { properties.strokeEnd = newValue }
    }
}

/// A layer that draws its sublayers `instanceCount` times, each instance transformed, delayed
/// and colored a step further, as QuartzCore's class.
open class CAReplicatorLayer: CALayer {
    package override class var kind: LayerKind { .replicator }

    /// How many times the sublayers are drawn (1 by default: once, untransformed).
    open var instanceCount: Int {
        get { properties.instanceCount }
        set { properties.instanceCount = newValue }
    }
    /// Each instance's animations run this much later than the previous instance's.
    open var instanceDelay: CFTimeInterval {
        get { properties.instanceDelay }
        set { properties.instanceDelay = newValue }
    }
    /// The transform of each instance relative to the previous one (identity by default).
    /// Animatable.
    open var instanceTransform: CATransform3D {
        get { properties.instanceTransform }
        set { properties.instanceTransform = newValue }
    }
    /// Multiplies the sublayers' colors (opaque white by default: no change).
    open var instanceColor: CGColor? {
        get { properties.instanceColor.map(CGColor.init) }
        set { properties.instanceColor = newValue.map(Color.init) }
    }
    /// Added to each instance's red multiplier relative to the previous one (0 by default). Animatable.
    open var instanceRedOffset: Float {
        get { properties.instanceRedOffset }
        set { properties.instanceRedOffset = newValue }
    }
    /// Added to each instance's green multiplier relative to the previous one (0 by default).
    /// Animatable.
    open var instanceGreenOffset: Float {
        get { properties.instanceGreenOffset }
        set { properties.instanceGreenOffset = newValue }
    }
    /// Added to each instance's blue multiplier relative to the previous one (0 by default). Animatable.
    open var instanceBlueOffset: Float {
        get { properties.instanceBlueOffset }
        set { properties.instanceBlueOffset = newValue }
    }
    /// Added to each instance's alpha multiplier relative to the previous one (0 by default).
    /// Animatable.
    open var instanceAlphaOffset: Float {
        get { properties.instanceAlphaOffset }
        set { properties.instanceAlphaOffset = newValue }
    }

    /// The presentation of instance `index` (0 is the original) of this replicator's subtree at
    /// root time `t`: its sublayers' animations run `index × instanceDelay` later.
    public func instancePresentation(_ index: Int, at t: CFTimeInterval) -> [LayerSnapshot] {
        sublayerPresentations(atTime: time(atRootTime: t).map { $0 - Double(index) * properties.instanceDelay })
    }
}
