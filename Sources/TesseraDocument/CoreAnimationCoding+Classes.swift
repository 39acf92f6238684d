import TesseraCore
import TesseraKeyedArchive

extension CoreAnimationCoding {
    /// The class a layer is written as, in archives and CAML, and a new layer of that class
    /// (whose values are the defaults, which are not written): the nearest class Tessera models,
    /// its kind's row of the registry (``LayerClass``; a subclass's own state is not written).
    package static func writtenClass(of layer: CALayer) -> (ArchiveClass, defaults: CALayer) {
        let row = type(of: layer).kind.layerClass
        return (archiveClass(of: row.kind), row.type.init())
    }

    /// The archive's class of layers of `kind`: its name, then its superclasses' and `NSObject`.
    package static func archiveClass(of kind: LayerKind) -> ArchiveClass {
        ArchiveClass(kind.layerClass.name, superclasses: kind.superclasses.map(\.layerClass.name) + ["NSObject"])
    }

    /// The class an animation is written as, and a new animation of that class; nil for one
    /// that is none of the classes Tessera models.
    package static func writtenClass(of animation: CAAnimation) -> (ArchiveClass, defaults: CAAnimation)? {
        switch animation {
        case is CASpringAnimation: (springAnimationClass, CASpringAnimation())
        case is CABasicAnimation: (basicAnimationClass, CABasicAnimation())
        case is CAKeyframeAnimation: (keyframeAnimationClass, CAKeyframeAnimation())
        case is CAAnimationGroup: (animationGroupClass, CAAnimationGroup())
        default: nil
        }
    }
}
