import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Declarative sequencing (seed 003's idea on Core Animation's timing model) and its playback
/// controls.
@Suite struct SequencingTests {
    /// A layer at opacity 0 and position (0, 0), in a tree whose clock is at 0.
    static func scene() -> (layer: CALayer, root: CALayer, clock: AnimationClock) {
        let layer = CALayer()
        layer.opacity = 0
        let (root, clock) = tree(with: layer)
        return (layer, root, clock)
    }

    static func shown(_ layer: CALayer, _ root: CALayer, at t: Double) -> (opacity: Double, x: Double, y: Double) {
        let properties = presented(layer, in: root, at: t)
        return (Double(properties.opacity), Double(properties.position.x), Double(properties.position.y))
    }

    /// Opacity is a Float: 1e-6.
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func stepsRunOneAfterAnotherWithOneCompletion() {
        let (layer, root, clock) = Self.scene()
        var completions: [Bool] = []
        let token = layer.animate(.fadeIn(duration: 1),
                                  .move(to: CGPoint(x: 200, y: 100), duration: 2),
                                  completion: { completions.append($0) })
        #expect(token.duration == 3)
        let atHalf = Self.shown(layer, root, at: 0.5)
        #expect(Self.close(atHalf.opacity, 0.5) && atHalf.x == 0)
        // The fade holds its end while the move runs from where the layer was.
        let atTwo = Self.shown(layer, root, at: 2)
        #expect(Self.close(atTwo.opacity, 1) && Self.close(atTwo.x, 100) && Self.close(atTwo.y, 50))

        clock.advance(to: 2.9)
        #expect(completions.isEmpty && token.state == .running)
        #expect(Self.close(token.progress, 2.9 / 3))
        clock.advance(to: 3)
        clock.advance(to: 4)
        #expect(completions == [true] && token.state == .finished && token.progress == 1)
        // Its end values are now the model's, and nothing is left attached.
        #expect(layer.opacity == 1 && layer.position == CGPoint(x: 200, y: 100))
        #expect(layer.attached.isEmpty)
        let after = Self.shown(layer, root, at: 4)
        #expect(after.opacity == 1 && after.x == 200)
    }

    @Test func parallelStepsEndWithTheLongest() {
        let (layer, root, clock) = Self.scene()
        var completions: [Bool] = []
        let token = layer.animate(parallel: .fadeIn(duration: 1),
                                  .scale(values: [1, 1.3, 1], keyTimes: [0, 0.5, 1], duration: 0.4),
                                  .sequence(.wait(1), .move(to: CGPoint(x: 10, y: 0), duration: 1)),
                                  completion: { completions.append($0) })
        #expect(token.duration == 2)
        let shown = presented(layer, in: root, at: 0.2)
        #expect(abs(Double(shown.opacity) - 0.2) < 1e-6 && Self.close(Double(shown.transform.m11), 1.3))
        #expect(shown.position.x == 0, "the move waits 1 s")
        // The scale keyframes do not fill forwards (seed 003's): the layer's own scale after 0.4 s.
        #expect(presented(layer, in: root, at: 0.6).transform.m11 == 1)
        #expect(Self.close(Double(presented(layer, in: root, at: 1.5).position.x), 5))
        clock.advance(to: 1.99)
        #expect(completions.isEmpty)
        clock.advance(to: 2)
        #expect(completions == [true])
        #expect(layer.opacity == 1 && layer.position.x == 10 && layer.transform.m11 == 1)
    }

    @Test func pauseResumeSeekAndProgress() {
        let (layer, root, clock) = Self.scene()
        var completions: [Bool] = []
        let token = layer.animate(.fadeIn(duration: 2), completion: { completions.append($0) })
        clock.advance(to: 0.5)
        token.pause()
        #expect(token.state == .paused && Self.close(token.progress, 0.25))
        clock.advance(to: 10)
        #expect(Self.close(Self.shown(layer, root, at: 10).opacity, 0.25), "frozen while paused")
        #expect(completions.isEmpty)

        token.resume()
        #expect(Self.close(Self.shown(layer, root, at: 10.5).opacity, 0.5), "goes on from 0.5 s")
        token.seek(to: 1.5)
        #expect(Self.close(token.elapsed, 1.5) && Self.close(Self.shown(layer, root, at: 10.25).opacity, 0.875))
        token.pause()
        token.seek(toProgress: 0.5)
        #expect(Self.close(Self.shown(layer, root, at: 99).opacity, 0.5) && Self.close(token.progress, 0.5))
        // Scrubbed to its very end while paused: the end shows, and it has not finished.
        token.seek(toProgress: 1)
        #expect(Self.close(Self.shown(layer, root, at: 99).opacity, 1))
        clock.advance(to: 20)
        #expect(completions.isEmpty && token.state == .paused)

        token.seek(to: 1)
        token.resume()
        clock.advance(to: 20.99)
        #expect(completions.isEmpty)
        clock.advance(to: 21)
        #expect(completions == [true] && layer.opacity == 1)
    }

    @Test func stopRemovesTheRunAndKeepsTheModel() {
        let (layer, root, clock) = Self.scene()
        var completions: [Bool] = []
        let token = layer.animate(.fadeIn(duration: 2), completion: { completions.append($0) })
        clock.advance(to: 1)
        token.stop()
        #expect(completions == [false] && token.state == .stopped && token.progress == 0)
        #expect(layer.opacity == 0 && Self.shown(layer, root, at: 1).opacity == 0 && layer.attached.isEmpty)
        clock.advance(to: 5)
        token.stop()
        #expect(completions == [false], "the completion is called once")

        // play() runs it again from the beginning, now.
        token.play()
        #expect(token.state == .running)
        #expect(Self.close(Self.shown(layer, root, at: 6).opacity, 0.5))
    }

    /// A step given as an animation keeps its own timing: its beginTime delays it inside the
    /// step, and without a forwards fill its value goes once it ends while the run goes on.
    @Test func anAnimationStepKeepsItsTiming() {
        let (layer, root, _) = Self.scene()
        let blink = CABasicAnimation(keyPath: "opacity")
        blink.fromValue = 0.0
        blink.toValue = 1.0
        blink.duration = 1
        blink.beginTime = 0.5
        let token = layer.animate(.animation(blink), .move(to: CGPoint(x: 10, y: 0), duration: 1))
        #expect(token.duration == 2.5)
        #expect(Self.shown(layer, root, at: 0.25).opacity == 0)
        #expect(Self.close(Self.shown(layer, root, at: 1).opacity, 0.5))
        let moving = Self.shown(layer, root, at: 2)
        #expect(moving.opacity == 0 && Self.close(moving.x, 5), "the blink is over, the move half-way")
    }

    @Test func nothingToRunEndsAtTheNextStep() {
        let (layer, root, clock) = Self.scene()
        var completions: [Bool] = []
        let token = layer.animate(.wait(0), completion: { completions.append($0) })
        #expect(token.duration == 0 && completions.isEmpty)
        withExtendedLifetime(root) { clock.advance(to: 0.01) }
        #expect(completions == [true] && token.progress == 1)
    }
}
