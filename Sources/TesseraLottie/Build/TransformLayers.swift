import Foundation
import TesseraCore

/// Lays a Lottie transform onto layers: `position + R · Skew · S · (p − anchor)`.
///
/// The anchor is the innermost layer's `bounds.origin` (its `anchorPoint` is (0, 0)): a point p
/// of the content is then drawn at `position + transform · (p − bounds.origin)`, exactly
/// Lottie's formula, for layers of any size. Rotation and scale are the `transform.rotation.z`,
/// `transform.scale.x` and `transform.scale.y` key paths, which Core Animation combines as
/// scale first, then rotation, as Lottie does.
///
/// Those key paths read the layer's transform apart and put it back together, which a zero or
/// negative scale does not survive (the matrix is singular, or reads as a mirrored rotation). A
/// transform whose scale ever reaches zero or below, or that has a skew, is spread over nested
/// layers so that each holds one part: the outer rotates, a skew layer skews, one layer scales x
/// and another y. An animated skew (angle or axis) animates the skew layer's whole `transform`,
/// sampled at every frame, as lottie-ios does.
enum TransformLayers {
    /// Applies `transform` to `layer` (position and rotation at least) and returns the layer
    /// that takes the content: `layer` itself, or the innermost of the layers added under it.
    /// Opacity is the caller's (a parent's transform applies to its children, its opacity not).
    /// With `autoOrient`, the layer also turns with its motion path's direction
    /// (`rotationMode = .rotateAuto`).
    static func apply(
        _ transform: LottieTransform, to layer: CALayer, animator: Animator,
        report: BuildReport, path: String, autoOrient: Bool = false
    ) -> CALayer {
        layer.anchorPoint = .zero
        let skewIsAnimated = transform.skew.isAnimated || transform.skewAxis.isAnimated
        if transform.hasOrientation {
            report.approximated(path, "3D orientation", "a 3D layer's orientation (or) not drawn")
        }
        let skew = skewMatrix(angle: transform.skew.initialValue, axis: transform.skewAxis.initialValue)
        let rotation = transform.rotation
        let content: CALayer
        let turnsIn3D = transform.hasThreeDimensionalRotation
        if !turnsIn3D && !rotation.isAnimated && !transform.scale.isAnimated && !skewIsAnimated {
            // Nothing to take apart: the whole matrix at once.
            let s = transform.scale.initialValue
            let scale = CATransform3DMakeScale(CGFloat(s[0] / 100), CGFloat(s[1] / 100), 1)
            let turn = CATransform3DMakeRotation(CGFloat(rotation.initialValue * .pi / 180), 0, 0, 1)
            layer.transform = CATransform3DConcat(CATransform3DConcat(scale, skew), turn)
            content = layer
        } else if transform.scale.keyframes.allSatisfy({ $0.value[0] > 0 && $0.value[1] > 0 }) && CATransform3DIsIdentity(skew)
            && !skewIsAnimated
        {
            if !turnsIn3D { applyRotation(rotation, to: layer, animator: animator) }
            applyScale(transform.scale, dimension: 0, to: layer, animator: animator)
            applyScale(transform.scale, dimension: 1, to: layer, animator: animator)
            // lottie-ios's order: scale, then the rotations.
            if turnsIn3D { applyRotations(transform, to: layer, animator: animator) }
            content = layer
        } else {
            if turnsIn3D {
                applyRotations(transform, to: layer, animator: animator)
            } else {
                applyRotation(rotation, to: layer, animator: animator)
            }
            var innermost = layer
            func nest(_ name: String) -> CALayer {
                let child = CALayer()
                child.name = name
                child.anchorPoint = .zero
                innermost.addSublayer(child)
                innermost = child
                return child
            }
            if skewIsAnimated {
                applySkew(transform.skew, axis: transform.skewAxis, to: nest("skew"), animator: animator)
            } else if !CATransform3DIsIdentity(skew) {
                nest("skew").transform = skew
            }
            applyScale(transform.scale, dimension: 0, to: nest("scale x"), animator: animator)
            applyScale(transform.scale, dimension: 1, to: nest("scale y"), animator: animator)
            content = innermost
        }
        applyAnchor(transform.anchor, to: content, animator: animator)
        // Last: an auto-orienting position turns the transform the other animations have set.
        switch transform.position {
        case .combined(let position):
            applyPosition(position, to: layer, autoOrient: autoOrient, animator: animator)
        case .split(let x, let y):
            if autoOrient { report.approximated(path, "auto-orient", "x and y animated apart: not turned along its motion") }
            animator.apply(x, to: layer, keyPath: "position.x") { $0 }
            animator.apply(y, to: layer, keyPath: "position.y") { $0 }
        }
        return content
    }

