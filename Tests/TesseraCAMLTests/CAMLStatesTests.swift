import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// Going from state to state in Apple's files: the values set, and the transitions' animations
    /// evaluated at several times against values computed here from their keyframes, timing
    /// functions and springs.
    @Suite struct CAMLStatesTests {
        /// Bluetooth's "seeking" pulse at `x` seconds into it: keyframes 0.25 → 1 → 0.25 at key
        /// times 0, 0.2293158405593, 1, each segment eased by its own timing function, repeated.
        static func pulse(_ x: Double) -> Double {
            let k = 0.2293158405593
            let f = x - x.rounded(.down)
            if f <= k { return 0.25 + 0.75 * CAMLTests.bezier(0.29712, -0.0052251, 0.24359, 0.99619, at: f / k) }
            return 1 - 0.75 * CAMLTests.bezier(0.88669, -0.015013, 0.61462, 1.01, at: (f - k) / (1 - k))
        }

        @Test func bluetoothSeekingPulsesThenEntersOn() throws {
            let archive = try CAMLTests.fixtureArchive("Bluetooth")
            let states = archive.states
            let glyph = try #require(states.layer(withID: "#1"))

            try states.setState("seeking", at: 10)
            #expect(states.currentState == "seeking")
            #expect(glyph.opacity == 1)   // the model: seeking sets 1
            // fillMode both: before the transition begins, its first value.
            #expect(abs(try CAMLTests.shown(glyph, "opacity", at: 9.5) - 0.25) < 1e-6)
            for x in [0, 0.05, 0.1146, 0.2293158405593, 0.4, 0.7, 0.99, 1.3, 5.5] {
                let shown = try CAMLTests.shown(glyph, "opacity", at: 10 + x)
                #expect(abs(shown - Self.pulse(x)) < 1e-4, "at \(x): \(shown) vs \(Self.pulse(x))")
            }

            // seeking → on: `* → on` (the state entered) wins over `seeking → *`; a basic animation
            // without values runs from what is shown (mid-pulse) to the model, 1, with the default curve.
            try states.setState("on", at: 11.5)
            let from = Self.pulse(1.5)
            #expect(glyph.animationKeys() == ["opacity"])
            let basic = try #require(glyph.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(abs(((basic.fromValue as? NSNumber)?.doubleValue ?? 0) - from) < 1e-6)
            #expect(basic.duration == 0.4895193556768)
            #expect(abs(try CAMLTests.shown(glyph, "opacity", at: 11.4) - from) < 1e-6)   // backwards fill
            for x in [0, 0.1, 0.25, 0.45] {
                let expected = from + (1 - from) * CAMLTests.defaultCurve(x / 0.4895193556768)
                #expect(abs(try CAMLTests.shown(glyph, "opacity", at: 11.5 + x) - expected) < 1e-4, "at \(x)")
            }
            #expect(try CAMLTests.shown(glyph, "opacity", at: 12.1) == 1)   // removed: the model

            // on → the base state: `on → *` (its 0.55 s animation), from 1 to 1.
            try states.setState(nil, at: 13)
            #expect(states.currentState == nil)
            let back = try #require(glyph.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(back.duration == 0.5533697064173)
            #expect((back.fromValue as? NSNumber)?.doubleValue == 1)
            #expect(try CAMLTests.shown(glyph, "opacity", at: 13.2) == 1)
        }

        @Test func brightnessMidSprings() throws {
            let states = try CAMLTests.fixtureArchive("Brightness").states
            let ray = try #require(states.layer(withID: "#1"))
            try states.setState("mid", at: 0)
            #expect(ray.bounds.height == 14)   // the model at once
            #expect(ray.animationKeys() == ["bounds.size.height"])
            for x in [0, 0.05, 0.1, 0.2, 0.5, 0.9] {
                let expected = 20 + (14 - 20) * CAMLTests.spring(mass: 2, stiffness: 300, damping: 36, at: x)
                #expect(abs(try CAMLTests.shown(ray, "bounds.size.height", at: x) - expected) < 1e-6, "at \(x)")
                #expect(try CAMLTests.shown(ray, "bounds.size.width", at: x) == 5)
            }
            #expect(try CAMLTests.shown(ray, "bounds.size.height", at: 1.2) == 14)
        }

        /// min → max: the state entered animates what it sets (`* → max`: a basic animation and a
        /// spring that begins 0.1 s late), and the state left springs back what it had set
        /// (`min → *`), each key path from the most specific transition that has it.
        @Test func brightnessMinToMax() throws {
            let states = try CAMLTests.fixtureArchive("Brightness").states
            let ray = try #require(states.layer(withID: "#1")), sun = try #require(states.layer(withID: "#2"))
            let t2 = try #require(states.layer(withID: "#3")), t1 = try #require(states.layer(withID: "#4"))
            try states.setState("min", at: 0, animated: false)
            #expect(ray.bounds == CGRect(x: 0, y: 0, width: 6, height: 6) && ray.cornerRadius == 3)
            #expect(ray.position.x == 59.743698120117)
            #expect(abs(try CAMLTests.shown(sun, "transform.scale.xy", at: 0) - 0.75) < 1e-12)
            #expect(ray.animationKeys() == nil && sun.animationKeys() == nil)

            try states.setState("max", at: 2)
            #expect(t2.animation(forKey: "transform.scale.xy") is CABasicAnimation)
            #expect(t1.animation(forKey: "transform.scale.xy") is CASpringAnimation)
            #expect(ray.animationKeys()?.sorted() == ["bounds.size.height", "bounds.size.width", "cornerRadius", "position.x"])
            for x in [0.1, 0.2] {
                let expected = 1 + (1.080000042915 - 1) * CAMLTests.defaultCurve(x / 0.275)
                #expect(abs(try CAMLTests.shown(t2, "transform.scale.xy", at: 2 + x) - expected) < 1e-4, "t2 at \(x)")
            }
            #expect(abs(try CAMLTests.shown(t1, "transform.scale.xy", at: 2.05) - 1) < 1e-12)   // not begun: its from value
            for y in [0.1, 0.5] {
                let expected = 1 + (0.9250000119209 - 1) * CAMLTests.spring(mass: 2, stiffness: 200, damping: 20, at: y)
                #expect(abs(try CAMLTests.shown(t1, "transform.scale.xy", at: 2.1 + y) - expected) < 1e-6, "t1 at \(y)")
            }
            for x in [0.05, 0.3] {
                let p = CAMLTests.spring(mass: 2, stiffness: 300, damping: 36, at: x)
                #expect(abs(try CAMLTests.shown(ray, "bounds.size.width", at: 2 + x) - (6 + (5 - 6) * p)) < 1e-6)
                #expect(abs(try CAMLTests.shown(ray, "bounds.size.height", at: 2 + x) - (6 + (20 - 6) * p)) < 1e-6)
                #expect(abs(try CAMLTests.shown(sun, "transform.scale.xy", at: 2 + x) - (0.75 + (1 - 0.75) * p)) < 1e-6)
            }
            // Settled: max's values, and the base's for what min had set.
            #expect(ray.bounds == CGRect(x: 0, y: 0, width: 5, height: 20) && ray.cornerRadius == 2.5)
            #expect(ray.position.x == 59.743713378906)
            #expect(CATransform3DIsIdentity(sun.transform))
            #expect(abs(try CAMLTests.shown(t2, "transform.scale.xy", at: 5) - 1.080000042915) < 1e-12)
            #expect(abs(try CAMLTests.shown(t1, "transform.scale.xy", at: 5) - 0.9250000119209) < 1e-12)
        }

        /// Going back to the base state restores every value the tree had, exactly.
        @Test func theBaseStateRestoresTheModel() throws {
            let archive = try CAMLTests.fixtureArchive("Brightness")
            func all(_ layer: CALayer) -> [LayerProperties] { [layer.properties] + (layer.sublayers ?? []).flatMap(all) }
            let before = all(archive.rootLayer)
            for name in ["min", "max", "mid", "min", nil, "max", "full", "min"] as [String?] {
                try archive.states.setState(name, at: 0, animated: false)
                // full sets nothing: the base's values (none of its own).
                #expect((all(archive.rootLayer) == before) == (name == nil || name == "full"), "\(name ?? "base")")
            }
            try archive.states.setState(nil, at: 0, animated: false)
            #expect(all(archive.rootLayer) == before)
            #expect(archive.rootLayer.sublayers?.first?.animationKeys() == nil)
        }

        @Test func unknownAndCurrentStates() throws {
            let states = try CAMLTests.fixtureArchive("Bluetooth").states
            let glyph = try #require(states.layer(withID: "#1"))
            #expect(throws: LayerStateError.unknownState("bogus")) { try states.setState("bogus", at: 0) }
            #expect(LayerStateError.unknownState("bogus").description == "no state named \"bogus\"")
            #expect(states.currentState == nil && glyph.animationKeys() == nil)
            try states.setState("seeking", at: 0)
            let pulse = glyph.animation(forKey: "opacity")
            try states.setState("seeking", at: 5)   // already there: nothing changes
            #expect(glyph.animation(forKey: "opacity") === pulse)
            try states.setState("off", at: 6, animated: false)
            #expect(glyph.animationKeys() == nil)   // the pulse does not outlive its state
        }

        /// Which transition gives each key path's animation: both names exact, then the new
        /// state's, then the old state's, then `* → *`.
        @Test func theMostSpecificTransitionWins() throws {
            func transition(_ from: String, _ to: String, _ durations: [(String, Double)]) -> String {
                let elements = durations.map { key, duration in
                    """
                    <LKStateTransitionElement key="\(key)" targetId="#1">
                      <animation type="CABasicAnimation" keyPath="\(key)" duration="\(duration)"/>
                    </LKStateTransitionElement>
                    """
                }.joined()
                return "<LKStateTransition fromState=\"\(from)\" toState=\"\(to)\"><elements>\(elements)</elements></LKStateTransition>"
            }
            let text = CAMLTests.document("""
                <CALayer id="#1" bounds="0 0 10 10">
                  <states><LKState name="a"/><LKState name="b"/></states>
                  <stateTransitions>
                    \(transition("*", "*", [("opacity", 1), ("zPosition", 1), ("cornerRadius", 1), ("borderWidth", 1)]))
                    \(transition("a", "*", [("opacity", 2), ("zPosition", 2), ("cornerRadius", 2)]))
                    \(transition("*", "b", [("opacity", 3), ("zPosition", 3)]))
                    \(transition("a", "b", [("opacity", 4)]))
                  </stateTransitions>
                </CALayer>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let layer = archive.rootLayer
            try archive.states.setState("a", at: 0, animated: false)
            try archive.states.setState("b", at: 0)
            let durations = ["opacity", "zPosition", "cornerRadius", "borderWidth"].map { layer.animation(forKey: $0)?.duration }
            #expect(durations == [4, 3, 2, 1])
            // From the base state only the wildcards match.
            try archive.states.setState(nil, at: 1, animated: false)
            try archive.states.setState("b", at: 1)
            #expect(["opacity", "zPosition", "cornerRadius", "borderWidth"].map { layer.animation(forKey: $0)?.duration } == [3, 3, 1, 1])
        }
    }
}

/// A state change animates by its transitions only, never by implicit animations, even once the
/// layers have been presented.
@Suite struct CAMLStatesImplicitActionsTests {
    @Test func stateChangesRunNoImplicitAnimations() throws {
        let caml = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer bounds="0 0 10 10">
            <sublayers><CALayer id="#1" bounds="0 0 4 4" opacity="1"/></sublayers>
            <states>
              <LKState name="off"><elements><LKStateSetValue targetId="#1" keyPath="opacity"><value type="real" value="0.2"/></LKStateSetValue></elements></LKState>
            </states>
          </CALayer>
        </caml>
        """
        let archive = try SceneDocument(camlData: Data(caml.utf8))
        let root = archive.rootLayer
        AnimationClock(time: 0).attach(root)
        _ = root.presentation(at: 0)   // presented: property changes would now run actions
        let target = try #require(archive.states.layer(withID: "#1"))
        try archive.states.setState("off", at: 0, animated: false)
        #expect(target.animationKeys() == nil)
        #expect(abs(try #require(root.presentation(at: 0.1).sublayers.first).properties.opacity - 0.2) < 1e-6)
    }
}
