import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension CAMLWriterTests {
    /// Apple's CAML files (Bluetooth, Brightness) read, written and read again: the same layers,
    /// animations, states and transitions, the same pixels in every state and mid-transition,
    /// and the same text when written a second time.
    @Suite struct CAMLWriterRealFilesTests {
        @Test(arguments: ["Bluetooth", "Brightness"])
        func roundTrip(_ name: String) throws {
            try expectStableRoundTrip(try CAMLTests.fixtureText(name))
        }

        /// The written document keeps Apple's structure: the namespace, class-named layers, the
        /// ids states target, `<states>` and `<stateTransitions>` on the root.
        @Test func writtenStructure() throws {
            let text = String(decoding: try CAMLTests.fixtureArchive("Bluetooth").camlData(), as: UTF8.self)
            let document = try CAMLTests.parse(text)
            #expect(document.root.name == "caml")
            #expect(document.root[attribute: "xmlns"] == "http://www.apple.com/CoreAnimation/1.0")
            let root = try #require(document.root.children.first)
            #expect(root.name == "CATransformLayer")
            #expect(root.children.map(\.name) == ["backgroundColor", "sublayers", "states", "stateTransitions"])
            let elements = CAMLTests.allElements(root)
            #expect(elements.first { $0[attribute: "name"] == "bluetooth" }?[attribute: "id"] == "#1")
            #expect(elements.filter { $0.name == "LKState" }.map { $0[attribute: "name"] } == ["off", "seeking", "on"])
            #expect(elements.filter { $0.name == "LKStateTransitionElement" }.allSatisfy { $0[attribute: "targetId"] == "#1" })
        }

        /// The tree read back draws the same bytes as the original in each state and along a
        /// transition.
        @Test(arguments: [("Bluetooth", ["off", "seeking", "on"]), ("Brightness", ["full", "mid", "min", "max"])])
        func rendersTheSame(_ name: String, states: [String]) throws {
            let original = try CAMLTests.fixtureArchive(name)
            let (reread, _) = try CAMLWriterTests.reread(original)
            for archive in [original, reread] { archive.rootLayerForDisplay() }
            for state in [nil] + states {
                for archive in [original, reread] { try archive.states.setState(state, at: 0) }
                for t in [0.05, 0.2, 0.45, 3.9] {
                    let a = try render(reread.rootLayer, at: t), e = try render(original.rootLayer, at: t)
                    #expect(a == e, "\(name) → \(state ?? "base") at \(t)")
                }
            }
        }
    }
}
