import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// The examples of seed 001 ("CAShapeLayer in Depth, Part II"), written as they read with
/// Tessera (UIBezierPath → CGMutablePath, UIColor → CGColor), with the presented values checked
/// at chosen times against the documented formulas.
@Suite struct Seed001ShapeLayerAnimationTests {
    static let starPoints: [CGPoint] = [
        CGPoint(x: 81.5, y: 7.0), CGPoint(x: 101.07, y: 63.86), CGPoint(x: 163.0, y: 64.29),
        CGPoint(x: 113.16, y: 99.87), CGPoint(x: 131.87, y: 157.0), CGPoint(x: 81.5, y: 122.13),
        CGPoint(x: 31.13, y: 157.0), CGPoint(x: 49.84, y: 99.87), CGPoint(x: 0.0, y: 64.29),
        CGPoint(x: 61.93, y: 63.86), CGPoint(x: 81.5, y: 7.0),
    ]
    static let rectanglePoints: [CGPoint] = [
        CGPoint(x: 81.5, y: 7.0), CGPoint(x: 163.0, y: 7.0), CGPoint(x: 163.0, y: 82.0),
        CGPoint(x: 163.0, y: 157.0), CGPoint(x: 163.0, y: 157.0), CGPoint(x: 82.0, y: 157.0),
        CGPoint(x: 0.0, y: 157.0), CGPoint(x: 0.0, y: 157.0), CGPoint(x: 0.0, y: 82.0),
        CGPoint(x: 0.0, y: 7.0), CGPoint(x: 81.5, y: 7.0),
    ]

