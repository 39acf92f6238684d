import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Seed 000's play/stop of an archived animation layer: stop() rewinds the layer's timeline and
/// freezes it (timeOffset 0, speed 0); play() runs it from the start (speed 1, beginTime = now).
@Suite struct Seed000PlaybackTests {
    /// An archived-style layer: a checkmark stroke drawn on from the start of the timeline
    /// (beginTime 1e-6, as exporters write it), held at its end.
    final class ArchivePlayer {
        let animationLayer = CALayer()
        let checkmark = CAShapeLayer()

        init() {
            checkmark.strokeEnd = 0
            let drawOn = CABasicAnimation(keyPath: "strokeEnd")
            drawOn.fromValue = 0
            drawOn.toValue = 1
            drawOn.duration = 1
            drawOn.beginTime = 1e-6
            drawOn.fillMode = kCAFillModeForwards
            drawOn.isRemovedOnCompletion = false
            checkmark.add(drawOn, forKey: "strokeEnd")
            animationLayer.addSublayer(checkmark)
        }

        func stop() {
            animationLayer.timeOffset = 0
            animationLayer.speed = 0
        }

        func play() {
            animationLayer.speed = 1
            animationLayer.beginTime = CACurrentMediaTime()
        }

        func strokeEnd(at t: CFTimeInterval) -> Double {
            Double(animationLayer.presentation(at: t).sublayers[0].properties.strokeEnd)
        }
    }

    @Test func stopFreezesAtTheStartAndPlayRunsFromNow() {
        let player = ArchivePlayer()
        player.stop()
        let now = CACurrentMediaTime()
        for t in [now, now + 0.5, now + 100] {
            #expect(player.strokeEnd(at: t) == 0, "stopped: the start of the timeline at \(t)")
        }

        player.play()
        let start = player.animationLayer.beginTime
        #expect(start >= now)
        #expect(abs(player.strokeEnd(at: start + 0.25) - (0.25 - 1e-6)) < 1e-12)
        #expect(abs(player.strokeEnd(at: start + 0.5) - (0.5 - 1e-6)) < 1e-12)
        #expect(player.strokeEnd(at: start + 5) == 1, "held at its end")

        // Stopping mid-way goes back to the beginning, whatever the time.
        player.stop()
        #expect(player.strokeEnd(at: start + 0.5) == 0)
        #expect(player.strokeEnd(at: start + 5) == 0)
    }
}
