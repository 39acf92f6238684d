import BenchScenes
import Testing
import TesseraRaster

/// Every bench scene, the paint scenes included (gradients, images, a blend mode), gives the same
/// bytes at 1, 2 and 8 threads: drawn at a quarter of its size, so that the test stays quick in a
/// debug build. (CI runs the suite once more at the SSE2 level: both levels are covered.) Past four
/// threads the bands are 16 rows high, not 32: 8 threads also checks that the band height changes
/// no byte.
@Suite struct SceneThreadCountTests {
    static func render(_ scene: PreparedScene, threads: Int) throws -> [UInt8] {
        let canvas = Canvas(threadCount: threads)
        scene.draw(on: canvas, transform: Transform(scaleX: 0.25, y: 0.25))
        let pixmap = try Pixmap(width: 480, height: 270)
        canvas.render(into: pixmap)
        return (0..<pixmap.height).flatMap { y in
            (0..<pixmap.width).flatMap { x -> [UInt8] in
                let p = pixmap[x, y]
                return [p.r, p.g, p.b, p.a]
            }
        }
    }

    @Test(arguments: BenchScene.names)
    func sameBytesAtOneTwoAndEightThreads(name: String) throws {
        let scene = try #require(BenchScene.named(name)).prepare()
        let one = try Self.render(scene, threads: 1)
        #expect(Set(stride(from: 0, to: one.count, by: 4).map { one[$0] }).count > 10, "the scene draws")
        for threads in [2, 8] {
            #expect(try Self.render(scene, threads: threads) == one, "\(name) at \(threads) threads")
        }
    }
}