    /// `position`: along its motion path when its keyframes have spatial handles or it turns
    /// with its motion, else x and y together, or apart when they are eased apart.
    private static func applyPosition(_ position: Animated<[Double]>, to layer: CALayer, autoOrient: Bool, animator: Animator) {
        guard position.isAnimated else {
            animator.set(point(position.initialValue), to: layer, keyPath: "position")
            return
        }
        let curved = zip(position.keyframes, position.keyframes.dropFirst()).contains { MotionPath(from: $0, to: $1).isCurved }
        if curved || autoOrient || position.keyframes.allSatisfy(\.easing.isUniform) {
            animator.apply(
                Track(position, motionPath: true) { $0 }, to: layer, keyPath: "position", alongPath: autoOrient ? .rotateAuto : nil
            ) {
                point($0)
            }
        } else {
            animator.apply(position, to: layer, keyPath: "position.x", dimension: 0) { $0[0] }
            animator.apply(position, to: layer, keyPath: "position.y", dimension: 1) { $0[1] }
        }
    }

    private static func applyAnchor(_ anchor: Animated<[Double]>, to layer: CALayer, animator: Animator) {
        if anchor.keyframes.allSatisfy(\.easing.isUniform) {
            animator.apply(anchor, to: layer, keyPath: "bounds.origin") { point($0) }
        } else {
            animator.apply(anchor, to: layer, keyPath: "bounds.origin.x", dimension: 0) { $0[0] }
            animator.apply(anchor, to: layer, keyPath: "bounds.origin.y", dimension: 1) { $0[1] }
        }
    }

    private static func applyRotation(_ rotation: Animated<Double>, to layer: CALayer, animator: Animator) {
        animator.apply(rotation, to: layer, keyPath: "transform.rotation.z") { $0 * .pi / 180 }
    }

    /// A 3D layer's rotations about x, y and z (`rx`, `ry`, `rz`), in that order, through the
    /// `transform.rotation` key paths, as lottie-ios's layers have them: each is set into the
    /// transform the ones before it left, read apart into Euler angles (half turns about x, y and
    /// z leave a half turn about z). No perspective: a layer turned by 90° about x is seen edge on.
    /// An animated turn about x or y leaves the model's transform as it was, as lottie-ios's
    /// animations do: its first keyframe set there would be read back as other angles past 90°
    /// about y, and the animation's value set into the wrong ones.
    private static func applyRotations(_ t: LottieTransform, to layer: CALayer, animator: Animator) {
        for (angle, keyPath) in [(t.rotationX, "transform.rotation.x"), (t.rotationY, "transform.rotation.y")]
        where angle.keyframes.contains(where: { $0.value != 0 }) {
            let model = layer.transform
            animator.apply(angle, to: layer, keyPath: keyPath) { $0 * .pi / 180 }
            if angle.isAnimated { layer.transform = model }
        }
        applyRotation(t.rotation, to: layer, animator: animator)
    }

    /// An animated skew: the shear matrix at every frame, as a matrix between keyframes is not
    /// the shear between them (a turning axis is a rotation of the shear, not a blend).
    private static func applySkew(_ skew: Animated<Double>, axis: Animated<Double>, to layer: CALayer, animator: Animator) {
        let track = Track<CATransform3D>(sampling: [skew.timing, axis.timing]) {
            skewMatrix(angle: skew.value(at: $0), axis: axis.value(at: $0))
        }
        animator.apply(track, to: layer, keyPath: "transform") { $0 }
    }

    private static func applyScale(_ scale: Animated<[Double]>, dimension: Int, to layer: CALayer, animator: Animator) {
        let key = dimension == 0 ? "transform.scale.x" : "transform.scale.y"
        animator.apply(scale, to: layer, keyPath: key, dimension: dimension) { $0[dimension] / 100 }
    }

    static func point(_ v: [Double]) -> CGPoint {
        CGPoint(x: v[0], y: v.count > 1 ? v[1] : 0)
    }

    /// After Effects' skew: a shear by `angle` degrees along the direction `axis` degrees from x
    /// (rotate the axis onto x, shear, rotate back), in Core Animation's row-vector order.
    static func skewMatrix(angle: Double, axis: Double) -> CATransform3D {
        guard angle != 0, abs(angle) < 90 else { return CATransform3DIdentity }
        let a = axis * .pi / 180
        var shear = CATransform3DIdentity
        shear.m21 = CGFloat(-tan(angle * .pi / 180))
        let toAxis = CATransform3DMakeRotation(CGFloat(-a), 0, 0, 1), back = CATransform3DMakeRotation(CGFloat(a), 0, 0, 1)
        return CATransform3DConcat(CATransform3DConcat(toAxis, shear), back)
    }
}
