import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// The evaluation plan caches a tree's shape and animations: every change made after a frame
/// must show in the next one, and the clock, quiet while nothing has events ahead, must wake
/// for what is added later.
@Suite struct EvaluationPlanTests {
    static func fade(to value: Double, duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1.0
        animation.toValue = value
        animation.duration = duration
        return animation
    }

    /// Each chunk of the evaluation works out its layers' times from the ancestors of its first
    /// layer: every split of the layers gives each layer the time one pass over them gives.
    @Test func timesWorkedOutInRangesAreThoseOfOnePass() {
        let root = CALayer()
        root.speed = 2
        for i in 0..<3 {
            let group = CALayer()
            group.timeOffset = Double(i)
            group.beginTime = 0.25 * Double(i)
            for j in 0..<3 {
                let child = CALayer()
                child.speed = Float(j + 1) / 2
                let leaf = CALayer()
                leaf.timeOffset = 0.5
                leaf.duration = j == 2 ? 0.1 : 0   // the last one's time is over: NaN below it
                child.addSublayer(leaf)
                leaf.addSublayer(CALayer())
                group.addSublayer(child)
            }
            root.addSublayer(group)
        }
        let plan = root.evaluationPlan
        let whole = plan.localTimes(rootParentTime: 3)
        #expect(whole.contains { $0.isNaN } && whole.contains { !$0.isNaN })
        for split in 0...plan.count {
            let times = [Double](unsafeUninitializedCapacity: plan.count) { times, initialized in
                plan.localTimes(of: split..<plan.count, rootParentTime: 3, into: times)
                plan.localTimes(of: 0..<split, rootParentTime: 3, into: times)
                initialized = plan.count
            }
            #expect(times.map(\.bitPattern) == whole.map(\.bitPattern), "split at \(split)")
        }
    }

    /// On two threads a tree is cut as it always was (none below 256 layers, then two chunks per
    /// 256 layers up to eight); on more, chunks get smaller, down to 16 layers: 200 text layers
    /// are 12 chunks on 16 threads, layer-tree's 2,041 layers 64. Past the threads, every thread
    /// gets as many.
    @Test func chunksShrinkWithTheThreads() {
        for layers in 0...3_000 {
            let before = layers < 256 ? 1 : 2 * min(4, layers / 256)
            #expect(EvaluationPlan.chunkCount(layers: layers, threadCount: 2) == before)
            #expect(EvaluationPlan.chunkCount(layers: layers, threadCount: 1) == 1)
            for threads in [3, 4, 8, 16, 64] {
                let chunks = EvaluationPlan.chunkCount(layers: layers, threadCount: threads)
                #expect(chunks >= 1 && chunks <= max(1, layers / 16))
                #expect(chunks < threads || chunks % threads == 0)
            }
        }
        #expect(EvaluationPlan.chunkCount(layers: 201, threadCount: 16) == 12)
        #expect(EvaluationPlan.chunkCount(layers: 2_041, threadCount: 16) == 64)
    }

    @Test func changesAfterAFrameShowInTheNext() {
        let root = CALayer()
        let a = CALayer()
        a.name = "a"
        root.addSublayer(a)
        #expect(root.presentation(at: 0).sublayers.map(\.name) == ["a"])

        let b = CALayer()
        b.name = "b"
        root.insertSublayer(b, at: 0)
        #expect(root.presentation(at: 0).sublayers.map(\.name) == ["b", "a"])

        a.name = "renamed"
        b.removeFromSuperlayer()
        #expect(root.presentation(at: 0).sublayers.map(\.name) == ["renamed"])

        let mask = CALayer()
        mask.name = "mask"
        a.mask = mask
        #expect(root.presentation(at: 0).sublayers[0].mask?.name == "mask")
        a.mask = nil
        #expect(root.presentation(at: 0).sublayers[0].mask == nil)

        // Model values are read live, not cached.
        a.opacity = 0.5
        #expect(root.presentation(at: 0).sublayers[0].properties.opacity == 0.5)

        a.add(Self.fade(to: 0), forKey: "fade")
        a.beginTime = 0
        let animated = root.presentation(at: a.convertTime(0, to: nil) + 0.5)
        #expect(abs(animated.sublayers[0].properties.opacity - 0.5) < 1e-6)
        a.removeAnimation(forKey: "fade")
        #expect(root.presentation(at: 100).sublayers[0].properties.opacity == 0.5)
    }

