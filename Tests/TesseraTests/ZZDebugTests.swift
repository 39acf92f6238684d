import Foundation
import Testing
@testable import Tessera
import TesseraRaster
import LayerScenes

@Suite struct ZZDebug {
    @Test func dumpScene() throws {
        let scene = try LayerContentScene()
        let stage = scene.root.sublayers!.last!
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 700)
        stage.removeFromSuperlayer()
        stage.frame.origin = CGPoint(x: 60, y: 0)
        root.addSublayer(stage)
        for t in [0.0, 0.5, 2.0] {
            let pixmap = try Pixmap(width: 400, height: 700)
            let r = LayerRenderer(threadCount: 1)
            r.background = .white
            r.render(root, at: t, into: pixmap)
            try pixmap.writePNG(to: "/tmp/dbg/cube-\(t).png")
        }
    }
}
