import Foundation
import TesseraRaster

/// Which class of layer a set of properties belongs to.
public enum LayerKind: Hashable, Sendable, CaseIterable {
    /// One case per layer class: `CALayer`, `CAShapeLayer`, `CAReplicatorLayer`, `CAGradientLayer`,
    /// `CATransformLayer`, `CABackdropLayer`, `CAPortalLayer`, `CAEmitterLayer`, `CATextLayer`.
    case layer, shape, replicator, gradient, transform, backdrop, portal, emitter, text
}

/// Every property of a layer that the renderer reads, as plain values: the model of a
/// ``CALayer`` and, evaluated at a time, its presentation (``LayerSnapshot``). Defaults are
/// Core Animation's. Each stored property other than `kind` and the two boxes (the out-of-line
/// properties, an attributed string's attributes) is described by a row of the property table
/// (`LayerProperty`), whose default is its initial value here.
///
/// Colors are straight-alpha sRGB (`nil`: none); paths are `TesseraRaster.Path` values, so that
/// a snapshot can cross threads.
public struct LayerProperties: Hashable, Sendable {
    /// The class of the layer, which says which of the properties below it draws.
    public var kind: LayerKind

    // CALayer
    /// The layer's own coordinate space, in points (see ``CALayer/bounds``).
    public var bounds = CGRect.zero
    /// Where the anchor point lies in the superlayer (see ``CALayer/position``).
    public var position = CGPoint.zero
    /// The position on the z axis; sublayers draw in its order (see ``CALayer/zPosition``).
    public var zPosition: CGFloat = 0
    /// The point of the bounds that `position` places, in unit coordinates (see ``CALayer/anchorPoint``).
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor point's z coordinate, in points (see ``CALayer/anchorPointZ``).
    public var anchorPointZ: CGFloat = 0
    /// The transform about the anchor point (see ``CALayer/transform``).
    public var transform = CATransform3DIdentity
    /// The transform of the sublayers (see ``CALayer/sublayerTransform``).
    public var sublayerTransform = CATransform3DIdentity
    /// The group opacity, 0 to 1 (see ``CALayer/opacity``).
    public var opacity: Float = 1
    /// Whether the layer and its sublayers are not drawn (see ``CALayer/isHidden``).
    public var isHidden = false
    /// The colour filling the bounds (see ``CALayer/backgroundColor``).
    public var backgroundColor: Color? = nil
    /// The radius of the rounded corners, in points (see ``CALayer/cornerRadius``).
    public var cornerRadius: CGFloat = 0
    /// The curve of the rounded corners (see ``CALayer/cornerCurve``).
    public var cornerCurve = CALayerCornerCurve.circular
    /// The corners that `cornerRadius` rounds (see ``CALayer/maskedCorners``).
    public var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner,
        .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// The width of the border inside the bounds, in points (see ``CALayer/borderWidth``).
    public var borderWidth: CGFloat = 0
    /// The colour of the border (see ``CALayer/borderColor``).
    public var borderColor: Color? = .black
    /// Whether contents and sublayers are clipped to the bounds (see ``CALayer/masksToBounds``).
    public var masksToBounds = false
    /// The colour of the shadow (see ``CALayer/shadowColor``).
    public var shadowColor: Color? = .black
    /// The opacity of the shadow, 0 to 1; 0 draws none (see ``CALayer/shadowOpacity``).
    public var shadowOpacity: Float = 0
    /// The blur radius of the shadow, in points (see ``CALayer/shadowRadius``).
    public var shadowRadius: CGFloat = 3
    /// The offset of the shadow, in points (see ``CALayer/shadowOffset``).
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The shape of the shadow; nil: the layer's own (see ``CALayer/shadowPath``).
    public var shadowPath: Path? = nil
    /// Whether the layer's y axis is flipped (see ``CALayer/isGeometryFlipped``).
    public var isGeometryFlipped = false
    /// Whether the layer draws when turned away (see ``CALayer/isDoubleSided``).
    public var isDoubleSided = true
    /// Contents and gradient: see ``RareLayerProperties`` (their accessors are below).
    var rare = RareLayerPropertiesBox.defaults

