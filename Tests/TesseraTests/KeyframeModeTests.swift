import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Two rules of Apple's header for CAKeyframeAnimation: `.paced` ignores `keyTimes` and
/// `timingFunctions`; along a `path`, "each point in the path except for `moveto' points defines
/// a single keyframe for the purpose of timing and interpolation", constant velocity being
/// `.paced`'s.
@Suite struct KeyframeModeTests {
    /// `animation` on a layer, 1 s from time 0, the layer's property read at `t`.
    static func presented(_ animation: CAKeyframeAnimation, at t: Double) throws -> LayerProperties {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let layer = CALayer()
        root.addSublayer(layer)
        animation.duration = 1
        animation.beginTime = 1e-9   // absolute 0: not "now"
        layer.add(animation, forKey: "k")
        return try #require(root.presentation(at: t).sublayers.first).properties
    }

    /// Opacity through 0, 0.2, 0.6 paced: spaced by distance, so 0.5 of the time is 0.3, with or
    /// without an ease-in timing function and odd key times.
    @Test func pacedIgnoresTimingFunctionsAndKeyTimes() throws {
        for eased in [false, true] {
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [0.0, 0.2, 0.6]
            fade.calculationMode = .paced
            fade.keyTimes = [0, 0.9, 1]
            if eased { fade.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)] }
            #expect(abs(try Self.presented(fade, at: 0.5).opacity - 0.3) < 1e-6, "eased: \(eased)")
            #expect(abs(try Self.presented(fade, at: 0.25).opacity - 0.15) < 1e-6)
        }
    }

    /// A path of a long line (100) then a short one (10): in `.linear` each element takes half
    /// the time, so at 0.5 the layer is at the corner and at 0.75 halfway down the short line;
    /// in `.paced` it moves at constant speed, 55 along at 0.5.
    @Test func pathPointsAreKeyframesUnlessPaced() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 10))
        func position(_ mode: CAAnimationCalculationMode, at t: Double, keyTimes: [NSNumber]? = nil) throws -> CGPoint {
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path
            move.calculationMode = mode
            move.keyTimes = keyTimes
            return try Self.presented(move, at: t).position
        }
        func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool { abs(p.x - x) < 1e-6 && abs(p.y - y) < 1e-6 }
        #expect(near(try position(.linear, at: 0.5), 100, 0))
        #expect(near(try position(.linear, at: 0.25), 50, 0))
        #expect(near(try position(.linear, at: 0.75), 100, 5))
        #expect(near(try position(.paced, at: 0.5), 55, 0))
        #expect(near(try position(.cubicPaced, at: 0.5), 55, 0))
        // Key times, one per keyframe (the first point and each element's end).
        #expect(near(try position(.linear, at: 0.45, keyTimes: [0, 0.9, 1]), 50, 0))
        #expect(near(try position(.linear, at: 0.95, keyTimes: [0, 0.9, 1]), 100, 5))
        // Discrete: each keyframe held for a third of the time.
        #expect(near(try position(.discrete, at: 0.2), 0, 0))
        #expect(near(try position(.discrete, at: 0.5), 100, 0))
        #expect(near(try position(.discrete, at: 0.9), 100, 10))
    }

    /// Along a curved element the value follows the Bézier's parameter, not its length, as
    /// Apple's renders show: a straight cubic from 0 to 100 with its first handle at 90 is at
    /// the cubic's x(0.5) = 0.375 · 90 + 0.375 · 100 + 0.125 · 100 = 83.75 half way, not at 50.
    @Test func curvedElementsFollowTheirParameter() throws {
        let curve = CGMutablePath()
        curve.move(to: CGPoint(x: 0, y: 0))
        curve.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 100, y: 0))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = curve
        let half = try Self.presented(move, at: 0.5).position
        #expect(abs(half.x - 83.75) < 1e-6 && half.y == 0, "\(half)")
    }

    /// A timing function per element eases that element only: linear on the first, so a quarter
    /// of the time is halfway along it; and a closed subpath's closing line is an element too.
    @Test func elementsTakeTheirTimingFunctionsAndCloseIsAnElement() throws {
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 0, y: 0))
        triangle.addLine(to: CGPoint(x: 30, y: 0))
        triangle.addLine(to: CGPoint(x: 30, y: 30))
        triangle.closeSubpath()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = triangle
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        move.timingFunctions = [CAMediaTimingFunction(name: .linear), easeIn, easeIn]
        let sixth = try Self.presented(move, at: 1.0 / 6).position
        #expect(abs(sixth.x - 15) < 1e-6 && abs(sixth.y) < 1e-6)
        // The last third runs the closing line back to (0, 0), eased in: behind its midpoint halfway.
        let lastHalf = try Self.presented(move, at: 5.0 / 6).position
        #expect(lastHalf.x > 15 && abs(lastHalf.x - lastHalf.y) < 1e-6, "\(lastHalf)")
        let end = try Self.presented(move, at: 0.999999).position
        #expect(abs(end.x) < 0.01 && abs(end.y) < 0.01)
    }
}
