import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// Seed 004's percentage-driven switch: three layers, each with a group (strokeColor and
/// fillColor; a keyframe path; a position), paused with speed 0 and scrubbed with
/// timeOffset = progress × duration.
@Suite struct Seed004PercentageDrivenTests {
    static let animDuration: CFTimeInterval = 0.4
    static let width: CGFloat = 80, height: CGFloat = 50

    static func backgroundPath(_ frame: CGRect, radius: CGFloat) -> CGPath {
        CGPath(roundedRect: frame, cornerWidth: radius, cornerHeight: radius, transform: nil)
    }

    @Test(arguments: [0.0, 0.3, 1.0])
    func progressScrubsEveryLayer(progress: Double) throws {
        let strokeColor = CGColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 1)
        let selectedColor = CGColor(red: 0.3, green: 0.85, blue: 0.4, alpha: 1)
        let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

        let view = CALayer()
        let (root, _) = tree(with: view)
        let strokeBackgroundLayer = CAShapeLayer(), backgroundLayer = CAShapeLayer(), thumbLayer = CAShapeLayer()
        for layer in [strokeBackgroundLayer, backgroundLayer, thumbLayer] { view.addSublayer(layer) }

        // strokeBackgroundAnimations()
        let strokeAnim = CABasicAnimation(keyPath: "strokeColor")
        strokeAnim.fromValue = strokeColor
        strokeAnim.toValue = selectedColor
        strokeAnim.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        let fillAnim = CABasicAnimation(keyPath: "fillColor")
        fillAnim.fromValue = white
        fillAnim.toValue = selectedColor
        fillAnim.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        let strokeGroup = CAAnimationGroup()
        strokeGroup.duration = Self.animDuration
        strokeGroup.animations = [strokeAnim, fillAnim]
        strokeGroup.isRemovedOnCompletion = false

        // backgroundAnimations(): a keyframe path from a dot to the rounded rectangle.
        let endPath = Self.backgroundPath(CGRect(x: 1, y: 1, width: Self.width - 2, height: Self.height - 2), radius: 0)
        let beginPath = Self.backgroundPath(CGRect(x: Self.width / 2, y: Self.height / 2, width: 0, height: 0), radius: 0)
        let pathAnim = CAKeyframeAnimation(keyPath: "path")
        pathAnim.values = [beginPath, endPath]
        pathAnim.keyTimes = [NSNumber(value: 0.0), NSNumber(value: 1.0)]
        pathAnim.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        let backgroundGroup = CAAnimationGroup()
        backgroundGroup.duration = Self.animDuration
        backgroundGroup.animations = [pathAnim]
        backgroundGroup.isRemovedOnCompletion = false

        // thumbAnimations()
        let posAnim = CABasicAnimation(keyPath: "position")
        posAnim.fromValue = CGPoint(x: 0, y: 0)
        posAnim.toValue = CGPoint(x: Self.width - Self.height, y: 0)
        posAnim.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        let thumbGroup = CAAnimationGroup()
        thumbGroup.duration = Self.animDuration
        thumbGroup.animations = [posAnim]
        thumbGroup.isRemovedOnCompletion = false

        // startAllAnimations(), then the progress setter.
        let layers: [CALayer] = [strokeBackgroundLayer, backgroundLayer, thumbLayer]
        for layer in layers { layer.speed = 0; layer.timeOffset = 0 }
        strokeBackgroundLayer.add(strokeGroup, forKey: "strokeBackgroundAnimations")
        backgroundLayer.add(backgroundGroup, forKey: "backgroundAnimations")
        thumbLayer.add(thumbGroup, forKey: "thumbAnimations")
        let offset = progress * Self.animDuration
        for layer in layers { layer.timeOffset = CFTimeInterval(offset) }

        // Whatever the clock says, the layers show `progress`.
        for t in [0.0, 5.0] {
            let f = easeInEaseOut(progress)
            let shown = root.presentation(at: t).sublayers[0].sublayers
            let stroke = try #require(shown[0].properties.strokeColor)
            #expect(abs(stroke.red - (0.8 + (0.3 - 0.8) * f)) < 1e-6 && abs(stroke.green - (0.8 + (0.85 - 0.8) * f)) < 1e-6)
            let fill = try #require(shown[0].properties.fillColor)
            #expect(abs(fill.blue - (1 + (0.4 - 1) * f)) < 1e-6)
            let path = try #require(shown[1].properties.path)
            let a = beginPath.rasterPath.points, b = endPath.rasterPath.points
            for k in path.points.indices {
                #expect(abs(path.points[k].x - (a[k].x + (b[k].x - a[k].x) * f)) < 1e-6)
            }
            #expect(abs(Double(shown[2].properties.position.x) - Double(Self.width - Self.height) * f) < 1e-6)
        }
    }
}
