import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

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

    /// Implicit animations and a transaction, as the README writes them, on a fresh tree.
    @Test func implicitAnimationsAndTransactions() {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)

        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 50, height: 50)  // building a tree animates nothing
        root.addSublayer(box)
        #expect(box.animationKeys() == nil)
        _ = root.presentation(at: clock.time)                   // shown (rendering shows it too)

        box.opacity = 0.5                                       // 0.25 s from 1, on the `default` curve
        var moved = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { moved += 1 }
        box.position = CGPoint(x: 200, y: 25)                   // 1 s from where it is shown
        CATransaction.commit()
        #expect(box.animation(forKey: "opacity")?.duration == 0.25)
        #expect(box.animation(forKey: "position")?.duration == 1)
        #expect(moved == 0)
        clock.advance(by: 1)                                    // prints "moved"
        #expect(moved == 1)
        #expect(box.animationKeys() == nil, "both over and removed")
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

    /// "Core Animation Archives": the example as written, with the archive from the fixtures.
    /// `rootLayerForDisplay()` draws the check the right way up: its point at the bottom left of
    /// the circle's middle, its long arm rising to the top right. Upside down (the root's flip
    /// kept), the point would be at the top.
    @Test func archiveExampleIsTheRightWayUp() throws {
        let url = try TestFixtures.url("Checkmark", "caar")
        let archive = try SceneDocument(contentsOf: url)
        let checkmark = archive.rootLayerForDisplay()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("readme-copy-\(UUID().uuidString).caar")
        defer { try? FileManager.default.removeItem(at: copy) }
        try SceneDocument(rootLayer: checkmark, documentSize: archive.documentSize,
                          geometryFlipped: archive.isGeometryFlipped).writeArchive(to: copy)

        let renderer = LayerRenderer()
        renderer.scale = 0.5
        let pixmap = try Pixmap(width: 200, height: 200)
        renderer.render(checkmark, at: 1, into: pixmap)

        // The check lies inside the circle (radius 68.5 px about (100, 101.5), stroke 2 px): look
        // at the covered pixels well inside it.
        var lowest = (x: 0, y: -1), highest = (x: 0, y: 200)
        for y in 0..<200 {
            for x in 0..<200 where pixmap[x, y].a > 128 {
                let dx = Double(x) - 100, dy = Double(y) - 101.5
                guard dx * dx + dy * dy < 60 * 60 else { continue }
                if y > lowest.y { lowest = (x, y) }
                if y < highest.y { highest = (x, y) }
            }
        }
        #expect(lowest.y > 120 && lowest.x < 100, "the check's point, low and left: \(lowest)")
        #expect(highest.y < 80 && highest.x > 120, "the end of its long arm, high and right: \(highest)")
        #expect(!checkmark.isGeometryFlipped && archive.rootLayer === checkmark)
    }
}
