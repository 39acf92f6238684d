import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// How a layer with a CATransition is drawn: each type and subtype at chosen progress values,
/// pixel for pixel against the rule ``CATransition`` documents, the cross-fade's sums, the clip
/// of a layer that masksToBounds, and the same bytes at any thread count.
@Suite struct TransitionDrawingTests {
    static let subtypes: [CATransitionSubtype?] = [nil, .fromLeft, .fromRight, .fromTop, .fromBottom]

    @Test(arguments: [CATransitionType.moveIn, .push, .reveal])
    func motionsMoveTheRenderingsBySideAndProgress(type: CATransitionType) throws {
        for subtype in Self.subtypes {
            for progress in [0, 0.25, 0.5, 0.75] {
                let scene = try TransitionScene(axis: subtype == .fromTop || subtype == .fromBottom ? .vertical : .horizontal)
                scene.root.add(TransitionScene.transition(type, subtype), forKey: kCATransition)
                scene.root.replaceSublayer(scene.old, with: scene.new)
                let line = scene.line(try scene.render(at: progress))
                #expect(line == scene.expected(type, subtype, progress: progress),
                        "\(type.rawValue) \(subtype?.rawValue ?? "nil") at \(progress)")
            }
        }
    }

    /// The brief's example, spelled out: push fromRight at 0.25 on a layer 100 wide.
    @Test func pushFromRightAtAQuarter() throws {
        let scene = try TransitionScene()
        scene.root.add(TransitionScene.transition(.push, .fromRight), forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        let line = scene.line(try scene.render(at: 0.25))
        // The old moved left by 25: its red half at 0..<25, its green half at 25..<75; the new's
        // blue half at 75..<100.
        #expect(line[0..<25].allSatisfy { $0 == TransitionScene.red })
        #expect(line[25..<75].allSatisfy { $0 == TransitionScene.green })
        #expect(line[75..<100].allSatisfy { $0 == TransitionScene.blue })
    }

    /// At its end (and after it) the layer shows its new state alone.
    @Test(arguments: [CATransitionType.fade, .moveIn, .push, .reveal])
    func theEndShowsTheNewState(type: CATransitionType) throws {
        let scene = try TransitionScene()
        scene.root.add(TransitionScene.transition(type, .fromBottom), forKey: kCATransition)
        scene.root.replaceSublayer(scene.old, with: scene.new)
        let expected = (0..<TransitionScene.width).map { $0 < 50 ? TransitionScene.blue : TransitionScene.yellow }
        #expect(scene.line(try scene.render(at: 1)) == expected)
        #expect(scene.line(try scene.render(at: 3)) == expected)
    }

    /// fade: (1 − p) × old + p × new in each channel, premultiplied; each rendering is drawn
    /// into 8 bits at its opacity before the sum, so a channel may be 1 off the exact value.
    @Test func fadeCrossFades() throws {
        for progress in [0.0, 0.25, 0.5, 0.75] {
            let scene = try TransitionScene()
            scene.root.add(TransitionScene.transition(.fade), forKey: kCATransition)
            scene.root.replaceSublayer(scene.old, with: scene.new)
            let line = scene.line(try scene.render(at: progress))
            for x in [0, 30, 70, 99] {
                let old = x < 50 ? TransitionScene.red : TransitionScene.green
                let new = x < 50 ? TransitionScene.blue : TransitionScene.yellow
                let expected = (0..<4).map { Int(((1 - progress) * Double(old[$0]) + progress * Double(new[$0])).rounded()) }
                let got = try #require(line[x])
                #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "at \(progress), x \(x): \(got) vs \(expected)")
            }
        }
    }

    /// The transition of a layer in the middle of the root, its background changed: without
    /// masksToBounds the renderings move past its bounds, with it they are clipped to them.
    @Test(arguments: [false, true])
    func masksToBoundsClipsTheMotion(clips: Bool) throws {
        let scene = try TransitionScene()
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        card.backgroundColor = TransitionScene.color(TransitionScene.red)
        card.masksToBounds = clips
        scene.root.replaceSublayer(scene.old, with: card)
        _ = try scene.render(at: 0)
        card.add(TransitionScene.transition(.push, .fromRight), forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // no implicit animation of the colour
        card.backgroundColor = TransitionScene.color(TransitionScene.blue)
        CATransaction.commit()
        let image = try scene.render(at: 0.25)
        // Travel 40: the old moves left by 10 (card x 20..<60 → 10..<50), the new starts 30 to
        // the right (50..<90).
        func expected(_ x: Int) -> [Int] {
            if clips && (x < 20 || x >= 60) { return [0, 0, 0, 0] }
            if x >= 10 && x < 50 { return TransitionScene.red }
            if x >= 50 && x < 90 { return TransitionScene.blue }
            return [0, 0, 0, 0]
        }
        for x in 0..<TransitionScene.width {
            let p = image[x, 30]
            #expect([Int(p.r), Int(p.g), Int(p.b), Int(p.a)] == expected(x), "x \(x)")
        }
        // Above the card: nothing.
        #expect(image[30, 10].a == 0)
    }

    /// The combination takes the layer's opacity as one image: at half opacity, moveIn shows
    /// each rendering at half alpha, neither showing through the other.
    @Test func theLayersOpacityAppliesToTheCombination() throws {
        let scene = try TransitionScene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // no implicit animations: the values as set
        scene.old.opacity = 0.5
        CATransaction.commit()
        _ = try scene.render(at: 0)
        scene.old.add(TransitionScene.transition(.moveIn, .fromLeft), forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.old.backgroundColor = TransitionScene.color(TransitionScene.blue)
        scene.old.sublayers?.first?.backgroundColor = TransitionScene.color(TransitionScene.yellow)
        CATransaction.commit()
        let line = scene.line(try scene.render(at: 0.5))
        // The new (blue, then yellow) moved by −50: its yellow half over 0..<50; the old's green
        // half beyond. Premultiplied at alpha 0.5.
        let half = { (c: [Int]) in c.map { Double($0) * 0.5 } }
        func near(_ got: [Int]?, _ expected: [Double]) -> Bool {
            guard let got else { return false }
            return zip(got, expected).allSatisfy { abs(Double($0) - $1) <= 1 }
        }
        for x in [0, 49] { #expect(near(line[x], half(TransitionScene.yellow)), "x \(x): \(String(describing: line[x]))") }
        for x in [50, 99] { #expect(near(line[x], half(TransitionScene.green)), "x \(x): \(String(describing: line[x]))") }
    }

    /// The layer's mask applies to the combination, at rest: a mask over the left half keeps the
    /// moving renderings to it.
    @Test func theLayersMaskAppliesToTheCombination() throws {
        let scene = try TransitionScene()
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 80)
        mask.backgroundColor = TransitionScene.color([255, 255, 255, 255])
        scene.old.mask = mask
        _ = try scene.render(at: 0)
        scene.old.add(TransitionScene.transition(.push, .fromRight), forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.old.backgroundColor = TransitionScene.color(TransitionScene.blue)
        scene.old.sublayers?.first?.backgroundColor = TransitionScene.color(TransitionScene.yellow)
        CATransaction.commit()
        let line = scene.line(try scene.render(at: 0.25))
        // The old (red | green) moved left by 25: red over 0..<25, green over 25..<75, of which
        // the mask keeps 0..<50; the new from 75 on is masked out.
        #expect(line[0..<25].allSatisfy { $0 == TransitionScene.red })
        #expect(line[25..<50].allSatisfy { $0 == TransitionScene.green })
        #expect(line[50..<100].allSatisfy { $0 == [0, 0, 0, 0] })
    }

    /// A large tree (recorded on several threads) with transitions of each type running on
    /// some of its cards: the same bytes on 1, 2 and 4 threads.
    @Test func theFrameIsTheSameAtAnyThreadCount() throws {
        let root = ParallelRecordingTests.tree()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let pixmap = try Pixmap(width: 96, height: 96)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
        let types: [CATransitionType] = [.fade, .moveIn, .push, .reveal]
        for (k, card) in (root.sublayers ?? []).enumerated() where k % 3 == 0 {
            card.add(TransitionScene.transition(types[k % 4], .fromTop), forKey: kCATransition)
            card.sublayers?.first?.removeFromSuperlayer()
            card.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        }
        let frames = try [1, 2, 4].map { threads in
            let image = try Pixmap(width: 96, height: 96)
            LayerRenderer(threadCount: threads).render(root, at: 0.3, into: image)
            return image.bytes
        }
        #expect(frames[0] == frames[1] && frames[0] == frames[2])
        // And the transitions show: not the frame without them.
        let after = try Pixmap(width: 96, height: 96)
        LayerRenderer(threadCount: 1).render(root, at: 2, into: after)
        #expect(frames[0] != after.bytes)
    }
}
