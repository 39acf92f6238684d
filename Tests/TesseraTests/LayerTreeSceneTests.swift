import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
import LayerScenes

/// The layer-tree bench scene is fixed once published: its tree, its animations and a frame
/// are pinned here.
@Suite struct LayerTreeSceneTests {
    @Test func treeAsDocumented() throws {
        let scene = try LayerTreeScene()
        let cards = try #require(scene.root.sublayers)
        #expect(cards.count == 40)
        var layers = 1, replicators = 0, keyPaths = Set<String>()
        var stack: [CALayer] = [scene.root]
        while let layer = stack.popLast() {
            for child in layer.sublayers ?? [] { layers += 1; stack.append(child) }
            if layer is CAReplicatorLayer { replicators += 1 }
            for key in layer.animationKeys() ?? [] {
                if let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath { keyPaths.insert(path) }
            }
        }
        #expect(layers == 2041 && replicators == 40)
        #expect(cards.allSatisfy { $0.masksToBounds && $0.sublayerTransform.m34 != 0 })
        // The animated properties bench-scenes.md asks for.
        for required in ["position", "opacity", "strokeEnd", "fillColor", "lineDashPhase", "path"] {
            #expect(keyPaths.contains(required), "\(required)")
        }
        #expect(keyPaths.contains { $0.hasPrefix("transform") })
    }

    /// A quarter-size frame at t = 1.25 s.
    @Test func frameMatchesGolden() throws {
        let scene = try LayerTreeScene()
        let renderer = LayerRenderer(threadCount: 2)
        renderer.scale = 0.25
        let pixmap = try Pixmap(width: LayerTreeScene.width / 4, height: LayerTreeScene.height / 4)
        renderer.render(scene.root, at: 1.25, into: pixmap)
        goldenImages.expectMatch(pixmap, named: "layer-tree-quarter")
    }
}
