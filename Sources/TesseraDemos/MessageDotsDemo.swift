import Foundation
import Tessera

extension DemoScene {
    /// Seed 002's message balloon (the PaintCode path) with three dots bouncing in turn: one dot
    /// replicated by a CAReplicatorLayer, its animation delayed per instance.
    static let messageDots = DemoScene(
        name: "message-dots", summary: "seed 002: a message balloon with three replicated dots bouncing in turn (instanceDelay 0.15 s)",
        size: CGSize(width: 150, height: 100), duration: 1.2
    ) {
        let root = DemoScene.root(CGSize(width: 150, height: 100))
        let balloon = CAShapeLayer()
        balloon.frame = root.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 127.63, y: 28.23))
        path.addCurve(to: CGPoint(x: 127.63, y: 72.77), control1: CGPoint(x: 140.12, y: 40.53), control2: CGPoint(x: 140.12, y: 60.47))
        path.addCurve(to: CGPoint(x: 87.79, y: 77.06), control1: CGPoint(x: 116.81, y: 83.42), control2: CGPoint(x: 100.17, y: 84.85))
        path.addCurve(to: CGPoint(x: 74, y: 81), control1: CGPoint(x: 86.02, y: 77.56), control2: CGPoint(x: 74, y: 81))
        path.addCurve(to: CGPoint(x: 78.78, y: 68.57), control1: CGPoint(x: 74, y: 81), control2: CGPoint(x: 77.82, y: 71.07))
        path.addCurve(to: CGPoint(x: 73.17, y: 47.25), control1: CGPoint(x: 74.27, y: 62.24), control2: CGPoint(x: 72.4, y: 54.63))
        path.addCurve(to: CGPoint(x: 82.37, y: 28.23), control1: CGPoint(x: 73.9, y: 40.3), control2: CGPoint(x: 76.97, y: 33.55))
        path.addCurve(to: CGPoint(x: 127.63, y: 28.23), control1: CGPoint(x: 94.87, y: 15.92), control2: CGPoint(x: 115.13, y: 15.92))
        balloon.path = path.copy(using: [CGAffineTransform(translationX: -45, y: 0)])
        balloon.fillColor = CGColor(red: 0.93, green: 0.94, blue: 0.97, alpha: 1)
        balloon.strokeColor = CGColor(red: 0.2, green: 0.25, blue: 0.35, alpha: 1)
        balloon.lineWidth = 3
        balloon.lineJoin = .round
        root.addSublayer(balloon)

        let dots = CAReplicatorLayer()
        dots.frame = CGRect(x: 33, y: 42, width: 54, height: 16)
        dots.instanceCount = 3
        dots.instanceTransform = CATransform3DMakeTranslation(16, 0, 0)
        dots.instanceDelay = 0.15
        let dot = CALayer()
        dot.frame = CGRect(x: 6, y: 4, width: 10, height: 10)
        dot.cornerRadius = 5
        dot.backgroundColor = CGColor(red: 0.2, green: 0.25, blue: 0.35, alpha: 1)
        let bounce = fromStart(CABasicAnimation(keyPath: "position.y"))
        bounce.byValue = -7.0
        bounce.duration = 0.3
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.fillMode = .backwards
        dot.add(bounce, forKey: "bounce")
        dots.addSublayer(dot)
        root.addSublayer(dots)
        return root
    }
}
