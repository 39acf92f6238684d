import Foundation
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// A tree with every kind of layer, non-default properties of every type, and basic,
    /// keyframe, spring and group animations with their timing.
    package static func sampleTree() -> CALayer {
        let root = CALayer()
        root.name = "Root"
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.position = CGPoint(x: 160, y: 120)
        root.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        root.zPosition = 2
        root.anchorPointZ = -1
        root.sublayerTransform.m34 = -1 / 500
        root.isGeometryFlipped = true
        root.opacity = 0.75
        root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        root.cornerRadius = 12.5
        root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        root.borderWidth = 2
        root.borderColor = nil
        root.masksToBounds = true
        root.shadowColor = CGColor(gray: 0.2, alpha: 0.5)
        root.shadowOpacity = 0.4
        root.shadowRadius = 6
        root.shadowOffset = CGSize(width: 1, height: 2)
        root.shadowPath = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 320, height: 240), cornerWidth: 12, cornerHeight: 12, transform: nil)
        root.duration = 20
        root.repeatCount = 2
        root.autoreverses = true
        root.fillMode = .both
        root.timeOffset = 0.125

        let shape = CAShapeLayer()
        shape.name = "Shape"
        shape.frame = CGRect(x: 10, y: 20, width: 100, height: 80)
        shape.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        shape.isHidden = false
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 50, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 40), control: CGPoint(x: 90, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 80), control1: CGPoint(x: 80, y: 90), control2: CGPoint(x: 20, y: 95))
        path.closeSubpath()
        shape.path = path
        shape.fillColor = nil
        shape.fillRule = .evenOdd
        shape.strokeColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.8)
        shape.lineWidth = 3.5
        shape.lineJoin = .round
        shape.lineCap = .square
        shape.miterLimit = 4
        shape.lineDashPattern = [4, 2.5]
        shape.lineDashPhase = 1
        shape.strokeStart = 0.1
        shape.strokeEnd = 0.9
        let mask = CAShapeLayer()
        mask.name = "Mask"
        mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 80), transform: nil)
        shape.mask = mask

        let replicator = CAReplicatorLayer()
        replicator.name = "Dots"
        replicator.bounds = CGRect(x: 0, y: 0, width: 60, height: 20)
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.2
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.9)
        replicator.instanceRedOffset = -0.1
        replicator.instanceGreenOffset = -0.2
        replicator.instanceBlueOffset = 0.05
        replicator.instanceAlphaOffset = -0.3
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        replicator.addSublayer(dot)

        root.addSublayer(shape)
        root.addSublayer(replicator)
        addAnimations(root: root, shape: shape, dot: dot)
        return root
    }

    private static func addAnimations(root: CALayer, shape: CAShapeLayer, dot: CAShapeLayer) {
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 60, y: 60)
        move.toValue = CGPoint(x: 200, y: 100)
        move.beginTime = 0.5
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.2, 0.7, 1.3)
        move.fillMode = .backwards
        shape.add(move, forKey: "move")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.byValue = -0.25
        fade.isAdditive = true
        fade.isCumulative = true
        fade.repeatCount = 2.5
        fade.speed = 2
        fade.timeOffset = 0.1
        fade.beginTime = 1e-6
        fade.duration = 0.8
        root.add(fade, forKey: "fade")

        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(gray: 0.5, alpha: 1)
        tint.beginTime = 0.25
        tint.repeatDuration = 3
        tint.autoreverses = true
        tint.duration = 0.5
        root.add(tint, forKey: "tint")

        let dash = CABasicAnimation(keyPath: "lineDashPattern")
        dash.toValue = [NSNumber(value: 8), NSNumber(value: 1)]
        dash.beginTime = 0.1
        dash.duration = 1
        dash.fillMode = .forwards
        dash.isRemovedOnCompletion = false
        shape.add(dash, forKey: "dash")

        let wobble = CAKeyframeAnimation(keyPath: "transform")
        wobble.values = [CATransform3DIdentity, CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeScale(1.2, 0.8, 1)]
        wobble.keyTimes = [0, 0.3, 1]
        wobble.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        wobble.calculationMode = .cubic
        wobble.tensionValues = [0, 0.5, 0]
        wobble.continuityValues = [0, -0.5, 0]
        wobble.biasValues = [0, 0.25, 0]
        wobble.beginTime = 0.75
        wobble.duration = 1.5
        shape.add(wobble, forKey: "wobble")

        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 40), transform: nil)
        orbit.rotationMode = .rotateAuto
        orbit.calculationMode = .paced
        orbit.beginTime = 0.2
        orbit.duration = 3
        orbit.repeatCount = .infinity
        dot.add(orbit, forKey: "orbit")

        let bounce = CASpringAnimation(keyPath: "transform.scale")
        bounce.fromValue = 0.5
        bounce.toValue = 1
        bounce.mass = 2
        bounce.stiffness = 300
        bounce.damping = 12
        bounce.initialVelocity = -1.5
        bounce.allowsOverdamping = true
        bounce.beginTime = 0.4
        bounce.duration = bounce.settlingDuration
        dot.add(bounce, forKey: "bounce")

        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.beginTime = 0.3
        spin.duration = 1.2
        root.add(spin, forKey: "spin")
        let drift = CAKeyframeAnimation(keyPath: "sublayerTransform")
        drift.valueFunction = CAValueFunction(name: .translate)
        drift.values = [[0, 0, 0], [10, -5, 0], [20, 0, 2]]
        drift.beginTime = 0.6
        drift.duration = 2
        root.add(drift, forKey: "drift")

        let grow = CABasicAnimation(keyPath: "lineWidth")
        grow.toValue = 9
        let rule = CAKeyframeAnimation(keyPath: "fillRule")
        rule.values = ["non-zero", "even-odd"]
        rule.calculationMode = .discrete
        let pathMorph = CABasicAnimation(keyPath: "path")
        pathMorph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 80), transform: nil)
        pathMorph.beginTime = 0.5
        let inner = CAAnimationGroup()
        inner.animations = [pathMorph]
        inner.duration = 1
        let group = CAAnimationGroup()
        group.animations = [grow, rule, inner]
        group.beginTime = 1
        group.duration = 2
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        group.timingFunction = CAMediaTimingFunction(name: .default)
        shape.add(group, forKey: "group")
    }
}
