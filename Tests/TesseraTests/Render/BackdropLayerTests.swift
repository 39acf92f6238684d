import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// CABackdropLayer: it shows what lies below it, through its filters; not what lies above; the
/// same bytes at any thread count; groups share a capture; masks; archives.
@Suite struct BackdropLayerTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    static func filter(_ type: String, _ inputs: [String: Any] = [:]) -> CAFilter {
        let filter = CAFilter(type: type)
        for (key, value) in inputs { filter.setValue(value, forKey: key) }
        return filter
    }

    /// White, a black stripe at x 20…30, a backdrop over x 10…50, a blue square above it at
    /// x 42…48, y 10…20.
    static func scene(backdropFilters: [CAFilter]) -> (root: CALayer, backdrop: CABackdropLayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = white
        let stripe = CALayer()
        stripe.frame = CGRect(x: 20, y: 0, width: 10, height: 40)
        stripe.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let backdrop = CABackdropLayer()
        backdrop.frame = CGRect(x: 10, y: 0, width: 40, height: 40)
        backdrop.filters = backdropFilters
        let above = CALayer()
        above.frame = CGRect(x: 42, y: 10, width: 6, height: 10)
        above.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        for layer in [stripe, backdrop, above] { root.addSublayer(layer) }
        return (root, backdrop)
    }

    static func render(_ root: CALayer, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: 60, height: 40)
        LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
        return pixmap
    }

    @Test func blursWhatLiesBelowOnly() throws {
        let (root, _) = Self.scene(backdropFilters: [Self.filter("gaussianBlur", ["inputRadius": 3])])
        let pixmap = try Self.render(root)
        // The stripe's edge blurred inside the backdrop: half grey at the edge, grey 2σ out.
        #expect(abs(Int(pixmap[19, 20].r) + Int(pixmap[20, 20].r) - 255) < 20, "\(pixmap[19, 20]) \(pixmap[20, 20])")
        #expect(pixmap[15, 20].r < 250 && pixmap[15, 20].r > 150)
        // The blue square above is not blurred: sharp, on the white the blur left there.
        #expect(pixmap[42, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(pixmap[41, 15] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // Outside the backdrop, as drawn.
        #expect(pixmap[5, 20] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        for threads in [2, 8] { #expect(try Self.render(root, threads: threads).bytes == pixmap.bytes) }
    }

    /// Two inverting backdrops overlapping: apart, the second sees the first's inversion and
    /// inverts it back; in one group both see the frame as the first found it.
    @Test func backdropsOfOneGroupShareTheirCapture() throws {
        func render(group: String?) throws -> Pixmap {
            let (root, first) = Self.scene(backdropFilters: [Self.filter("colorInvert")])
            first.groupName = group
            let second = CABackdropLayer()
            second.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            second.filters = [Self.filter("colorInvert")]
            second.groupName = group
            root.insertSublayer(second, at: 2)   // above the first, below the blue square
            return try Self.render(root)
        }
        let apart = try render(group: nil), shared = try render(group: "glass")
        // Over the stripe (x 25), inside both: apart, inverted twice (black); shared, once (white).
        #expect(apart[25, 5] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(shared[25, 5] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // Only the second (x 5): white inverted to black either way.
        #expect(apart[5, 5] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) && shared[5, 5] == apart[5, 5])
    }

    /// A gradient mask fades the backdrop: inverted where the mask is opaque, as below where it
    /// is transparent.
    @Test func aGradientMaskFadesTheBackdrop() throws {
        let (root, backdrop) = Self.scene(backdropFilters: [Self.filter("colorInvert")])
        let mask = CAGradientLayer()
        mask.frame = backdrop.bounds
        mask.colors = [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 0)]
        mask.startPoint = CGPoint(x: 0, y: 0.5)
        mask.endPoint = CGPoint(x: 1, y: 0.5)
        backdrop.mask = mask
        let pixmap = try Self.render(root)
        #expect(pixmap[10, 20].r < 10, "inverted white where the mask is opaque: \(pixmap[10, 20])")
        // The black stripe at x = 25 (15.5 into the backdrop): inverted to white at the mask's
        // alpha there, 1 − 15.5 / 40, over the black: 255 · 0.6125 ≈ 156.
        #expect(abs(Int(pixmap[25, 20].r) - 156) <= 8, "the stripe, partly inverted: \(pixmap[25, 20])")
        #expect(pixmap[49, 20].r > 245)
    }

    @Test func archivesKeepBackdrops() throws {
        let (root, backdrop) = Self.scene(backdropFilters: [Self.filter("gaussianBlur", ["inputRadius": 2]),
                                                            Self.filter("colorSaturate", ["inputAmount": 1.8])])
        backdrop.groupName = "material"
        backdrop.scale = 0.5
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: root).archiveData())
        let copy = try #require(loaded.rootLayer.sublayers?[1] as? CABackdropLayer)
        #expect(copy.groupName == "material" && copy.properties.filters == backdrop.properties.filters)
        #expect(copy.scale == 0.5)
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        #expect(try Self.render(loaded.rootLayer).bytes == Self.render(root).bytes)
    }

    /// At scale ¼ the backdrop samples 4 × 4 blocks: the stripe (x 20…30, not on the block grid)
    /// comes back soft at its edges, its columns' mean kept; at scale 1 it is sharp.
    @Test func scaleSamplesCoarser() throws {
        let (root, backdrop) = Self.scene(backdropFilters: [])
        backdrop.scale = 0.25
        let coarse = try Self.render(root)
        backdrop.scale = 1
        let sharp = try Self.render(root)
        #expect(sharp[20, 20].r == 0 && sharp[19, 20].r == 255)
        // Blocks from x 10: 18…22 holds two white and two black columns, grey once enlarged.
        #expect(coarse[20, 20].r > 40 && coarse[20, 20].r < 215, "\(coarse[20, 20])")
        #expect(coarse[25, 20].r == 0 && coarse[45, 20].r == 255)   // inside the stripe, and far from it
        let total = { (p: Pixmap) in (10..<50).reduce(0) { $0 + Int(p[$1, 20].r) } }
        #expect(abs(total(coarse) - total(sharp)) <= 2 * 255, "\(total(coarse)) against \(total(sharp))")
        backdrop.scale = .nan
        #expect(try Self.render(root).bytes == sharp.bytes)
    }

    /// What `tessera render --background` does: the asset drawn over pixels already in the
    /// pixmap (the renderer's background nil). A backdrop sees them: they lie below everything.
    @Test func backdropsSeeTheRenderersBackgroundPixels() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        let backdrop = CABackdropLayer()
        backdrop.frame = root.bounds
        backdrop.filters = [Self.filter("colorInvert")]
        root.addSublayer(backdrop)
        let pixmap = try Pixmap(width: 20, height: 10)
        for y in 0..<10 {
            for x in 0..<20 {
                pixmap[x, y] = x < 10 ? PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
            }
        }
        let renderer = LayerRenderer(threadCount: 2)
        renderer.background = nil
        renderer.render(root, at: 0, into: pixmap)
        #expect(pixmap[3, 5] == PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255))
        #expect(pixmap[15, 5] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
    }
}
