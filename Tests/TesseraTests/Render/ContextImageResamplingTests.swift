import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// A magnified `contents` image drawn as `CALayer.render(in:)` draws it (``ContextImageResampling``):
/// at twice its size, the two texels nearest a pixel weigh 0.882 and 0.118, as in Apple's render
/// of lottie-ios's `base64Test` (bilinear on screen: 0.75 and 0.25).
@Suite struct ContextImageResamplingTests {
    /// The 2 × 2 quadrants (red, green / blue, white) in 4 × 4 pixels, in `mode`.
    static func render(_ mode: LayerRenderer.Mode, filter: CALayerContentsFilter = .linear) throws -> Pixmap {
        let image = try TestImages.quadrants()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        root.position = CGPoint(x: 2, y: 2)
        root.contents = image
        root.magnificationFilter = filter
        let pixmap = try Pixmap(width: 4, height: 4)
        let renderer = LayerRenderer(threadCount: 1)
        renderer.mode = mode
        renderer.render(root, at: 0, into: pixmap)
        return pixmap
    }

    @Test func magnifiedImagesWeighTheNearestTexelsAsCoreGraphics() throws {
        let pixmap = try Self.render(.renderInContext)
        // Pixel (1, 0) samples a quarter texel from red towards green, on the top row.
        let p = pixmap[1, 0]
        #expect(abs(Int(p.r) - 225) <= 1 && abs(Int(p.g) - 30) <= 1 && p.b <= 1 && p.a == 255, "\(p)")
        // Pixel (0, 0): red nearest and past the edge; green a texel and a quarter away (0.002).
        #expect(pixmap[0, 0].r >= 254 && pixmap[0, 0].g <= 1 && pixmap[0, 0].a == 255, "\(pixmap[0, 0])")
        let onScreen = try Self.render(.onScreen)[1, 0]
        #expect(abs(Int(onScreen.r) - 191) <= 1 && abs(Int(onScreen.g) - 64) <= 1, "bilinear on screen: \(onScreen)")
    }

    /// The nearest filter stays nearest.
    @Test func theNearestFilterIsKept() throws {
        let pixmap = try Self.render(.renderInContext, filter: .nearest)
        #expect(pixmap[1, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) && pixmap[2, 0] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
    }
}
