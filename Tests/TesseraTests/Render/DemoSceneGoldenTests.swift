import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
@testable import TesseraDemos

/// Every demo scene at several times, pixel-exact: the start, the middle, the turning point of
/// autoreversing animations and the end of a cycle.
@Suite struct DemoSceneGoldenTests {
    static let cases: [(scene: String, times: [Double])] = [
        ("shape-morph", [0, 0.375, 0.75, 1.2]),
        ("fill-pulse", [0, 0.75, 1.1]),
        ("marching-ants", [0, 0.25, 0.5]),
        ("checkmark", [0, 0.2, 0.6]),
        ("message-dots", [0, 0.3, 0.6]),
        ("day-night", [0, 0.5, 1]),
    ]

    @Test(arguments: cases.map(\.scene))
    func sceneMatchesGoldens(name: String) throws {
        let demo = try #require(DemoScene.named(name))
        let root = demo.build()
        let renderer = LayerRenderer(threadCount: 2)
        let pixmap = try Pixmap(width: Int(demo.size.width), height: Int(demo.size.height))
        for t in Self.cases.first(where: { $0.scene == name })!.times {
            renderer.render(demo.frame(of: root, at: t), at: t, into: pixmap)
            goldenImages.expectMatch(pixmap, named: "demo-\(name)-\(String(format: "%.3f", t))")
        }
    }

    @Test func everySceneIsCovered() {
        #expect(Set(DemoScene.all.map(\.name)) == Set(Self.cases.map(\.scene)))
    }

    /// The turning point of the autoreversing morph is the rectangle itself; at the cycle's end
    /// the star is back (within the 1 µs the animations start late: their begin time is 1e-6).
    @Test func morphTurnsAtTheRectangle() throws {
        let demo = try #require(DemoScene.named("shape-morph"))
        let root = demo.build()
        func close(_ a: TesseraRaster.Path?, _ b: CGPath) -> Bool {
            guard let a, a.verbs == b.rasterPath.verbs else { return false }
            return zip(a.points, b.rasterPath.points).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }
        }
        #expect(close(root.presentation(at: 0.75).sublayers.first?.properties.path, DemoScene.rectanglePath))
        #expect(close(root.presentation(at: 1.5).sublayers.first?.properties.path, DemoScene.starPath))
        #expect(!close(root.presentation(at: 0.5).sublayers.first?.properties.path, DemoScene.rectanglePath))
    }
}
