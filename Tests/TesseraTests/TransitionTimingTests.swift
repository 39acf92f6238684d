import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// A CATransition's progress over its timing: startProgress and endProgress, the timing
/// function, both orders of adding it and changing the layer, a layer never presented, and its
/// removal at the end.
@Suite struct TransitionTimingTests {
    /// The fraction of blue in the cross-fade of a fade transition, read at the scene's first pixel.
    static func blueFraction(_ scene: TransitionScene, at t: Double) throws -> Double {
        Double(try scene.render(at: t)[0, 0].b) / 255
    }

    /// Progress values whose products with the sides are whole pixels (binary fractions: the
    /// properties are `Float`s).
    @Test func startAndEndProgressBoundTheProgress() throws {
        let scene = try TransitionScene()
        let transition = TransitionScene.transition(.push, .fromRight)
        transition.startProgress = 0.25
        transition.endProgress = 0.75
        transition.fillMode = .forwards
        transition.isRemovedOnCompletion = false
        scene.root.add(transition, forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        // At the start 0.25; half way through the time 0.25 + (0.75 − 0.25) × 0.5 = 0.5; at the
        // end (filled forwards) 0.75.
        #expect(scene.line(try scene.render(at: 0)) == scene.expected(.push, .fromRight, progress: 0.25))
        #expect(scene.line(try scene.render(at: 0.5)) == scene.expected(.push, .fromRight, progress: 0.5))
        #expect(scene.line(try scene.render(at: 1)) == scene.expected(.push, .fromRight, progress: 0.75))
    }

    /// Out-of-range progress values are clamped: start to [0, 1], end to [start, 1].
    @Test func progressValuesAreClamped() throws {
        let scene = try TransitionScene()
        let transition = TransitionScene.transition(.push, .fromLeft)
        transition.startProgress = -3
        transition.endProgress = .nan   // reads as 1
        scene.root.add(transition, forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        #expect(scene.line(try scene.render(at: 0.25)) == scene.expected(.push, .fromLeft, progress: 0.25))

        let backwards = try TransitionScene()
        let stuck = TransitionScene.transition(.push, .fromLeft)
        stuck.startProgress = 0.5
        stuck.endProgress = 0.25   // below the start: raised to 0.5
        backwards.root.add(stuck, forKey: kCATransition)
        backwards.root.replaceSublayer(backwards.old, with: backwards.new)
        #expect(backwards.line(try backwards.render(at: 0.75)) == backwards.expected(.push, .fromLeft, progress: 0.5))
    }

    /// The progress follows the timing function: easeIn's y at half the time, from its control
    /// points (0.42, 0) and (1, 1).
    @Test func theTimingFunctionShapesTheProgress() throws {
        let scene = try TransitionScene()
        let transition = TransitionScene.transition(.fade)
        transition.timingFunction = CAMediaTimingFunction(name: .easeIn)
        scene.root.add(transition, forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        let expected = bezierY(0.5, Double(Float(0.42)), 0, 1, 1)
        #expect(abs(try Self.blueFraction(scene, at: 0.5) - expected) <= 1.0 / 255)
    }

    /// The layer's and the animation's timing both apply: beginTime later, speed 2.
    @Test func beginTimeAndSpeedApply() throws {
        let scene = try TransitionScene()
        let transition = TransitionScene.transition(.push, .fromRight)
        transition.beginTime = 1
        transition.speed = 2
        transition.fillMode = .backwards
        scene.root.add(transition, forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        // Before it begins, filled backwards: the start. At 1.25: (1.25 − 1) × 2 = half way.
        #expect(scene.line(try scene.render(at: 0.5)) == scene.expected(.push, .fromRight, progress: 0))
        #expect(scene.line(try scene.render(at: 1.25)) == scene.expected(.push, .fromRight, progress: 0.5))
    }

    /// Changing the layer first, then adding the transition in the same transaction, starts from
    /// what was presented before the change too.
    @Test func changeThenAddStartsFromWhatWasShown() throws {
        let scene = try TransitionScene()
        scene.root.replaceSublayer(scene.old, with: scene.new)
        scene.root.add(TransitionScene.transition(.moveIn, .fromBottom), forKey: kCATransition)
        let vertical = try TransitionScene(axis: .vertical)   // the same rule along y
        vertical.root.replaceSublayer(vertical.old, with: vertical.new)
        vertical.root.add(TransitionScene.transition(.moveIn, .fromBottom), forKey: kCATransition)
        #expect(vertical.line(try vertical.render(at: 0.25)) == vertical.expected(.moveIn, .fromBottom, progress: 0.25))
        // The horizontal scene: the new one's halves side by side, a quarter up from the bottom.
        let image = try scene.render(at: 0.25)
        #expect(image[10, 10].r == 255 && image[10, 10].g == 0)   // old red, above the new
        #expect(image[10, 70].b == 255 && image[90, 70].g == 255 && image[90, 70].r == 255)   // new blue | yellow
        #expect(image[90, 10].g == 255 && image[90, 10].r == 0)   // old green
    }

    /// A layer never presented has nothing to transition from: it shows its new state at once,
    /// and the transition is still added (and removed at its end).
    @Test func aLayerNeverPresentedShowsItsNewState() throws {
        let scene = try TransitionScene(presented: false)
        let log = DelegateLog()
        let transition = TransitionScene.transition(.push, .fromRight)
        transition.delegate = log
        scene.root.add(transition, forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        #expect(scene.root.animationKeys() == [kCATransition])
        #expect(scene.line(try scene.render(at: 0.25)) == scene.expected(.push, .fromRight, progress: 1))
        scene.clock.advance(to: 2)
        #expect(log.events == ["start", "stop true"])
        #expect(scene.root.animationKeys() == nil)
    }

    /// At its end the clock removes it (removedOnCompletion); kept with a forwards fill, the layer
    /// stays at the end progress.
    @Test func theTransitionIsRemovedAtItsEndOrKeptByItsFill() throws {
        let scene = try TransitionScene()
        scene.root.add(TransitionScene.transition(.reveal, .fromLeft), forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        scene.clock.advance(to: 0.5)
        #expect(scene.root.animation(forKey: kCATransition) is CATransition)
        scene.clock.advance(to: 1.5)
        #expect(scene.root.animationKeys() == nil)
        #expect(scene.line(try scene.render(at: 1.5)) == scene.expected(.reveal, .fromLeft, progress: 1))

        let kept = try TransitionScene()
        let transition = TransitionScene.transition(.reveal, .fromLeft)
        transition.endProgress = 0.5
        transition.isRemovedOnCompletion = false
        transition.fillMode = .forwards
        kept.root.add(transition, forKey: kCATransition)
        kept.root.replaceSublayer(kept.old, with: kept.new)
        kept.clock.advance(to: 3)
        #expect(kept.root.animationKeys() == [kCATransition])
        #expect(kept.line(try kept.render(at: 3)) == kept.expected(.reveal, .fromLeft, progress: 0.5))
    }

    /// A transition that replaces another starts from the layer as last presented, without the
    /// other's blend (Tessera's documented difference): here the state the first one went to.
    @Test func aTransitionReplacingAnotherStartsFromItsNewState() throws {
        let scene = try TransitionScene()
        scene.root.add(TransitionScene.transition(.fade), forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        _ = try scene.render(at: 0.5)   // presented mid-fade
        let third = TransitionScene.halves(.horizontal, TransitionScene.green, TransitionScene.red)
        scene.root.add(TransitionScene.transition(.push, .fromRight), forKey: kCATransition)
        scene.root.replaceSublayer(scene.new, with: third)
        let line = scene.line(try scene.render(at: 0.25))
        // Push from the new scene (blue | yellow) moved left by 25 to the third (green | red).
        #expect(line[0..<25].allSatisfy { $0 == TransitionScene.blue })
        #expect(line[25..<75].allSatisfy { $0 == TransitionScene.yellow })
        #expect(line[75..<100].allSatisfy { $0 == TransitionScene.green })
    }

    /// The API's shapes and defaults, as QuartzCore's.
    @Test func defaultsAndCopies() throws {
        let transition = CATransition()
        #expect(transition.type == .fade && transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1 && transition.filter == nil)
        #expect(kCATransition == "transition" && kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut")
        #expect(CATransitionType.push.rawValue == "push" && CATransitionSubtype.fromTop.rawValue == "fromTop")
        transition.type = .reveal
        transition.subtype = .fromBottom
        transition.startProgress = 0.1
        let copy = try #require(transition.copy() as? CATransition)
        #expect(copy.type == .reveal && copy.subtype == .fromBottom && copy.startProgress == 0.1)
    }

    /// Not in archives (a typed error, not a crash) nor in groups (reported, left out).
    @Test func archivesAndGroupsLeaveTransitionsOut() throws {
        let scene = try TransitionScene()
        scene.root.add(TransitionScene.transition(.fade), forKey: kCATransition)
        #expect(throws: SceneDocumentError.self) { try SceneDocument(rootLayer: scene.root).archiveData() }
        let group = CAAnimationGroup()
        group.animations = [TransitionScene.transition(.push)]
        scene.old.add(group, forKey: "group")
        #expect(scene.old.diagnostics.contains("CATransition inside a CAAnimationGroup: ignored"))
    }
}
