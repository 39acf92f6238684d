import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

/// ``CATextLayer`` drawn: the model's defaults, a filled glyph's coverage, a golden image,
/// animated fontSize and foregroundColor, attributed strings and bad input.
@Suite struct TextLayerTests {
    static func render(_ root: CALayer, at t: CFTimeInterval = 0, size: Int = 64, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: size, height: size)
        LayerRenderer(threadCount: threads).render(root, at: t, into: pixmap)
        return pixmap
    }

    static func layer(_ string: String, size: CGFloat = 20, bounds: CGSize = CGSize(width: 64, height: 64)) -> CATextLayer {
        let layer = CATextLayer()
        layer.bounds = CGRect(origin: .zero, size: bounds)
        layer.position = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        layer.font = "DejaVu Sans"
        layer.fontSize = size
        layer.string = string
        return layer
    }

    @Test func defaultsAreApples() {
        let layer = CATextLayer()
        #expect(layer.string == nil && layer.font == nil && layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(!layer.isWrapped && layer.alignmentMode == .natural && layer.truncationMode == .none)
        #expect(!layer.allowsFontSubpixelQuantization)
    }

    /// DejaVu Sans' "I" is a rectangle: exact coverage fills the pixels inside its outline's
    /// bounds and leaves those outside empty.
    @Test func aFilledIIsItsOutlineBounds() throws {
        let layer = Self.layer("I", size: 50)
        let style = try #require(TextDrawing.style(of: withUnsafePointer(to: layer.properties) { $0 }))
        let bounds = TextLayout(style).path.bounds
        let pixmap = try Self.render(layer)
        var inside = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let alpha = pixmap[x, y].a
                if cx > bounds.minX + 1 && cx < bounds.maxX - 1 && cy > bounds.minY + 1 && cy < bounds.maxY - 1 {
                    #expect(alpha == 255, "\(x), \(y)")
                    inside += 1
                } else if cx < bounds.minX - 1 || cx > bounds.maxX + 1 || cy < bounds.minY - 1 || cy > bounds.maxY + 1 {
                    #expect(alpha == 0, "\(x), \(y)")
                }
            }
        }
        #expect(inside > 50)
        // The coverage of the whole glyph is its area (a rectangle's), to a pixel's rounding.
        let total = (0..<64).flatMap { y in (0..<64).map { Double(pixmap[$0, y].a) / 255 } }.reduce(0, +)
        #expect(abs(total - bounds.width * bounds.height) < 2)
    }

    /// Core Animation draws a text layer into a bitmap of its bounds: the glyph of an "I" taller
    /// than its layer is cut at the bounds' bottom, as `masksToBounds` would cut it, and text
    /// inside its bounds draws as it did without a clip.
    @Test func textIsClippedToTheBounds() throws {
        let tall = Self.layer("I", size: 50)
        let full = try Self.render(tall)
        let short = Self.layer("I", size: 50, bounds: CGSize(width: 64, height: 30))
        short.position = CGPoint(x: 32, y: 15)
        let cut = try Self.render(short)
        let rows = { (pixmap: Pixmap, ys: Range<Int>) in ys.flatMap { y in (0..<64).map { pixmap[$0, y].a } } }
        #expect(rows(full, 30..<64).contains { $0 > 0 }, "the glyph reaches below y = 30")
        #expect(rows(cut, 30..<64).allSatisfy { $0 == 0 }, "nothing is drawn below the bounds")
        #expect(rows(cut, 0..<30) == rows(full, 0..<30), "above, the same pixels")
        short.masksToBounds = true
        #expect(try Self.render(short).bytes == cut.bytes)
        #expect(try Self.render(short, threads: 2).bytes == cut.bytes)
    }

    @Test func textLayerGolden() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 96, height: 48)
        root.position = CGPoint(x: 48, y: 24)
        root.backgroundColor = CGColor(red: 0.1, green: 0.12, blue: 0.2, alpha: 1)
        let text = Self.layer("Tessera draws text, wrapped", size: 13, bounds: CGSize(width: 88, height: 40))
        text.position = CGPoint(x: 48, y: 24)
        text.isWrapped = true
        text.alignmentMode = .center
        text.foregroundColor = CGColor(red: 1, green: 0.85, blue: 0.4, alpha: 1)
        root.addSublayer(text)
        let pixmap = try Pixmap(width: 96, height: 48)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
        goldenImages.expectMatch(pixmap, named: "text-small")
        let two = try Pixmap(width: 96, height: 48)
        LayerRenderer(threadCount: 2).render(root, at: 0, into: two)
        #expect(two.bytes == pixmap.bytes)
    }

    @Test func fontSizeAndForegroundColorAnimate() throws {
        let layer = Self.layer("Hi")
        let size = CABasicAnimation(keyPath: "fontSize")
        size.fromValue = 10
        size.toValue = 30
        size.duration = 2
        size.beginTime = 1e-9  // 0 would be "now" in the layer's time
        layer.add(size, forKey: "size")
        let color = CABasicAnimation(keyPath: "foregroundColor")
        color.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        color.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        color.duration = 2
        color.beginTime = 1e-9
        layer.add(color, forKey: "color")
        #expect(layer.diagnostics.isEmpty)
        let shown = layer.presentation(at: 1)
        #expect(abs(shown.properties.fontSize - 20) < 1e-6)
        let tint = try #require(shown.properties.foregroundColor)
        #expect(abs(tint.red - 0.5) < 1e-6 && tint.green == 0 && abs(tint.blue - 0.5) < 1e-6)
        // The text drawn at 1 s is the model's at the size and in the colour of 1 s.
        let model = Self.layer("Hi", size: shown.properties.fontSize)
        model.foregroundColor = CGColor(tint)
        #expect(try Self.render(layer, at: 1).bytes == Self.render(model).bytes)
        #expect(try Self.render(layer, at: 1).bytes != Self.render(Self.layer("Hi")).bytes)
    }

    @Test func attributedStringsUseTheirFirstRun() {
        let layer = CATextLayer()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.string = NSAttributedString(string: "attributed", attributes: [
            NSAttributedString.Key("NSFont"): "DejaVu Serif", NSAttributedString.Key("NSColor"): red,
        ])
        #expect(layer.properties.string == "attributed")
        #expect(layer.properties.textAttributes?.fontName == "DejaVu Serif")
        #expect(layer.properties.textAttributes?.foregroundColor == Color(red))
        #expect(layer.string is NSAttributedString)
        layer.string = 42
        #expect(layer.properties.string == nil)
    }

    /// A Swift string reads back equal (from the model); another object, as that very object;
    /// a plain string after an attributed one leaves no attributes behind.
    @Test func theStringReadsBackAsSet() throws {
        let layer = CATextLayer()
        layer.string = "plain"
        #expect(layer.string as? String == "plain")
        #expect(try Swift.type(of: #require(layer.string)) == String.self)
        let object = NSString(string: "object")
        layer.string = object
        #expect(layer.string as AnyObject? === object)
        layer.string = NSAttributedString(string: "rich", attributes: [NSAttributedString.Key("NSFont"): "DejaVu Serif"])
        layer.string = "plain again"
        #expect(layer.string as? String == "plain again" && layer.properties.textAttributes == nil)
    }

    @Test func badInputNeverCrashes() throws {
        for size: CGFloat in [.nan, .infinity, -1, 0, 1e9] {
            let layer = Self.layer("Bad size", size: size)
            layer.truncationMode = .middle
            layer.isWrapped = true
            _ = try Self.render(layer)
        }
        let empty = Self.layer("")
        #expect(try !Self.render(empty).bytes.contains { $0 != 0 })
        empty.string = nil
        #expect(try !Self.render(empty).bytes.contains { $0 != 0 })
        let nanBounds = Self.layer("NaN bounds")
        nanBounds.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: .nan)
        nanBounds.alignmentMode = .center
        _ = try Self.render(nanBounds)
    }

    @Test func archivesKeepTheTextLayersProperties() throws {
        let layer = Self.layer("Archived text", size: 17)
        layer.isWrapped = true
        layer.alignmentMode = .right
        layer.truncationMode = .middle
        layer.foregroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        let text = try #require(loaded.rootLayer as? CATextLayer)
        #expect(loaded.skipped.isEmpty)
        #expect(text.string as? String == "Archived text" && text.font as? String == "DejaVu Sans" && text.fontSize == 17)
        #expect(text.isWrapped && text.alignmentMode == .right && text.truncationMode == .middle)
        #expect(text.properties == layer.properties)
        #expect(try Self.render(text).bytes == Self.render(layer).bytes)
    }

    /// An archived attributed string gives its characters.
    @Test func archivedAttributedStringsGiveTheirCharacters() throws {
        typealias Builder = ArchiveTests.Builder
        var b = Builder()
        let attributed = try b.object(ArchiveClass("NSMutableAttributedString", superclasses: ["NSAttributedString", "NSObject"]), [
            ("NSString", .string("Rich text")),
        ])
        let text = try b.object(ArchiveClass("CATextLayer", superclasses: ["CALayer", "NSObject"]), [
            ("string", attributed), ("fontSize", .real(12)), ("wrapped", .bool(true)),
        ])
        let loaded = try SceneDocument(archiveData: try b.document(text))
        let layer = try #require(loaded.rootLayer as? CATextLayer)
        #expect(loaded.skipped.isEmpty)
        #expect(layer.string as? String == "Rich text" && layer.fontSize == 12 && layer.isWrapped)
    }
}