    /// Layers taken out of a tree are not retained by its plan; evaluating again after they are
    /// gone reads only the layers still there.
    @Test func removedLayersMayBeFreed() {
        let root = CALayer()
        weak var gone: CALayer?
        do {
            let child = CALayer()
            child.addSublayer(CALayer())
            root.addSublayer(child)
            gone = child
            #expect(root.presentation(at: 0).tree.count == 3)
            child.removeFromSuperlayer()
        }
        #expect(gone == nil)
        #expect(root.presentation(at: 0).tree.count == 1)
    }

    @Test func aMaskThatIsAnAncestorDoesNotLoop() {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        child.mask = root
        let shown = root.presentation(at: 0)
        #expect(shown.tree.count == 2 && shown.sublayers.count == 1)
    }

    /// The plan walks the tree without recursion.
    @Test func deepTrees() {
        // Built from the bottom up: adding to a layer with no ancestors is checked at once.
        var root = CALayer()
        root.name = "deepest"
        for _ in 0..<20_000 {
            let parent = CALayer()
            parent.addSublayer(root)
            root = parent
        }
        let shown = root.presentation(at: 0)
        #expect(shown.tree.count == 20_001)
        #expect(shown.first(named: "deepest") != nil)
    }

    /// Retiming an added animation (what AnimationToken's pause does) shows in the next frame.
    @Test func retimedAnimationsShow() {
        let layer = CALayer()
        let (root, clock) = tree(with: layer)
        defer { withExtendedLifetime(root) {} }
        layer.add(Self.fade(to: 0, duration: 2), forKey: "fade")
        clock.advance(to: 1)
        #expect(abs(presented(layer, in: root, at: 1).opacity - 0.5) < 1e-6)
        layer.retimeAnimation(forKey: "fade", beginTime: 0, speed: 0, timeOffset: 0.5)
        #expect(abs(presented(layer, in: root, at: 1).opacity - 0.75) < 1e-6)
    }

    /// Once every animation has started and none has an end ahead, a clock step has nothing to
    /// do; an animation added then still hears its start and its stop.
    @Test func aQuietClockWakesForNewAnimations() {
        let layer = CALayer()
        let (root, clock) = tree(with: layer)
        defer { withExtendedLifetime(root) {} }
        let forever = Self.fade(to: 0)
        forever.repeatCount = .infinity
        let foreverListener = DelegateLog()
        forever.delegate = foreverListener
        layer.add(forever, forKey: "forever")
        for step in 1...10 { clock.advance(to: Double(step) * 0.1) }
        #expect(foreverListener.events == ["start"])

        let listener = DelegateLog()
        let once = Self.fade(to: 0, duration: 0.5)
        once.delegate = listener
        layer.add(once, forKey: "once")
        clock.advance(to: 1.2)
        #expect(listener.events == ["start"])
        clock.advance(to: 1.6)
        #expect(listener.events == ["start", "stop true"])
        #expect(layer.animationKeys() == ["forever"])
        #expect(foreverListener.events == ["start"])
    }

    /// Animations of layers added to a tree after the clock went quiet are seen too.
    @Test func aQuietClockSeesNewLayers() {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        clock.advance(to: 1)
        let layer = CALayer()
        root.addSublayer(layer)
        let listener = DelegateLog()
        let fade = Self.fade(to: 0, duration: 0.5)
        fade.delegate = listener
        layer.add(fade, forKey: "fade")
        clock.advance(to: 1.1)
        clock.advance(to: 2)
        #expect(listener.events == ["start", "stop true"])
    }

