import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
import LayerScenes

/// The particles bench scene is fixed once published: what issue 22 asks of it (an emitter of
/// 5,000 live particles with image contents at 1920 × 1080) is pinned here.
@Suite struct ParticlesSceneTests {
    @Test func treeAsDocumented() throws {
        let scene = try ParticlesScene()
        #expect(scene.root.sublayers?.count == 1 && scene.root.bounds.size == CGSize(width: 1920, height: 1080))
        let emitter = scene.emitter
        #expect(emitter.emitterShape == .rectangle && emitter.emitterSize == CGSize(width: 1920, height: 1080))
        let cell = try #require(emitter.emitterCells?.first)
        #expect(emitter.emitterCells?.count == 1 && (cell.contents as? CGImage)?.width == 32)
        #expect(cell.birthRate * cell.lifetime == 5_000 && cell.lifetimeRange == 0)
    }

    /// 5,000 particles alive from the first frame on (the emitter began 2 s before).
    @Test func fiveThousandLiveParticles() throws {
        let scene = try ParticlesScene()
        for t in [0.0, 1.0 / 60, 10] {
            let shown = scene.root.presentation(at: t).sublayers[0]
            let count = withUnsafePointer(to: shown.properties) {
                EmitterSimulation($0, time: shown.localTime ?? .nan).particles.count
            }
            #expect(count == 5_000, "t = \(t)")
        }
    }
}
