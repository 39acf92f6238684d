import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// `backgroundFilters` on any layer: what lies behind it, within its bounds, through them, under
/// its own background and sublayers; set after a first render; archives.
@Suite struct BackgroundFiltersTests {
    /// White, a black stripe at x 20…30; `layer` over x 10…50 with a sublayer, a black square at
    /// x 40…44, y 10…14.
    static func scene(_ configure: (CALayer) -> Void) -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let stripe = CALayer()
        stripe.frame = CGRect(x: 20, y: 0, width: 10, height: 40)
        stripe.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 0, width: 40, height: 40)
        let square = CALayer()
        square.frame = CGRect(x: 30, y: 10, width: 4, height: 4)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.addSublayer(square)
        configure(layer)
        root.addSublayer(stripe)
        root.addSublayer(layer)
        return (root, layer)
    }

    static func render(_ root: CALayer, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: 60, height: 40)
        LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
        return pixmap
    }

    static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

    /// Inverted behind the layer, the layer's half-transparent red background over that, its
    /// sublayer over both, untouched; outside the layer, as drawn.
    @Test func whatLiesBehindGoesThroughTheFiltersUnderTheLayer() throws {
        let (root, _) = Self.scene { layer in
            layer.backgroundFilters = [CAFilter(type: "colorInvert")]
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        }
        let pixmap = try Self.render(root)
        // Behind, inverted: the stripe white, the white black; red at alpha 128 over each.
        #expect(pixmap[25, 30] == PremultipliedRGBA8(r: 255, g: 127, b: 127, a: 255), "\(pixmap[25, 30])")
        #expect(pixmap[15, 30] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255), "\(pixmap[15, 30])")
        #expect(pixmap[41, 11] == Self.black)   // the sublayer, drawn over
        #expect(pixmap[5, 30] == Self.white)
        for threads in [2, 8] { #expect(try Self.render(root, threads: threads).bytes == pixmap.bytes) }
    }

    /// Blurred behind: the stripe's edge soft inside the layer, sharp outside it (the stripe
    /// lies inside, so compare its edge with the same scene without the filter).
    @Test func aBlurBehindLeavesTheLayersOwnContentSharp() throws {
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(3, forKey: "inputRadius")
        let (root, _) = Self.scene { $0.backgroundFilters = [blur] }
        let pixmap = try Self.render(root)
        #expect(pixmap[19, 20].r < 250 && pixmap[20, 20].r > 5)
        #expect(pixmap[40, 10] == Self.black && pixmap[39, 10] != Self.black)   // the square, sharp
        let (plain, _) = Self.scene { _ in }
        let unfiltered = try Self.render(plain)
        #expect(unfiltered[19, 20] == Self.white && unfiltered[20, 20] == Self.black)
    }

    /// Disabled or unknown background filters leave what is behind as it is; filters set after a
    /// first render are drawn in the next.
    @Test func filtersThatDrawNothingAndLateChanges() throws {
        let disabled = CAFilter(type: "colorInvert")
        disabled.isEnabled = false
        let (root, layer) = Self.scene { $0.backgroundFilters = [disabled, CAFilter(type: "pageCurl")] }
        let (plain, _) = Self.scene { _ in }
        #expect(try Self.render(root).bytes == Self.render(plain).bytes)
        layer.backgroundFilters = [CAFilter(type: "colorInvert")]
        #expect(try Self.render(root)[25, 30] == Self.white)
    }

    /// Archived and loaded, the layer draws the same and reports nothing.
    @Test func archivesKeepAndDrawBackgroundFilters() throws {
        let saturate = CAFilter(type: "colorSaturate")
        saturate.setValue(0, forKey: "inputAmount")
        let (root, _) = Self.scene { layer in
            layer.backgroundFilters = [saturate]
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.25)
        }
        let loaded = try SceneDocument(archiveData: SceneDocument(rootLayer: root).archiveData())
        #expect(loaded.skipped.isEmpty)
        #expect(try Self.render(loaded.rootLayer).bytes == Self.render(root).bytes)
    }
}