    /// Setting one field on the identity takes a shortcut; it must give the general result.
    @Test(arguments: [
        TransformComponents.Field.rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ, .scale,
        .translationX, .translationY, .translationZ,
    ])
    func identityWithOneFieldMatchesTheGeneralComposition(field: TransformComponents.Field) {
        for value in [0, 0.75, -2.5, 3 * Double.pi] {
            var components = TransformComponents()
            components.setValue(value, for: field)
            let general = components.transform
            let shortcut = TransformComponents.identity(setting: field, to: value)
            #expect(CATransform3DEqualToTransform(general, shortcut), "\(field) = \(value)")
        }
    }
    /// A freed tree's properties are reused by the next evaluation (``SpareProperties``): a tree
    /// still held keeps its values, and a reused buffer gives the values a new one would.
    @Test func heldTreesKeepTheirValuesWhileFreedOnesAreReused() throws {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let layers = (0..<8).map { k -> CAShapeLayer in
            let layer = CAShapeLayer()
            layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10 + Double(k), height: 5), transform: nil)
            root.addSublayer(layer)
            layer.add(Self.fade(to: 0, duration: 2), forKey: "fade")
            return layer
        }
        let held = root.presentation(at: 0.5)
        #expect(held.sublayers.allSatisfy { $0.properties.opacity == 0.75 })
        // Evaluated while `held` is alive: into a new buffer.
        #expect(root.presentation(at: 1).sublayers.allSatisfy { $0.properties.opacity == 0.5 })
        #expect(held.sublayers.allSatisfy { $0.properties.opacity == 0.75 })
        // The tree at 1 was freed: the next evaluation assigns over its properties, model
        // changes made since included.
        layers[3].path = nil
        layers[5].lineWidth = 4
        let reused = root.presentation(at: 1.5).sublayers
        #expect(reused.allSatisfy { $0.properties.opacity == 0.25 })
        #expect(reused[3].properties.path == nil && reused[5].properties.lineWidth == 4)
        #expect(reused[4].properties.path == layers[4].path?.rasterPath)
        #expect(held.sublayers.allSatisfy { $0.properties.opacity == 0.75 })
        #expect(held.sublayers[3].properties.path != nil && held.sublayers[5].properties.lineWidth == 1)
    }

    /// Over a reused buffer, a layer whose model has not changed gets back the model's value of
    /// every property its animations wrote the last time: an animation that no longer applies
    /// leaves the model's value, and one relative to the value under it (`byValue`, a field of
    /// the transform) starts from the model's, not from last frame's result.
    @Test func reusedBuffersRestoreWhatAnimationsWrote() throws {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let layer = CAShapeLayer()
        layer.opacity = 0.9
        layer.transform = CATransform3DMakeTranslation(5, 0, 0)
        layer.strokeEnd = 0.8
        root.addSublayer(layer)
        let late = Self.fade(to: 0.1, duration: 1)
        late.beginTime = 2   // active from 2 to 3 only (fill mode removed)
        layer.add(late, forKey: "late")
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.byValue = Double.pi / 2
        turn.duration = 10
        layer.add(turn, forKey: "turn")
        let trim = CABasicAnimation(keyPath: "strokeEnd")
        trim.toValue = 0.2   // from the value under it
        trim.duration = 10
        layer.add(trim, forKey: "trim")

        let fresh = try #require(root.presentation(at: 5).sublayers.first).properties
        for time in [2.5, 5, 5] {
            let shown = try #require(root.presentation(at: time).sublayers.first).properties
            if time == 2.5 { #expect(shown.opacity != 0.9) }
            guard time == 5 else { continue }
            // Each tree is freed before the next evaluation, which reuses its buffer.
            #expect(shown.opacity == 0.9)
            #expect(CATransform3DEqualToTransform(shown.transform, fresh.transform))
            #expect(shown.strokeEnd == fresh.strokeEnd)
        }
        #expect(abs(fresh.strokeEnd - 0.5) < 1e-12)   // halfway from 0.8 to 0.2
    }

    /// What a group's children and a keyframe animation along a path with a rotation mode write
    /// (position and transform) is restored too once they stop applying.
    @Test func reusedBuffersRestoreWhatGroupsAndPathsWrote() throws {
        let root = CALayer()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let layer = CALayer()
        layer.position = CGPoint(x: 3, y: 4)
        root.addSublayer(layer)
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil)
        along.rotationMode = .rotateAuto
        along.duration = 1
        let group = CAAnimationGroup()
        group.animations = [along, Self.fade(to: 0.5)]
        group.duration = 1
        group.beginTime = 2
        layer.add(group, forKey: "group")

        let during = try #require(root.presentation(at: 2.3).sublayers.first).properties
        #expect(during.position != layer.position && during.opacity < 1)
        #expect(!CATransform3DIsIdentity(during.transform))
        let after = try #require(root.presentation(at: 4).sublayers.first).properties
        #expect(after.position == layer.position && after.opacity == 1)
        #expect(CATransform3DIsIdentity(after.transform))
    }
}