    static func polyline(_ points: [CGPoint]) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.addLine(to: p) }
        return path
    }

    @Test func starMorphsIntoTheRectangle() throws {
        let shapeLayer = CAShapeLayer()
        let (root, _) = tree(with: shapeLayer)
        shapeLayer.path = Self.polyline(Self.starPoints)

        let pathAnimation = CABasicAnimation(keyPath: "path")
        pathAnimation.toValue = Self.polyline(Self.rectanglePoints)
        pathAnimation.duration = 0.75
        pathAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        pathAnimation.autoreverses = true
        pathAnimation.repeatCount = .greatestFiniteMagnitude
        shapeLayer.add(pathAnimation, forKey: "pathAnimation")
        #expect(shapeLayer.diagnostics.isEmpty)

        // t = 0.375: half of the forward pass; t = 1.125: half of the way back. easeInEaseOut is
        // symmetric, so both are (up to its Float control points) the midpoint.
        for t in [0.375, 1.125] {
            let path = try #require(presented(shapeLayer, in: root, at: t).path)
            let f = easeInEaseOut(0.5)
            #expect(abs(f - 0.5) < 1e-6)
            #expect(path.points.count == Self.starPoints.count)
            for (k, point) in path.points.enumerated() {
                let a = Self.starPoints[k], b = Self.rectanglePoints[k]
                #expect(abs(point.x - (a.x + (b.x - a.x) * f)) < 1e-6 && abs(point.y - (a.y + (b.y - a.y) * f)) < 1e-6,
                        "point \(k) at t = \(t)")
            }
        }
        // At 0.3 s the eased fraction is easeInEaseOut(0.4).
        let f = easeInEaseOut(0.3 / 0.75)
        let path = try #require(presented(shapeLayer, in: root, at: 0.3).path)
        #expect(abs(path.points[1].x - (101.07 + (163.0 - 101.07) * f)) < 1e-5)
        // The model is untouched.
        #expect(shapeLayer.path?.rasterPath.points.map(\.x) == Self.starPoints.map { Double($0.x) })
    }

    @Test func fillColorRunsThroughRGB() {
        let shapeLayer = CAShapeLayer()
        let (root, _) = tree(with: shapeLayer)
        shapeLayer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let fillColorAnimation = CABasicAnimation(keyPath: "fillColor")
        fillColorAnimation.toValue = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
        fillColorAnimation.duration = 0.75
        fillColorAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        fillColorAnimation.autoreverses = true
        fillColorAnimation.repeatCount = .greatestFiniteMagnitude
        shapeLayer.add(fillColorAnimation, forKey: "fillColorAnimation")
        // Halfway: the RGB midpoint, a gray (seed 001: "red to dark gray to cyan").
        let mid = presented(shapeLayer, in: root, at: 0.375).fillColor
        let f = easeInEaseOut(0.5)
        #expect(abs(mid!.red - (1 - f)) < 1e-9 && abs(mid!.green - f) < 1e-9 && abs(mid!.blue - f) < 1e-9 && mid!.alpha == 1)
        #expect(abs(f - 0.5) < 1e-6)
        let g = easeInEaseOut(0.2 / 0.75)
        let early = presented(shapeLayer, in: root, at: 0.2).fillColor!
        #expect(abs(early.red - (1 - g)) < 1e-6 && abs(early.green - g) < 1e-6 && abs(early.blue - g) < 1e-6)
    }

    @Test func lineWidthPulses() {
        let shapeLayer = CAShapeLayer()
        let (root, _) = tree(with: shapeLayer)
        shapeLayer.lineWidth = 0.0
        let lineWidthAnimation = CABasicAnimation(keyPath: "lineWidth")
        lineWidthAnimation.toValue = 10.0
        lineWidthAnimation.duration = 1.5
        lineWidthAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        lineWidthAnimation.autoreverses = true
        lineWidthAnimation.repeatCount = .greatestFiniteMagnitude
        shapeLayer.add(lineWidthAnimation, forKey: "lineWidthAnimation")
        #expect(abs(presented(shapeLayer, in: root, at: 0.75).lineWidth - 10 * easeInEaseOut(0.5)) < 1e-9)
        #expect(abs(presented(shapeLayer, in: root, at: 1.5).lineWidth - 10) < 1e-9)     // the turning point
        #expect(abs(presented(shapeLayer, in: root, at: 2.0).lineWidth - 10 * easeInEaseOut(1.0 / 1.5)) < 1e-6)
        #expect(abs(presented(shapeLayer, in: root, at: 3.0).lineWidth) < 1e-9)          // back at the start
        #expect(shapeLayer.lineWidth == 0)
    }

    @Test func miterLimitSwitchesWithoutInterpolating() {
        let shapeLayer = CAShapeLayer()
        let (root, _) = tree(with: shapeLayer)
        shapeLayer.miterLimit = 10.0
        let miterLimitAnimation = CABasicAnimation(keyPath: "miterLimit")
        miterLimitAnimation.toValue = 0.0
        miterLimitAnimation.duration = 0.75
        miterLimitAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        miterLimitAnimation.autoreverses = true
        miterLimitAnimation.repeatCount = .greatestFiniteMagnitude
        shapeLayer.add(miterLimitAnimation, forKey: "miterLimitAnimation")
        for t in [0.01, 0.2, 0.375, 0.75, 1.2] {
            #expect(presented(shapeLayer, in: root, at: t).miterLimit == 0, "t = \(t)")
        }
        #expect(presented(shapeLayer, in: root, at: 0).miterLimit == 10)
    }

    @Test func marchingAnts() {
        let shapeLayer = CAShapeLayer()
        let (root, _) = tree(with: shapeLayer)
        let dashPattern: [NSNumber]? = [5, 4, 3, 2]
        let dashPhase = dashPattern?.map({ return $0.floatValue }).reduce(0, { $0 + $1 })
        shapeLayer.lineDashPattern = dashPattern
        let lineDashPhaseAnimation = CABasicAnimation(keyPath: "lineDashPhase")
        lineDashPhaseAnimation.byValue = dashPhase
        lineDashPhaseAnimation.duration = 0.75
        lineDashPhaseAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionLinear)
        lineDashPhaseAnimation.repeatCount = .greatestFiniteMagnitude
        shapeLayer.add(lineDashPhaseAnimation, forKey: "lineDashPhaseAnimation")
        // Linear from 0 by 14 every 0.75 s, starting over each repeat.
        for (t, phase) in [(0.0, 0.0), (0.375, 7.0), (0.6, 11.2), (1.125, 7.0), (100.125, 7.0)] {
            let shown = presented(shapeLayer, in: root, at: t)
            #expect(abs(Double(shown.lineDashPhase) - phase) < 1e-6, "t = \(t): \(shown.lineDashPhase)")
            #expect(shown.lineDashPattern == [5, 4, 3, 2])
        }
    }

    @Test func strokeEndDrawsOnAndStrokeStartErases() {
        let drawOn = CAShapeLayer()
        let (root, _) = tree(with: drawOn)
        drawOn.strokeStart = 0.0
        drawOn.strokeEnd = 0.0
        let strokeEndAnimation = CABasicAnimation(keyPath: "strokeEnd")
        strokeEndAnimation.toValue = 1.0
        strokeEndAnimation.duration = 0.75
        strokeEndAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        strokeEndAnimation.repeatCount = .greatestFiniteMagnitude
        drawOn.add(strokeEndAnimation, forKey: "strokeEndAnimation")

        let erase = CAShapeLayer()
        root.addSublayer(erase)
        erase.strokeStart = 0.0
        erase.strokeEnd = 1.0
        let strokeStartAnimation = CABasicAnimation(keyPath: "strokeStart")
        strokeStartAnimation.toValue = 1.0
        strokeStartAnimation.duration = 0.75
        strokeStartAnimation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        strokeStartAnimation.repeatCount = .greatestFiniteMagnitude
        erase.add(strokeStartAnimation, forKey: "strokeStartAnimation")

        for t in [0.1, 0.375, 0.6, 0.85] {
            let f = easeInEaseOut((t.truncatingRemainder(dividingBy: 0.75)) / 0.75)
            #expect(abs(Double(presented(drawOn, in: root, at: t).strokeEnd) - f) < 1e-6, "draw on, t = \(t)")
            #expect(abs(Double(presented(erase, in: root, at: t).strokeStart) - f) < 1e-6, "erase, t = \(t)")
            #expect(presented(erase, in: root, at: t).strokeEnd == 1)
        }
    }
}
