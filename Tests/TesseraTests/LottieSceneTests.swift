import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore
import LayerScenes

/// The lottie bench scene is fixed once published: its document is read whole (nothing skipped)
/// into the layers it describes, and its animation loops every 2 s.
@Suite struct LottieSceneTests {
    @Test func documentReadWhole() throws {
        let scene = try LottieScene()
        #expect(scene.animation.skipped.isEmpty, "\(scene.animation.skipped)")
        #expect(scene.animation.size == CGSize(width: 1920, height: 1080) && scene.animation.frameRate == 60)
        #expect(scene.animation.duration == 2)
        #expect(scene.root.sublayers?.count == 1)
    }

    /// The animation repeats: a frame at t and at t + 2 s are the same bytes.
    @Test func loopsEveryTwoSeconds() throws {
        let scene = try LottieScene()
        func frame(at time: Double) throws -> Pixmap {
            let renderer = LayerRenderer(threadCount: 1)
            renderer.scale = 0.25
            let pixmap = try Pixmap(width: 480, height: 270)
            renderer.render(scene.root, at: time, into: pixmap)
            return pixmap
        }
        let first = try frame(at: 0.5), again = try frame(at: 2.5), other = try frame(at: 1)
        #expect(first.bytes == again.bytes)
        #expect(first.bytes != other.bytes, "the scene moves")
    }
}
