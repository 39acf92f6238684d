#if !canImport(QuartzCore)
extension CoreAnimationArchiveFormat {
    /// The class a layer is written as, in archives and CAML, and a new layer of that class
    /// (whose values are the defaults, which are not written): the nearest class Tessera models
    /// (a subclass's own state is not written).
    static func writtenClass(of layer: CALayer) -> (ArchiveClass, defaults: CALayer) {
        switch layer {
        case is CAShapeLayer: (shapeLayerClass, CAShapeLayer())
        case is CAReplicatorLayer: (replicatorLayerClass, CAReplicatorLayer())
        case is CAGradientLayer: (gradientLayerClass, CAGradientLayer())
        case is CATransformLayer: (transformLayerClass, CATransformLayer())
        case is CABackdropLayer: (backdropLayerClass, CABackdropLayer())
        case is CAPortalLayer: (portalLayerClass, CAPortalLayer())
        case is CAEmitterLayer: (emitterLayerClass, CAEmitterLayer())
        case is CATextLayer: (textLayerClass, CATextLayer())
        default: (layerClass, CALayer())
        }
    }

    /// The class an animation is written as, and a new animation of that class; nil for one
    /// that is none of the classes Tessera models.
    static func writtenClass(of animation: CAAnimation) -> (ArchiveClass, defaults: CAAnimation)? {
        switch animation {
        case is CASpringAnimation: (springAnimationClass, CASpringAnimation())
        case is CABasicAnimation: (basicAnimationClass, CABasicAnimation())
        case is CAKeyframeAnimation: (keyframeAnimationClass, CAKeyframeAnimation())
        case is CAAnimationGroup: (animationGroupClass, CAAnimationGroup())
        default: nil
        }
    }
}
#endif
