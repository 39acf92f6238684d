import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// A text layer as `CALayer.render(in:)` draws it (``TextDrawing``): its backing store, glyph
/// origins on the store's pixels (x at their centres, baselines on their edges), drawn as an image
/// (``ContextImageResampling``, minified: a Gaussian of σ 0.35 target pixels).
@Suite struct ContextTextBackingStoreTests {
    static func style(grid: Double?) -> TextStyle {
        TextStyle(string: "H", fontName: "DejaVu Sans", fontSize: 20.3, width: 100, height: 40, glyphGrid: grid)
    }

    /// The glyph's outline moves by where its origin lands on a 2-pixel-a-point grid: x from 0 to
    /// the first pixel's centre (0.25 points), the baseline to the nearest pixel edge.
    @Test func glyphOriginsMoveOntoTheBackingStoresPixels() throws {
        let free = TextLayout(Self.style(grid: nil)), snapped = TextLayout(Self.style(grid: 2))
        let baseline = free.lines[0].origin.y
        let dy = (baseline * 2).rounded() / 2 - baseline
        #expect(dy != 0)
        #expect(free.path.points.count == snapped.path.points.count && !free.path.points.isEmpty)
        for (p, q) in zip(free.path.points, snapped.path.points) {
            #expect(abs(q.x - p.x - 0.25) < 1e-9 && abs(q.y - p.y - dy) < 1e-9, "\(p) → \(q)")
        }
    }

    /// A grid that is not a positive finite number leaves the glyphs where the layout puts them.
    @Test func aBadGridLeavesTheGlyphsInPlace() {
        let free = TextLayout(Self.style(grid: nil)).path.points
        for grid in [0, -2, .nan, .infinity] {
            #expect(TextLayout(Self.style(grid: grid)).path.points == free)
        }
    }

    /// A vertical edge drawn at half its size: the store's hard edge at a target pixel's middle
    /// comes out half covered there, the Gaussian of σ 0.35 pixels (0.7 texels) barely reaching
    /// the pixels a pixel away.
    @Test func minifiedImagesSpreadOverTargetPixels() throws {
        // 8 × 4 texels: the left 5 columns opaque black, drawn at half size over pixels 0…3.
        var bytes = [UInt8](repeating: 0, count: 8 * 4 * 4)
        for y in 0..<4 { for x in 0..<5 { bytes[(y * 8 + x) * 4 + 3] = 255 } }
        let image = try Image(width: 8, height: 4, premultipliedRGBA: bytes)
        let pattern = try #require(
            ContextImageResampling.pattern(
                image, imageToLayer: Transform(scaleX: 0.5, y: 0.5), destination: CGRect(x: 0, y: 0, width: 4, height: 2),
                layerToTarget: .identity))
        let pixmap = try Pixmap(width: 4, height: 2)
        let canvas = Canvas(threadCount: 1)
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 2)), paint: .image(pattern))
        canvas.render(into: pixmap)
        // Pixel 2 samples texel coordinate 4.5 (between the last opaque texel and the first clear
        // one): half. Pixels 1 and 3, a pixel (2 texels) away each side: the Gaussian's tails.
        #expect(abs(Int(pixmap[2, 0].a) - 128) <= 1, "\(pixmap[2, 0])")
        #expect(pixmap[0, 0].a == 255 && pixmap[1, 0].a >= 250 && pixmap[3, 0].a <= 5, "\(pixmap[1, 0]) \(pixmap[3, 0])")
    }

    /// A store of 8 pixels a point drawn at 1: the Gaussian's tails reach 2.8 store pixels past
    /// the ink, and the store made reaches as far, so the blur moves ink without losing any: the
    /// render's total alpha is the glyph's exact coverage (DejaVu Sans' "I", a rectangle).
    @Test func theBlursTailsPastTheInkAreDrawn() throws {
        func totalAlpha(_ mode: LayerRenderer.Mode) throws -> Int {
            let layer = TextLayerTests.layer("I", size: 50)
            layer.contentsScale = 8
            let pixmap = try Pixmap(width: 64, height: 64)
            let renderer = LayerRenderer(threadCount: 1)
            renderer.mode = mode
            renderer.render(layer, at: 0, into: pixmap)
            return (0..<64).reduce(0) { sum, y in (0..<64).reduce(sum) { $0 + Int(pixmap[$1, y].a) } }
        }
        let exact = try totalAlpha(.onScreen), inContext = try totalAlpha(.renderInContext)
        #expect(exact > 150 * 255)
        #expect(abs(Double(inContext - exact)) < 0.003 * Double(exact), "\(inContext) of \(exact)")
    }
}
