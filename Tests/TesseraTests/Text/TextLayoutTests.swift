import CTextLibraries
import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// ``TextLayout`` against FreeType's own metrics: advance widths, line breaking, truncation,
/// alignment, fallback fonts and bad input.
@Suite struct TextLayoutTests {
    static let font = "DejaVu Sans"

    static func style(_ string: String, size: Double = 20, width: Double = 1000, height: Double = 1000,
                      wrapped: Bool = false, alignment: CATextLayerAlignmentMode = .natural,
                      truncation: CATextLayerTruncationMode = .none, font: String? = font) -> TextStyle {
        TextStyle(string: string, fontName: font, fontSize: size, width: width, height: height, isWrapped: wrapped,
                  alignment: alignment, truncation: truncation)
    }

    /// The width of `string` on one line, in points.
    static func measured(_ string: String, size: Double = 20) -> Double {
        TextLayout(style(string, size: size, width: .infinity)).lines[0].width
    }

    @Test func advanceWidthsAreFreeTypesAdvances() throws {
        let string = "minimum million"
        let size = 24.0
        let face = try #require(FontLibrary.face(named: Self.font))
        #expect(face.file.hasSuffix("DejaVuSans.ttf"))
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var ftFace: FT_Face?
        #expect(FT_New_Face(library, face.file, 0, &ftFace) == 0)
        defer { FT_Done_Face(ftFace) }
        var total = 0.0
        for scalar in string.unicodeScalars {
            var advance: FT_Fixed = 0
            #expect(FT_Get_Advance(ftFace, FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)), FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0)
            total += Double(advance)
        }
        let expected = total * size / Double(ftFace!.pointee.units_per_EM)
        let layout = TextLayout(Self.style(string, size: size))
        #expect(layout.lines.count == 1)
        #expect(abs(layout.lines[0].width - expected) < 1e-9)
    }

    @Test func wrappingBreaksGreedilyAtSpaces() {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon"]
        // A width between two word boundaries of the first line.
        let width = (Self.measured("alpha beta") + Self.measured("alpha beta gamma")) / 2
        var expected: [String] = []
        var line: [String] = []
        for word in words {
            if !line.isEmpty && Self.measured((line + [word]).joined(separator: " ")) > width {
                expected.append(line.joined(separator: " "))
                line = []
            }
            line.append(word)
        }
        expected.append(line.joined(separator: " "))
        let layout = TextLayout(Self.style(words.joined(separator: " "), width: width, wrapped: true))
        #expect(layout.lines.map(\.text) == expected)
        #expect(expected.first == "alpha beta")
        #expect(layout.lines.allSatisfy { $0.width <= width })
        // Baselines a line height apart, the first at the ascender.
        let face = FontLibrary.face(named: Self.font)!
        let scale = 20 / face.unitsPerEm
        #expect(abs(layout.lines[0].origin.y - face.ascender * scale) < 1e-9)
        #expect(abs(layout.lines[1].origin.y - layout.lines[0].origin.y - face.lineHeight * scale) < 1e-9)
    }

    @Test func newlinesBreakLinesAndLongWordsBreakBetweenCharacters() {
        #expect(TextLayout(Self.style("one\ntwo\n\nthree")).lines.map(\.text) == ["one", "two", "", "three"])
        let word = "abcdefghijklmnopqrstuvwxyz"
        let layout = TextLayout(Self.style(word, width: Self.measured(word) / 2.5, wrapped: true))
        #expect(layout.lines.count == 3)
        #expect(layout.lines.map(\.text).joined() == word)
    }

    @Test(arguments: [CATextLayerTruncationMode.end, .start, .middle])
    func truncationFitsAndShowsAnEllipsis(_ mode: CATextLayerTruncationMode) {
        let string = "The quick brown fox jumps over the lazy dog"
        let width = 150.0
        let layout = TextLayout(Self.style(string, width: width, truncation: mode))
        #expect(layout.lines.count == 1)
        let text = layout.lines[0].text
        #expect(layout.lines[0].width <= width)
        #expect(Self.measured(text) <= width + 1e-9)
        let parts = text.split(separator: "\u{2026}", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 2)
        switch mode {
        case .end:
            #expect(parts[1].isEmpty && string.hasPrefix(parts[0]) && parts[0].count > 5)
        case .start:
            #expect(parts[0].isEmpty && string.hasSuffix(parts[1]) && parts[1].count > 5)
        default:
            #expect(string.hasPrefix(parts[0]) && string.hasSuffix(parts[1]) && parts[0].count > 3 && parts[1].count > 3)
        }
        // What fits is left alone.
        #expect(TextLayout(Self.style("fox", width: width, truncation: mode)).lines.map(\.text) == ["fox"])
    }

