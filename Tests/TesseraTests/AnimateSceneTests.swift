import Foundation
import Testing
import LayerScenes
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// The `animate-2000` bench workload is what its documentation says, so that its figures mean
/// what the note claims.
@Suite struct AnimateSceneTests {
    @Test func twoThousandLayersWithThreeRunningAnimationsEach() throws {
        let scene = AnimateScene()
        let columns = try #require(scene.root.sublayers)
        let leaves = columns.flatMap { $0.sublayers ?? [] }
        #expect(columns.count == 20 && leaves.count == 2000)
        #expect(leaves.allSatisfy { $0.attached.count == 3 && $0.diagnostics.isEmpty })
        #expect(leaves.filter { $0 is CAShapeLayer }.count == 1000)

        scene.frame()
        scene.frame()
        let snapshot = try #require(scene.snapshot)
        #expect(snapshot.sublayers.count == 20 && snapshot.sublayers.allSatisfy { $0.sublayers.count == 100 })
        // Leaf 0 at t = 2/60: position easeInEaseOut towards (+40, +20) over 2 s, from the start
        // of the timeline (beginTime 1e-6, offset 0).
        let leaf = snapshot.sublayers[0].sublayers[0].properties
        let progress = easeInEaseOut((2.0 / 60 - 1e-6) / 2)
        #expect(abs(Double(leaf.position.x) - (48 + 40 * progress)) < 1e-9)
        #expect(abs(Double(leaf.position.y) - (5 + 20 * progress)) < 1e-9)
        // Turning about z by 2π over 3 s.
        let angle = 2 * Double.pi * (2.0 / 60 - 1e-6) / 3
        #expect(abs(Double(leaf.transform.m12) - sin(angle)) < 1e-9 && abs(Double(leaf.transform.m11) - cos(angle)) < 1e-9)
    }
}
