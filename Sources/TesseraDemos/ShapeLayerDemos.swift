import Foundation
import Tessera

// Seed 001's CAShapeLayer animations: path morph, fill color, marching ants, draw-on checkmark.
extension DemoScene {
    /// Seed 001's star (eleven points, the last closing it).
    static var starPath: CGPath {
        polyline([
            (81.5, 7), (101.07, 63.86), (163, 64.29), (113.16, 99.87), (131.87, 157), (81.5, 122.13),
            (31.13, 157), (49.84, 99.87), (0, 64.29), (61.93, 63.86), (81.5, 7),
        ])
    }

    /// Seed 001's rectangle with as many points as the star, so that the morph is point to point.
    static var rectanglePath: CGPath {
        polyline([
            (81.5, 7), (163, 7), (163, 82), (163, 157), (163, 157), (82, 157), (0, 157), (0, 157), (0, 82),
            (0, 7), (81.5, 7),
        ])
    }

    static func polyline(_ points: [(Double, Double)]) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: points[0].0, y: points[0].1))
        for (x, y) in points.dropFirst() { path.addLine(to: CGPoint(x: x, y: y)) }
        return path
    }

    /// A shape layer of seed 001's star, placed at (20, 20) in a 204 × 204 root.
    static func starLayer() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 20, width: 164, height: 164)
        shape.path = starPath
        shape.fillColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        shape.strokeColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        shape.lineWidth = 3
        return shape
    }

    /// The star with seed 001's pulse on `keyPath`: to `value`, 0.75 s, easeInEaseOut,
    /// autoreversing, forever.
    static func pulsingStar(_ keyPath: String, to value: Any) -> CALayer {
        let root = DemoScene.root(CGSize(width: 204, height: 204))
        let shape = starLayer()
        let pulse = fromStart(CABasicAnimation(keyPath: keyPath))
        pulse.toValue = value
        pulse.duration = 0.75
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        pulse.autoreverses = true
        pulse.repeatCount = .greatestFiniteMagnitude
        shape.add(pulse, forKey: keyPath + "Animation")
        root.addSublayer(shape)
        return root
    }

    static let shapeMorph = DemoScene(
        name: "shape-morph", summary: "seed 001: a star morphs into a rectangle and back (path, 0.75 s, autoreversing)",
        size: CGSize(width: 204, height: 204), duration: 1.5
    ) { pulsingStar("path", to: rectanglePath) }

    static let fillPulse = DemoScene(
        name: "fill-pulse", summary: "seed 001: the star's fill pulses red to cyan, interpolated in RGB (0.75 s, autoreversing)",
        size: CGSize(width: 204, height: 204), duration: 1.5
    ) {
        pulsingStar("fillColor", to: CGColor(red: 0, green: 1, blue: 1, alpha: 1))
    }

    static let marchingAnts = DemoScene(
        name: "marching-ants", summary: "seed 001: marching ants around the star (lineDashPhase by the pattern's sum, 0.75 s, linear)",
        size: CGSize(width: 204, height: 204), duration: 0.75
    ) {
        let root = DemoScene.root(CGSize(width: 204, height: 204))
        let shape = starLayer()
        shape.fillColor = nil
        shape.lineWidth = 2
        shape.lineDashPattern = [5, 4, 3, 2]
        let march = fromStart(CABasicAnimation(keyPath: "lineDashPhase"))
        march.byValue = 14.0   // the pattern's sum: the loop is seamless
        march.duration = 0.75
        march.timingFunction = CAMediaTimingFunction(name: .linear)
        march.repeatCount = .greatestFiniteMagnitude
        shape.add(march, forKey: "lineDashPhaseAnimation")
        root.addSublayer(shape)
        return root
    }

    static let checkmark = DemoScene(
        name: "checkmark", summary: "seed 000/001: a checkmark drawn on with strokeEnd 0 → 1 (0.45 s, easeInEaseOut), held",
        size: CGSize(width: 120, height: 120), duration: 0.6
    ) {
        let root = DemoScene.root(CGSize(width: 120, height: 120))
        let circle = CAShapeLayer()
        circle.frame = root.bounds
        circle.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 100, height: 100), transform: nil)
        circle.fillColor = CGColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 1)
        let check = CAShapeLayer()
        check.frame = root.bounds
        check.path = polyline([(35, 62), (52, 79), (86, 43)])
        check.fillColor = nil
        check.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        check.lineWidth = 9
        check.lineCap = .round
        check.lineJoin = .round
        let draw = fromStart(CABasicAnimation(keyPath: "strokeEnd"))
        draw.fromValue = 0.0
        draw.toValue = 1.0
        draw.duration = 0.45
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        // Both: the animation begins just after 0 (fromStart), so without the backwards fill the
        // model's strokeEnd of 1 would show the finished check at t = 0 before drawing it on.
        draw.fillMode = .both
        draw.isRemovedOnCompletion = false
        check.add(draw, forKey: "strokeEnd")
        root.addSublayer(circle)
        root.addSublayer(check)
        return root
    }
}
