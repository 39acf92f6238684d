import Foundation
import Tessera

extension DemoScene {
    /// Seed 004's percentage-driven switch: three layers (the stroked background, its fill, the
    /// thumb) with grouped animations, frozen (speed 0) and scrubbed by `timeOffset` from a
    /// progress, as a pan gesture would: here the progress goes 0 → 1 → 0 over the cycle.
    static let dayNight = DemoScene(
        name: "day-night", summary: "seed 004: a percentage-driven switch (speed 0, timeOffset = progress) scrubbed on and off",
        size: CGSize(width: 140, height: 70), duration: 2,
        prepareFrame: { root, t in
            // The progress a gesture would give: a triangle wave over the 2 s cycle.
            let phase = (t / 2).truncatingRemainder(dividingBy: 1)
            let progress = phase < 0.5 ? phase * 2 : 2 - phase * 2
            root.sublayers?.first?.timeOffset = min(max(progress, 0), 1)
        }
    ) {
        let root = DemoScene.root(CGSize(width: 140, height: 70))
        let (width, height) = (120.0, 50.0)
        let off = CGColor(red: 0.8, green: 0.8, blue: 0.82, alpha: 1)
        let on = CGColor(red: 0.3, green: 0.8, blue: 0.4, alpha: 1)
        func pill(_ rect: CGRect) -> CGPath {
            CGPath(roundedRect: rect, cornerWidth: rect.height / 2, cornerHeight: rect.height / 2, transform: nil)
        }
        func group(_ animations: [CAAnimation]) -> CAAnimationGroup {
            let group = CAAnimationGroup()
            group.duration = 1
            group.animations = animations
            group.isRemovedOnCompletion = false
            group.beginTime = 1e-6
            return group
        }
        func eased<A: CAAnimation>(_ animation: A) -> A {
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return animation
        }

        let control = CALayer()
        control.frame = CGRect(x: 10, y: 10, width: width, height: height)
        control.speed = 0   // frozen: timeOffset is the progress

        let stroke = CAShapeLayer()
        stroke.frame = control.bounds
        stroke.path = pill(CGRect(x: 0, y: 0, width: width, height: height))
        stroke.strokeColor = off
        stroke.fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        stroke.lineWidth = 2
        let strokeColor = eased(CABasicAnimation(keyPath: "strokeColor"))
        strokeColor.fromValue = off
        strokeColor.toValue = on
        let fillColor = eased(CABasicAnimation(keyPath: "fillColor"))
        fillColor.fromValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        fillColor.toValue = on
        stroke.add(group([strokeColor, fillColor]), forKey: "strokeBackgroundAnimations")

        let background = CAShapeLayer()
        background.frame = control.bounds
        background.fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        background.path = pill(CGRect(x: 1, y: 1, width: width - 2, height: height - 2))
        let shrink = eased(CAKeyframeAnimation(keyPath: "path"))
        shrink.values = [
            pill(CGRect(x: 1, y: 1, width: width - 2, height: height - 2)),
            pill(CGRect(x: width / 2, y: height / 2, width: 0, height: 0)),
        ]
        shrink.keyTimes = [0, 1]
        background.add(group([shrink]), forKey: "backgroundAnimations")

        let thumb = CAShapeLayer()
        thumb.frame = CGRect(x: 0, y: 0, width: height, height: height)
        thumb.path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: height - 6, height: height - 6), transform: nil)
        thumb.fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        thumb.strokeColor = off
        thumb.lineWidth = 0.5
        let slide = eased(CABasicAnimation(keyPath: "position"))
        slide.fromValue = CGPoint(x: height / 2, y: height / 2)
        slide.toValue = CGPoint(x: width - height / 2, y: height / 2)
        thumb.add(group([slide]), forKey: "thumbAnimations")

        for layer in [stroke, background, thumb] { control.addSublayer(layer) }
        root.addSublayer(control)
        return root
    }
}
