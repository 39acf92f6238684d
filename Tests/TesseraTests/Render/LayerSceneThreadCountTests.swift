import Foundation
import GoldenSupport
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
import LayerScenes

/// Every layer bench scene gives the same frame at 1, 2 and 8 threads, byte for byte: evaluated
/// in chunks, recorded in parallel runs (blurred layers, text and particles drawn by the runs
/// that meet them, backdrops captured between them) and rasterized in bands.
@Suite struct LayerSceneThreadCountTests {
    static let scenes = [LayerTreeScene.name, LayerContentScene.name, LayerFiltersScene.name, ParticlesScene.name,
                         TextScene.name, LottieScene.name]

    static func scene(named name: String) throws -> any LayerBenchScene {
        switch name {
        case LayerTreeScene.name: try LayerTreeScene()
        case LayerContentScene.name: try LayerContentScene()
        case LayerFiltersScene.name: try LayerFiltersScene()
        case ParticlesScene.name: try ParticlesScene()
        case LottieScene.name: try LottieScene()
        default: try TextScene()
        }
    }

    @Test(arguments: scenes)
    func sameBytesAtOneTwoAndEightThreads(name: String) throws {
        let scene = try Self.scene(named: name)
        scene.prepareFrame()   // the text scene's strings of its first frame
        let frames = try [1, 2, 8].map { threads in
            // A quarter of the frame at 1.25 s: the animations under way.
            let renderer = LayerRenderer(threadCount: threads)
            renderer.scale = 0.25
            let pixmap = try Pixmap(width: scene.pixmap.width / 4, height: scene.pixmap.height / 4)
            renderer.render(scene.root, at: 1.25, into: pixmap)
            return pixmap
        }
        #expect(GoldenImageStore.difference(frames[0], frames[1])?.pixelCount == 0, "2 threads")
        #expect(GoldenImageStore.difference(frames[0], frames[2])?.pixelCount == 0, "8 threads")
        let drawn = (0..<frames[0].height).contains { y in (0..<frames[0].width).contains { x in frames[0][x, y] != frames[0][0, 0] } }
        #expect(drawn, "the scene draws more than its background")
    }

    /// The walk splits every scene's root sublayers into runs recorded in parallel, those
    /// between and around the backdrops of layer-filters included.
    @Test(arguments: scenes)
    func recordsInParallel(name: String) throws {
        let scene = try Self.scene(named: name)
        let root = scene.root.presentation(at: 1.25)
        let sublayers = root.sublayers.map {
            LayerTreeDrawing.Sublayer(node: PresentedLayer($0), transform: CATransform3DIdentity, tint: .one)
        }
        let segments = ParallelSublayerRecording.segments(of: sublayers, threadCount: 2)
        switch name {
        case ParticlesScene.name:
            #expect(segments == nil, "one emitter: nothing to share")
        case LottieScene.name:
            #expect(segments == nil, "one composition: shared further down")
        case LayerFiltersScene.name:
            #expect(segments == [.parallel(0..<140), .inTurn(140..<141), .inTurn(141..<142)])
        default:
            #expect(segments == [.parallel(0..<sublayers.count)])
        }
    }
}
