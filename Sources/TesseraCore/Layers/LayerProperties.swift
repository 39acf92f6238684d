import Foundation
import TesseraRaster

/// Which class of layer a set of properties belongs to.
public enum LayerKind: Hashable, Sendable, CaseIterable {
    case layer, shape, replicator, gradient, transform, backdrop, portal, emitter, text
}

/// Every property of a layer that the renderer reads, as plain values: the model of a
/// ``CALayer`` and, evaluated at a time, its presentation (``LayerSnapshot``). Defaults are
/// Core Animation's. Each stored property other than `kind` is described by a row of the
/// property table (`LayerProperty`), whose default is its initial value here.
///
/// Colors are straight-alpha sRGB (`nil`: none); paths are `TesseraRaster.Path` values, so that
/// a snapshot can cross threads.
public struct LayerProperties: Hashable, Sendable {
    public var kind: LayerKind

    // CALayer
    public var bounds = CGRect.zero
    public var position = CGPoint.zero
    public var zPosition: CGFloat = 0
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform = CATransform3DIdentity
    public var sublayerTransform = CATransform3DIdentity
    public var opacity: Float = 1
    public var isHidden = false
    public var backgroundColor: Color? = nil
    public var cornerRadius: CGFloat = 0
    public var cornerCurve = CALayerCornerCurve.circular
    public var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner,
        .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    public var borderWidth: CGFloat = 0
    public var borderColor: Color? = .black
    public var masksToBounds = false
    public var shadowColor: Color? = .black
    public var shadowOpacity: Float = 0
    public var shadowRadius: CGFloat = 3
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowPath: Path? = nil
    public var isGeometryFlipped = false
    public var isDoubleSided = true
    /// Contents and gradient: see ``RareLayerProperties`` (their accessors are below).
    var rare = RareLayerPropertiesBox.defaults

    // CAShapeLayer
    public var path: Path? = nil
    public var fillColor: Color? = .black
    public var fillRule = CAShapeLayerFillRule.nonZero
    public var strokeColor: Color? = nil
    public var lineWidth: CGFloat = 1
    public var lineJoin = CAShapeLayerLineJoin.miter
    public var lineCap = CAShapeLayerLineCap.butt
    public var miterLimit: CGFloat = 10
    public var lineDashPattern: [Double]? = nil
    public var lineDashPhase: CGFloat = 0
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    // CAReplicatorLayer
    public var instanceCount = 1
    public var instanceDelay: CFTimeInterval = 0
    public var instanceTransform = CATransform3DIdentity
    public var instanceColor: Color? = .white
    public var instanceRedOffset: Float = 0
    public var instanceGreenOffset: Float = 0
    public var instanceBlueOffset: Float = 0
    public var instanceAlphaOffset: Float = 0

    public init(kind: LayerKind) {
        self.kind = kind
    }
}
