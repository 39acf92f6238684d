import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// `variableBlur`: σ is `inputRadius` times the mask's alpha: sharp where the mask is clear, the
/// full Gaussian blur where it is opaque, the blur of half σ where it is half; the mask stretched
/// over the bounds; alpha, not colour; the same bytes at any thread count.
@Suite struct VariableBlurTests {
    /// Vertical black stripes 4 pixels wide on white, 64 × 32, under a backdrop over all of it
    /// with `filter` (none: the stripes as they are).
    static func render(_ filter: CAFilter?, threads: Int = 1) throws -> Pixmap {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 32)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        for x in stride(from: 0, to: 64, by: 8) {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(x), y: 0, width: 4, height: 32)
            stripe.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(stripe)
        }
        let backdrop = CABackdropLayer()
        backdrop.frame = root.bounds
        backdrop.filters = filter.map { [$0] } ?? []
        root.addSublayer(backdrop)
        let pixmap = try Pixmap(width: 64, height: 32)
        LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
        return pixmap
    }

    static func filter(_ type: String, radius: Double, mask: CGImage? = nil) -> CAFilter {
        let filter = CAFilter(type: type)
        filter.setValue(radius, forKey: "inputRadius")
        filter.setValue(true, forKey: "inputNormalizeEdges")
        if let mask { filter.setValue(mask, forKey: "inputMaskImage") }
        return filter
    }

    /// Left half of the mask clear, right half opaque (16 texels each side, so that bilinear
    /// sampling ramps only around the middle): the left quarter is the stripes unblurred, the
    /// right quarter the Gaussian blur of the full σ, byte for byte.
    @Test func clearMaskIsSharpAndOpaqueMaskIsTheFullBlur() throws {
        let mask = try TestImages.mask([UInt8](repeating: 0, count: 16) + [UInt8](repeating: 255, count: 16))
        let variable = try Self.render(Self.filter("variableBlur", radius: 2, mask: mask))
        let full = try Self.render(Self.filter("gaussianBlur", radius: 2))
        let sharp = try Self.render(nil)
        for y in [0, 16, 31] {
            for x in 0..<16 { #expect(variable[x, y] == sharp[x, y], "\(x), \(y)") }
            for x in 48..<64 { #expect(variable[x, y] == full[x, y], "\(x), \(y)") }
        }
        // Sharp really is sharp, and the blur really blurs.
        #expect(sharp[1, 5].r == 0 && sharp[5, 5].r == 255 && full[52, 5].r > 0 && full[52, 5].r < 255)
        for threads in [2, 8] { #expect(try Self.render(Self.filter("variableBlur", radius: 2, mask: mask), threads: threads).bytes == variable.bytes) }
    }

    /// A mask of alpha ½ everywhere is the blur of σ / 2 (the level halfway), within the
    /// rounding of ½ to 128 / 255.
    @Test func halfMaskIsTheBlurOfHalfTheRadius() throws {
        let variable = try Self.render(Self.filter("variableBlur", radius: 4, mask: try TestImages.mask([128, 128])))
        let half = try Self.render(Self.filter("gaussianBlur", radius: 2))
        var largest = 0
        for y in 0..<32 {
            for x in 0..<64 { largest = max(largest, abs(Int(variable[x, y].r) - Int(half[x, y].r))) }
        }
        #expect(largest <= 2)
    }

    /// The mask's alpha decides, not its colour: an opaque white mask blurs fully, a clear one
    /// not at all. And a variable blur without a mask image is not drawn (reported).
    @Test func theMasksAlphaDecides() throws {
        let white = CGImage(try TesseraRaster.Image(width: 1, height: 1, premultipliedRGBA: [255, 255, 255, 255]))
        let variable = try Self.render(Self.filter("variableBlur", radius: 2, mask: white))
        let full = try Self.render(Self.filter("gaussianBlur", radius: 2))
        #expect(variable.bytes == full.bytes)
        #expect(LayerFilterChain([LayerFilter(type: "variableBlur", inputs: ["inputRadius": .number(2)])]) == nil)
    }
}
