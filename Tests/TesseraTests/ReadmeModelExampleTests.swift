import Foundation
import Testing
import TesseraRaster
@testable import Tessera

/// The README's Core Animation examples, as written there, with their results checked.
@Suite struct ReadmeModelExampleTests {
    @Test func pulseAndSequence() {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        root.addSublayer(dot)

        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1.0
        pulse.toValue = 1.3
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")

        clock.advance(to: 0.25)
        let frame = root.presentation(at: clock.time)
        #expect(abs(Double(frame.sublayers[0].properties.transform.m11) - 1.15) < 1e-12)

        var finished: [Bool] = []
        let token = dot.animate(.fadeIn(duration: 1),
                                .parallel(.move(to: CGPoint(x: 200, y: 100), duration: 2),
                                          .scale(values: [1, 1.3, 1], keyTimes: [0, 0.5, 1])),
                                completion: { finished.append($0) })
        token.pause(); token.seek(toProgress: 0.5); token.resume()
        #expect(token.duration == 3 && abs(token.progress - 0.5) < 1e-12)
        clock.advance(to: 0.25 + 1.5)
        #expect(finished == [true] && dot.position == CGPoint(x: 200, y: 100))
    }

    /// "Rendering layers": the pulsing dot drawn at scale 2 (the default black fill).
    @Test func rendering() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(dot)

        let renderer = LayerRenderer()
        renderer.scale = 2
        let pixmap = try Pixmap(width: 400, height: 400)
        renderer.render(root, at: clock.time, into: pixmap)
        #expect(pixmap[10, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), "the dot's middle")
        #expect(pixmap[30, 30].a == 0, "outside it")
    }
}
