import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// The CARenderer-shaped entry point: frames begun at a time, bounds stretched over the pixmap.
@Suite struct CARendererTests {
    @Test func framesAtTimes() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let square = LayerRendererTests.layer(CGRect(x: 0, y: 0, width: 10, height: 10), LayerRendererTests.red, in: root)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5.0
        move.toValue = 15.0
        move.duration = 1
        move.beginTime = 1e-6
        square.add(move, forKey: "move")

        let pixmap = try Pixmap(width: 40, height: 40)   // bounds stretched: 2 pixels a point
        let renderer = CARenderer(pixmap: pixmap, options: nil)
        renderer.layer = root
        renderer.bounds = root.bounds
        renderer.render()   // no frame begun: nothing drawn
        #expect(pixmap[5, 5].a == 0)

        renderer.beginFrame(atTime: 0, timeStamp: nil)
        renderer.render()
        #expect(renderer.nextFrameTime() == 0, "an animation is attached: a frame is due")
        renderer.endFrame()
        #expect(pixmap[5, 5] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) && pixmap[25, 5].a == 0)

        renderer.beginFrame(atTime: 1, timeStamp: nil)   // the square has moved 10 points right
        renderer.render()
        renderer.endFrame()
        #expect(pixmap[5, 5].a == 0 && pixmap[25, 5] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))

        square.removeAllAnimations()
        renderer.beginFrame(atTime: 2, timeStamp: nil)
        #expect(renderer.nextFrameTime() == .infinity)
        square.mask = root   // a mask that is an ancestor: the search meets each layer once
        #expect(renderer.nextFrameTime() == .infinity)
    }
}
