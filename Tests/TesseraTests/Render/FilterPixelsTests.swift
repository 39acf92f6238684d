import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// Each filter drawn on a 4 × 4 layer of four 2 × 2 quadrants, over nothing (the pixels are the
/// filtered layer's), against bytes worked out by hand from the filters' formulas.
///
/// The quadrants: red (255, 0, 0, 255) top left, green (0, 255, 0, 255) top right, (0.2, 0.4,
/// 0.6) = (51, 102, 153, 255) bottom left, white at alpha 0.5 = (128, 128, 128, 128) bottom
/// right. Rounding: a colour filter's alpha byte is round(a′ · 255) and each colour byte
/// round(c′ · alpha byte) (``ColorMatrix``); no expected value lies within float error of a half.
@Suite struct FilterPixelsTests {
    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// The root (4 × 4, no background) holding the layer of quadrants with `filters`.
    static func scene(_ filters: [CAFilter], background: CGColor? = nil) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        root.backgroundColor = background
        let layer = CALayer()
        layer.frame = root.bounds
        let colours = [color(1, 0, 0), color(0, 1, 0), color(0.2, 0.4, 0.6), color(1, 1, 1, 0.5)]
        for (i, colour) in colours.enumerated() {
            let quadrant = CALayer()
            quadrant.frame = CGRect(x: CGFloat(2 * (i % 2)), y: CGFloat(2 * (i / 2)), width: 2, height: 2)
            quadrant.backgroundColor = colour
            layer.addSublayer(quadrant)
        }
        layer.filters = filters
        root.addSublayer(layer)
        return root
    }

    static func render(_ root: CALayer, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: Int(root.bounds.width), height: Int(root.bounds.height))
        LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
        return pixmap
    }

    static func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(r: r, g: g, b: b, a: a)
    }

    /// Each quadrant's pixels all `expected` (top left, top right, bottom left, bottom right).
    static func expectQuadrants(_ pixmap: Pixmap, _ expected: [PremultipliedRGBA8],
                                sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<4 {
            for x in 0..<4 {
                let want = expected[(y / 2) * 2 + x / 2]
                #expect(pixmap[x, y] == want, "(\(x), \(y))", sourceLocation: sourceLocation)
            }
        }
    }

    static func filter(_ type: String, _ inputs: [String: Any]) -> CAFilter {
        let filter = CAFilter(type: type)
        for (key, value) in inputs { filter.setValue(value, forKey: key) }
        return filter
    }

    /// Luma × orange (1, 0.5, 0): red's luma 0.2126 → (54.2, 27.1); green's 0.7152 → (182.4,
    /// 91.2); (0.2, 0.4, 0.6)'s 0.37192 → (94.8, 47.4); white's 1 at alpha 128 → (128, 64).
    @Test func monochrome() throws {
        let root = Self.scene([Self.filter("colorMonochrome", ["inputColor": Self.color(1, 0.5, 0), "inputAmount": 1])])
        Self.expectQuadrants(try Self.render(root), [Self.px(54, 27, 0, 255), Self.px(182, 91, 0, 255),
                                                     Self.px(95, 47, 0, 255), Self.px(128, 64, 0, 128)])
    }

    /// r′ = 0.5 r + 0.12 on premultiplied values: red 0.62 → 158; green 0.12 → 30.6; (0.2…) 0.22
    /// → 56.1; half white 0.5 · 128/255 + 0.12 = 94.6/255 → 95 (straight: 0.62 · 128 → 79).
    @Test func premultipliedColorMatrix() throws {
        let rows: [Double] = [0.5, 0, 0, 0, 0.12, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
        let matrix = Self.filter("colorMatrix", ["inputColorMatrix": rows.map { NSNumber(value: $0) },
                                                 "inputPremultipliedValues": true])
        let pixmap = try Self.render(Self.scene([matrix]))
        Self.expectQuadrants(pixmap, [Self.px(158, 0, 0, 255), Self.px(31, 255, 0, 255),
                                      Self.px(56, 102, 153, 255), Self.px(95, 128, 128, 128)])
        matrix.setValue(false, forKey: "inputPremultipliedValues")
        #expect(try Self.render(Self.scene([matrix]))[3, 3] == Self.px(79, 128, 128, 128))
    }

    /// Threshold 0.6: the half-white quadrant (alpha 128/255 < 0.6) is cleared, the others kept
    /// as they are (opaque already); with a colour, the kept ones take it.
    @Test func alphaThreshold() throws {
        let pixmap = try Self.render(Self.scene([Self.filter("alphaThreshold", ["inputAmount": 0.6])]))
        Self.expectQuadrants(pixmap, [Self.px(255, 0, 0, 255), Self.px(0, 255, 0, 255), Self.px(51, 102, 153, 255), .transparent])
        let blue = try Self.render(Self.scene([Self.filter("alphaThreshold", ["inputAmount": 0.5, "inputColor": Self.color(0, 0, 1)])]))
        Self.expectQuadrants(blue, [Self.px(0, 0, 255, 255), Self.px(0, 0, 255, 255), Self.px(0, 0, 255, 255), Self.px(0, 0, 255, 255)])
    }

    /// Over (51, 102, 153), the layer's quadrants show the inverse of what lies behind, (204, 153,
    /// 102), where they are opaque, whatever their own colour; half of it over the rest under
    /// the half-transparent quadrant (within a rounding of the mask's composite).
    @Test func vibrantColorMatrixShowsWhatLiesBehind() throws {
        let invert: [Double] = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]
        let vibrant = Self.filter("vibrantColorMatrix", ["inputColorMatrix": invert.map { NSNumber(value: $0) }])
        let root = Self.scene([vibrant], background: Self.color(0.2, 0.4, 0.6))
        let pixmap = try Self.render(root)
        let inverse = Self.px(204, 153, 102, 255)
        for (x, y) in [(0, 0), (3, 0), (1, 3)] { #expect(pixmap[x, y] == inverse, "(\(x), \(y))") }
        let half = pixmap[3, 3]
        for (value, mean) in [(half.r, 127.5), (half.g, 127.5), (half.b, 127.5)] { #expect(abs(Double(value) - mean) <= 1, "\(half)") }
        #expect(half.a == 255)
        for threads in [2, 8] { #expect(try Self.render(root, threads: threads).bytes == pixmap.bytes) }
        // Loaded from an archive: the same bytes, nothing reported.
        let loaded = try SceneDocument(archiveData: SceneDocument(rootLayer: root).archiveData())
        #expect(loaded.skipped.isEmpty)
        #expect(try Self.render(loaded.rootLayer).bytes == pixmap.bytes)
    }

    /// Set after a first render, between runs of sublayers enough to be recorded in parallel:
    /// the vibrant layer is drawn by the frame's walk, where the frame below is captured, with
    /// the same bytes at any thread count.
    @Test func vibrantMatrixSetLaterAmongManyLayers() throws {
        let invert: [Double] = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = Self.color(0.2, 0.4, 0.6)
        func dots(_ range: Range<Int>) {
            for i in range {
                let dot = CALayer()
                dot.frame = CGRect(x: CGFloat(i % 64), y: CGFloat(16 + i / 64), width: 1, height: 1)
                dot.backgroundColor = Self.color(1, 1, 1)
                root.addSublayer(dot)
            }
        }
        dots(0..<1000)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.backgroundColor = Self.color(0, 0, 0)
        root.addSublayer(layer)
        dots(1000..<2000)
        #expect(try Self.render(root, threads: 8)[2, 2] == Self.px(0, 0, 0, 255))
        layer.filters = [Self.filter("vibrantColorMatrix", ["inputColorMatrix": invert.map { NSNumber(value: $0) }])]
        let one = try Self.render(root, threads: 1)
        #expect(one[2, 2] == Self.px(204, 153, 102, 255) && one[10, 2] == Self.px(51, 102, 153, 255))
        #expect(try Self.render(root, threads: 8).bytes == one.bytes)
    }

    /// A backdrop layer's vibrant matrix is a colour matrix on what lies behind it.
    @Test func vibrantMatrixOfABackdropLayer() throws {
        let invert: [Double] = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        root.backgroundColor = Self.color(0.2, 0.4, 0.6)
        let backdrop = CABackdropLayer()
        backdrop.frame = CGRect(x: 0, y: 0, width: 2, height: 4)
        backdrop.filters = [Self.filter("vibrantColorMatrix", ["inputColorMatrix": invert.map { NSNumber(value: $0) }])]
        root.addSublayer(backdrop)
        let pixmap = try Self.render(root)
        #expect(pixmap[1, 2] == Self.px(204, 153, 102, 255) && pixmap[2, 2] == Self.px(51, 102, 153, 255))
    }

    /// A blur of radius 0 draws the layer as it is.
    @Test func blurOfRadiusZeroChangesNothing() throws {
        let blurred = try Self.render(Self.scene([Self.filter("gaussianBlur", ["inputRadius": 0])]))
        #expect(blurred.bytes == (try Self.render(Self.scene([]))).bytes)
    }
}
