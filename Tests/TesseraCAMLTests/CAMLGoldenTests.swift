import Foundation
import GoldenSupport
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// Apple's CAML files drawn in each of their states, and a transition at several times,
    /// pixel-exact, over a dark background (the glyphs are white).
    @Suite struct CAMLGoldenTests {
        static let scale = 4.0

        /// `name`'s tree drawn at time `t`, after going to `state` (nil: the base state) at 0
        /// from `from`, with animation.
        static func render(_ name: String, state: String?, from: String? = nil, at t: Double) throws -> Pixmap {
            let archive = try CAMLTests.fixtureArchive(name)
            let root = archive.rootLayerForDisplay()
            if from != nil { try archive.states.setState(from, at: -10, animated: false) }
            try archive.states.setState(state, at: 0)
            let pixmap = try Pixmap(width: Int(root.bounds.width * scale), height: Int(root.bounds.height * scale))
            let renderer = LayerRenderer(threadCount: 2)
            renderer.scale = scale
            renderer.background = Color(red: 0.1, green: 0.15, blue: 0.3, alpha: 1)
            renderer.render(root, at: t, into: pixmap)
            return pixmap
        }

        /// Each state settled; "seeking" nine tenths into a pulse (0.25 → 1 → 0.25 each second), at
        /// about half its opacity.
        @Test(arguments: [nil, "off", "seeking", "on"] as [String?])
        func bluetooth(_ state: String?) throws {
            goldenImages.expectMatch(try Self.render("Bluetooth", state: state, at: 3.9), named: "caml-bluetooth-\(state ?? "base")")
        }

        @Test(arguments: [nil, "full", "mid", "min", "max"] as [String?])
        func brightness(_ state: String?) throws {
            goldenImages.expectMatch(try Self.render("Brightness", state: state, at: 3), named: "caml-brightness-\(state ?? "base")")
        }

        /// min → max: the rays spring back out and the sun grows while the inner transform
        /// layers scale, the outer one 0.1 s late.
        @Test(arguments: [0.05, 0.15, 0.4])
        func brightnessMinToMax(at t: Double) throws {
            goldenImages.expectMatch(try Self.render("Brightness", state: "max", from: "min", at: t),
                                     named: "caml-brightness-min-max-\(String(format: "%.2f", t))")
        }
    }
}
