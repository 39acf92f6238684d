import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
import LayerScenes

/// The text bench scene is fixed once published: what issue 22 asks of it (200 text layers of 40
/// characters, changing every frame, at 1920 × 1080) is pinned here.
@Suite struct TextSceneTests {
    @Test func treeAsDocumented() throws {
        let scene = try TextScene()
        #expect(scene.root.bounds.size == CGSize(width: 1920, height: 1080))
        #expect(scene.root.sublayers?.count == 200 && scene.layers.count == 200)
        for layer in scene.layers {
            #expect((layer.string as? String)?.count == 40)
            #expect(layer.frame.maxX <= 1920 + 1e-9 && layer.frame.maxY <= 1080 + 1e-9)
        }
    }

    /// The strings as published: the frame's and layer's numbers, then the pangram, 40 characters.
    @Test func stringsAsPublished() {
        for (layer, frame) in [(0, 0), (7, 1), (199, 12_345), (42, 9_999_999)] {
            let published = "#\(frame) L\(layer) The quick brown fox jumps over the lazy dog, again and again"
            #expect(TextScene.string(layer: layer, frame: frame) == String(published.prefix(40)))
        }
        #expect(TextScene.string(layer: 3, frame: 2) == "#2 L3 The quick brown fox jumps over the")
    }

    /// Every string is new each frame, and every layer draws its line of text within its frame.
    @Test func stringsChangeEveryFrameAndFit() throws {
        let scene = try TextScene()
        var seen = Set(scene.layers.compactMap { $0.string as? String })
        #expect(seen.count == 200)
        for _ in 0..<3 {
            scene.frame(threads: 2)
            let strings = scene.layers.compactMap { $0.string as? String }
            #expect(strings.allSatisfy { $0.count == 40 && !seen.contains($0) })
            seen.formUnion(strings)
        }
        let layout = TextLayout(withUnsafePointer(to: scene.layers[0].properties) { TextDrawing.style(of: $0)! })
        #expect(layout.lines.count == 1 && layout.lines[0].width <= 480)
        let lit = (0..<21).contains { y in (0..<480).contains { x in scene.pixmap[x, y].r > 200 } }
        #expect(lit, "the first layer's text is drawn")
    }
}
