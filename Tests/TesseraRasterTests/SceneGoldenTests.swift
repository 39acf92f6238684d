/// Golden images of the standard benchmark scenes: each scene's exact geometry drawn at quarter
/// scale (480×270) and compared pixel for pixel with `Golden/scene-NAME.png`.
import BenchScenes
import Testing
import TesseraRaster

@Suite struct SceneGoldenTests {
    @Test(arguments: BenchScene.all.map(\.name))
    func sceneMatchesGolden(name: String) throws {
        let scene = try #require(BenchScene.named(name))
        let canvas = Canvas(threadCount: 2)
        let pixmap = try Pixmap(width: 480, height: 270)
        scene.prepare().draw(on: canvas, transform: Transform(scaleX: 0.25, y: 0.25))
        canvas.render(into: pixmap)
        goldenImages.expectMatch(pixmap, named: "scene-\(name)")
    }
}