    @Test func wrappedTextTruncatesTheLastLineThatFits() throws {
        let face = try #require(FontLibrary.face(named: Self.font))
        let lineHeight = face.lineHeight * 20 / face.unitsPerEm
        let string = "alpha beta gamma delta epsilon zeta eta theta iota kappa"
        let layout = TextLayout(Self.style(string, width: 120, height: lineHeight * 2.5, wrapped: true, truncation: .end))
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].text.hasSuffix("\u{2026}"))
        #expect(layout.lines.allSatisfy { $0.width <= 120 })
        // Without truncation every line is drawn.
        #expect(TextLayout(Self.style(string, width: 120, height: lineHeight * 2.5, wrapped: true)).lines.count > 2)
    }

    @Test func alignmentPlacesLinesInTheWidth() {
        let width = 300.0
        let w = Self.measured("align me")
        func x(_ mode: CATextLayerAlignmentMode) -> Double {
            TextLayout(Self.style("align me", width: width, alignment: mode)).lines[0].origin.x
        }
        #expect(x(.natural) == 0 && x(.left) == 0)
        #expect(abs(x(.right) - (width - w)) < 1e-9)
        #expect(abs(x(.center) - (width - w) / 2) < 1e-9)
        let justified = TextLayout(Self.style("alpha beta gamma delta", width: Self.measured("alpha beta gamma") + 5,
                                              wrapped: true, alignment: .justified))
        #expect(justified.lines.count == 2)
        #expect(abs(justified.lines[0].width - (Self.measured("alpha beta gamma") + 5)) < 1e-9)
        #expect(abs(justified.lines[1].width - Self.measured("delta")) < 1e-9)
        // The first line's last word ends at the right edge: its ink lies as far right as when
        // right-aligned.
        let firstLine = Self.style("alpha beta gamma", width: Self.measured("alpha beta gamma") + 5)
        var right = firstLine
        right.alignment = .right
        var justifiedFirst = firstLine
        justifiedFirst.string = "alpha beta gamma delta"
        justifiedFirst.isWrapped = true
        justifiedFirst.alignment = .justified
        let rightInk = TextLayout(right).path.bounds.maxX
        #expect(abs(TextLayout(justifiedFirst).path.bounds.maxX - max(rightInk, Self.measured("delta"))) < 1e-6)
    }

    @Test func missingFontsFallBack() throws {
        let face = try #require(FontLibrary.face(named: "No Such Font Anywhere"))
        #expect(FileManager.default.fileExists(atPath: face.file))
        #expect(FontLibrary.face(named: nil) != nil)
        let layout = TextLayout(Self.style("fallback", font: "No Such Font Anywhere"))
        #expect(layout.lines.count == 1 && !layout.path.isEmpty)
    }

    @Test func badInputDrawsNothingOrClamps() {
        for size in [Double.nan, .infinity, -3, 0] {
            #expect(TextLayout(Self.style("text", size: size)).path.isEmpty, "\(size)")
        }
        #expect(TextLayout(Self.style("")).lines.isEmpty)
        let huge = TextLayout(Self.style("huge", size: 1e9, truncation: .end))
        #expect(huge.path.bounds.height < TextLayout.maximumFontSize * 2)
        for width in [Double.nan, -5, .infinity] {
            #expect(!TextLayout(Self.style("a b c", width: width, height: width, wrapped: true, truncation: .middle)).lines.isEmpty)
        }
        #expect(TextLayout(Self.style("a b", width: 0.5, height: 0.5, wrapped: true, truncation: .end)).lines.count == 1)
    }
}

/// ``TextLayout/cached(_:)``: a string's layout is kept from its second drawing on, and the kept
/// layout is the one laid out anew.
@Suite struct TextLayoutCacheTests {
    @Test func keepsAStringDrawnTwice() {
        // A string no other test draws.
        let style = TextLayoutTests.style("cache \(UInt64.random(in: 0..<UInt64.max))")
        let first = TextLayout.cached(style)
        #expect(TextLayout.kept(style) == nil)
        let second = TextLayout.cached(style)
        let kept = TextLayout.kept(style)
        #expect(kept != nil)
        for layout in [first, second, TextLayout.cached(style)] {
            #expect(layout.path.verbs == kept?.path.verbs && layout.path.points == kept?.path.points)
            #expect(layout.lines.map(\.text) == [style.string])
        }
    }
}