    // CAShapeLayer
    /// A shape layer's path (see ``CAShapeLayer/path``).
    public var path: Path? = nil
    /// A shape layer's fill; nil: none (see ``CAShapeLayer/fillColor``).
    public var fillColor: Color? = .black
    /// A shape layer's fill rule (see ``CAShapeLayer/fillRule``).
    public var fillRule = CAShapeLayerFillRule.nonZero
    /// A shape layer's stroke colour; nil: no stroke (see ``CAShapeLayer/strokeColor``).
    public var strokeColor: Color? = nil
    /// A shape layer's stroke width, in points (see ``CAShapeLayer/lineWidth``).
    public var lineWidth: CGFloat = 1
    /// A shape layer's stroke joins (see ``CAShapeLayer/lineJoin``).
    public var lineJoin = CAShapeLayerLineJoin.miter
    /// A shape layer's stroke caps (see ``CAShapeLayer/lineCap``).
    public var lineCap = CAShapeLayerLineCap.butt
    /// A shape layer's miter limit, a ratio of the line width (see ``CAShapeLayer/miterLimit``).
    public var miterLimit: CGFloat = 10
    /// A shape layer's dash lengths in points; nil or empty: solid (see
    /// ``CAShapeLayer/lineDashPattern``).
    public var lineDashPattern: [Double]? = nil
    /// A shape layer's offset into the dash pattern, in points (see ``CAShapeLayer/lineDashPhase``).
    public var lineDashPhase: CGFloat = 0
    /// Where a shape layer's stroke starts, a fraction of the path (see ``CAShapeLayer/strokeStart``).
    public var strokeStart: CGFloat = 0
    /// Where a shape layer's stroke ends, a fraction of the path (see ``CAShapeLayer/strokeEnd``).
    public var strokeEnd: CGFloat = 1

    // CAReplicatorLayer
    /// A replicator's number of instances (see ``CAReplicatorLayer/instanceCount``).
    public var instanceCount = 1
    /// A replicator's delay between instances, in seconds (see ``CAReplicatorLayer/instanceDelay``).
    public var instanceDelay: CFTimeInterval = 0
    /// A replicator's transform from one instance to the next (see
    /// ``CAReplicatorLayer/instanceTransform``).
    public var instanceTransform = CATransform3DIdentity
    /// A replicator's colour multiplier; nil: opaque white (see ``CAReplicatorLayer/instanceColor``).
    public var instanceColor: Color? = .white
    /// A replicator's red step (see ``CAReplicatorLayer/instanceRedOffset``).
    public var instanceRedOffset: Float = 0
    /// A replicator's green step (see ``CAReplicatorLayer/instanceGreenOffset``).
    public var instanceGreenOffset: Float = 0
    /// A replicator's blue step (see ``CAReplicatorLayer/instanceBlueOffset``).
    public var instanceBlueOffset: Float = 0
    /// A replicator's alpha step (see ``CAReplicatorLayer/instanceAlphaOffset``).
    public var instanceAlphaOffset: Float = 0

    // CATextLayer (its other properties are out of line: see ``RareLayerProperties``)
    /// A text layer's characters (see ``CATextLayer/string``). Kept here, not out of line with
    /// the text layer's other properties: a text that changes every frame (a counter, a clock)
    /// would copy all of those at every change.
    public var string: String? = nil
    /// What an attributed string's first run says (see ``textAttributes``), beside the string
    /// that is set with it: a string's change compares them where it already reads, and a plain
    /// string's are nil, no values to copy.
    var textAttributesBox: TextAttributesBox? = nil

    /// The properties of a new layer of class `kind`: Core Animation's defaults.
    public init(kind: LayerKind) {
        self.kind = kind
    }
}
