import Foundation
import GoldenSupport
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore
@testable import TesseraDemos

/// Archives drawn: the real files at chosen times, pixel-exact, and trees that go through an
/// archive drawing the same bytes as before.
@Suite struct ArchiveRenderTests {
    /// An archive's root drawn as on iOS (y down, the root's flip cleared, as seed 000 does).
    static func render(_ name: String, at t: Double, scale: Double) throws -> Pixmap {
        let archive = try SceneDocument(archiveData: Data(ArchiveTests.fixtureBytes(name)))
        archive.rootLayerForDisplay()
        let size = try #require(archive.documentSize)
        let pixmap = try Pixmap(width: Int(size.width * scale), height: Int(size.height * scale))
        let renderer = LayerRenderer(threadCount: 2)
        renderer.scale = scale
        renderer.render(archive.rootLayer, at: t, into: pixmap)
        return pixmap
    }

    /// Before either stroke begins nothing is drawn (the root has no background); mid-way both
    /// strokes are partly drawn; at the end both are complete.
    @Test func checkmark() throws {
        let start = try Self.render("Checkmark", at: 0, scale: 0.5)
        #expect((0..<start.height).allSatisfy { y in (0..<start.width).allSatisfy { start[$0, y].a == 0 } })
        goldenImages.expectMatch(try Self.render("Checkmark", at: 0.35, scale: 0.5), named: "archive-checkmark-0.35")
        goldenImages.expectMatch(try Self.render("Checkmark", at: 1, scale: 0.5), named: "archive-checkmark-1.00")
    }

    /// Emoji before, during and after its expression change and blinks.
    @Test(arguments: [0.05, 1.0, 1.65, 3.2])
    func emoji(at t: Double) throws {
        goldenImages.expectMatch(try Self.render("Emoji", at: t, scale: 1), named: "archive-emoji-\(String(format: "%.2f", t))")
    }

    /// Every demo scene, archived and loaded again, draws the same bytes at several times.
    @Test(arguments: DemoScene.all.map(\.name))
    func roundTripDrawsTheSamePixels(name: String) throws {
        let demo = try #require(DemoScene.named(name))
        let original = demo.build()
        let data = try SceneDocument(rootLayer: original, documentSize: demo.size).archiveData()
        let loaded = try SceneDocument(archiveData: data).rootLayer
        let renderer = LayerRenderer(threadCount: 1)
        let a = try Pixmap(width: Int(demo.size.width), height: Int(demo.size.height))
        let b = try Pixmap(width: Int(demo.size.width), height: Int(demo.size.height))
        for t in [0, demo.duration * 0.3, demo.duration * 0.5, demo.duration * 0.9] {
            renderer.render(demo.frame(of: original, at: t), at: t, into: a)
            renderer.render(demo.frame(of: loaded, at: t), at: t, into: b)
            #expect(GoldenImageStore.difference(a, b)?.pixelCount == 0, "\(name) at \(t)")
        }
    }
}

