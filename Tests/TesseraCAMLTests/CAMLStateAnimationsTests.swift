import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// `LKStateAddAnimation`: animations a state adds while the tree is in it (Core Animation's
    /// `CAStateAddAnimation`), as the tools that make `.ca` bundles write them: a target, a key
    /// (`key`, or the `keyPath` tools write) and `<animation>` elements.
    @Suite struct CAMLStateAnimationsTests {
        static let document = CAMLTests.document("""
            <CALayer bounds="0 0 40 40">
              <sublayers><CALayer id="#1" bounds="0 0 10 10" opacity="1"/></sublayers>
              <states>
                <LKState name="busy"><elements>
                  <LKStateAddAnimation targetId="#1" keyPath="spin">
                    <animation type="CABasicAnimation" keyPath="transform.rotation.z" duration="2" repeatCount="inf">
                      <fromValue type="real" value="0"/><toValue type="real" value="6.283185307179586"/>
                    </animation>
                    <animation type="CABasicAnimation" keyPath="opacity" duration="1">
                      <fromValue type="real" value="0"/><toValue type="real" value="1"/>
                    </animation>
                  </LKStateAddAnimation>
                </elements></LKState>
                <LKState name="busier" basedOn="busy"><elements>
                  <LKStateSetValue targetId="#1" keyPath="opacity"><value type="real" value="0.5"/></LKStateSetValue>
                  <LKStateAddAnimation targetId="#1" key="wiggle">
                    <animation type="CABasicAnimation" keyPath="position.x" duration="1" additive="1">
                      <fromValue type="real" value="0"/><toValue type="real" value="4"/>
                    </animation>
                  </LKStateAddAnimation>
                </elements></LKState>
              </states>
            </CALayer>
            """)

        @Test func aStatesAnimationsRunWhileTheTreeIsInIt() throws {
            let archive = try CAMLTests.load(Self.document)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let states = archive.states
            let busy = try #require(states.states.first)
            #expect(busy.animations.map(\.key) == ["spin", "spin-1"] && busy.animations.map(\.targetID) == ["#1", "#1"])
            let layer = try #require(states.layer(withID: "#1"))

            try states.setState("busy", at: 3, animated: false)
            #expect(layer.animationKeys() == ["spin", "spin-1"], "added even without animation: they are the state's")
            // A quarter turn half a second in (2π over 2 s, linear), and the fade at its middle.
            #expect(abs(try CAMLTests.shown(layer, "transform.rotation.z", at: 3.5) - Double.pi / 2) < 1e-6)
            #expect(abs(try CAMLTests.shown(layer, "opacity", at: 3.5) - 0.5) < 1e-6)
            #expect(abs(try CAMLTests.shown(layer, "transform.rotation.z", at: 10) - Double.pi) < 1e-6, "it repeats")

            // A state based on another runs the base's animations, then its own.
            try states.setState("busier", at: 20)
            #expect(layer.animationKeys() == ["spin", "spin-1", "wiggle"])
            #expect(abs(try CAMLTests.shown(layer, "position.x", at: 20.25) - 1) < 1e-6, "a quarter of 4, added to the model's 0")

            // Leaving the state removes them.
            try states.setState(nil, at: 30)
            #expect(layer.animationKeys() == nil)
            #expect(layer.opacity == 1)
        }

        /// Written and read back, each state keeps its animations, their keys and targets; the
        /// second writing is the same text.
        @Test func addedAnimationsAreWrittenBack() throws {
            let archive = try CAMLTests.load(Self.document)
            let written = try archive.camlData()
            let read = try SceneDocument(camlData: written)
            #expect(read.skipped.isEmpty, "\(read.skipped)")
            for (a, b) in zip(archive.states.states, read.states.states) {
                #expect(a.animations.map(\.key) == b.animations.map(\.key) && a.animations.map(\.targetID) == b.animations.map(\.targetID))
                #expect(a.animations.map { ArchiveTests.describe($0.animation) } == b.animations.map { ArchiveTests.describe($0.animation) })
            }
            #expect(read.states.states.map(\.animations.count) == [2, 1])
            #expect(try read.camlData() == written)
        }

        @Test func whatAnAddedAnimationCannotHoldIsReported() throws {
            let archive = try CAMLTests.load(CAMLTests.document("""
                <CALayer id="#0">
                  <states>
                    <LKState name="s"><elements>
                      <LKStateAddAnimation targetId="#9" key="a"><animation type="CABasicAnimation" keyPath="opacity"/></LKStateAddAnimation>
                      <LKStateAddAnimation targetId="#0" key="b"/>
                      <LKStateAddAnimation targetId="#0" key="c"><animation type="CABasicAnimation" keyPath="warpFactor"/></LKStateAddAnimation>
                      <LKStateRemoveAnimation targetId="#0" key="b"/>
                    </elements></LKState>
                  </states>
                </CALayer>
                """))
            #expect(archive.states.states.first?.animations.isEmpty == true)
            let reasons = archive.skipped.map { "\($0.key ?? "-"): \($0.reason)" }
            #expect(reasons.count == 4, "\(reasons)")
            #expect(reasons[0].contains("#9") && reasons[1].contains("without <animation>"))
            #expect(reasons[2].contains("warpFactor") && archive.skipped[3].className == "LKStateRemoveAnimation")
        }
    }
}
