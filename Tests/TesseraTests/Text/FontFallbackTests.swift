import CTextLibraries
import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Characters a layer's font has no glyph for are drawn from a fallback face that has them
/// (fontconfig's match for the character), as Core Text's cascade list does: DejaVu Serif has no
/// 😀 (U+1F600), DejaVu Sans has one (both are in `fonts-dejavu-core`).
@Suite struct FontFallbackTests {
    static let emoji: Unicode.Scalar = "\u{1F600}"

    @Test func aMissingCharacterIsShapedInAFaceThatHasIt() throws {
        let serif = try #require(FontLibrary.face(named: "DejaVu Serif"))
        try #require(serif.file.hasSuffix("DejaVuSerif.ttf"))
        #expect(!serif.hasGlyph(for: Self.emoji) && serif.hasGlyph(for: "A"))
        let glyphs = serif.shapeWithFallback("A\u{1F600}B")
        #expect(glyphs.count == 3)
        #expect(glyphs.map { $0.face === serif } == [true, false, true])
        #expect(glyphs.map(\.cluster) == [0, 1, 5], "clusters stay offsets into the whole text")
        let fallback = glyphs[1].face
        #expect(fallback.hasGlyph(for: Self.emoji) && fallback.file.contains("DejaVuSans"))
        // The fallback's own shaping of the character, in the serif's units.
        let alone = try #require(fallback.shape("\u{1F600}").first)
        let k = serif.unitsPerEm / fallback.unitsPerEm
        #expect(glyphs[1].glyph == alone.glyph && glyphs[1].advance == alone.advance * k && glyphs[1].outlineScale == k)
        // Either side, the serif's glyphs as it shapes them alone.
        #expect(glyphs[0].glyph == serif.shape("A").first?.glyph && glyphs[2].glyph == serif.shape("B").first?.glyph)
    }

    /// The laid out path holds the fallback glyph's outline where the pen is, scaled as the line's
    /// glyphs are; the line keeps its face's metrics.
    @Test func theLayoutDrawsTheFallbackOutline() throws {
        let size = 32.0
        let layout = TextLayout(TextLayoutTests.style("A\u{1F600}", size: size, font: "DejaVu Serif"))
        let serif = try #require(FontLibrary.face(named: "DejaVu Serif"))
        let glyphs = serif.shapeWithFallback("A\u{1F600}")
        let scale = size / serif.unitsPerEm
        var expected = Path()
        var pen = 0.0
        for glyph in glyphs {
            let s = scale * glyph.outlineScale
            glyph.face.outline(glyph.glyph).append(
                to: &expected, transform: Transform(a: s, b: 0, c: 0, d: -s, tx: pen * scale, ty: serif.ascender * scale))
            pen += glyph.advance
        }
        #expect(layout.path == expected)
        #expect(layout.lines.first?.width == pen * scale)
        // The emoji's ink lies right of the A's advance: it was drawn, not left out.
        let aAdvance = glyphs[0].advance * scale
        #expect(layout.path.bounds.maxX > aAdvance + 5)
    }

    /// Text the face covers shapes exactly as before (one run), and a character no installed
    /// face has stays in the layer's face (its .notdef glyph), without a fallback.
    @Test func coveredTextAndUncoveredCharacters() throws {
        let sans = try #require(FontLibrary.face(named: "DejaVu Sans"))
        let text = "Tessera \u{00E9}t\u{00E9} \u{2026}"
        let plain = sans.shape(text), fallback = sans.shapeWithFallback(text)
        #expect(fallback.map(\.glyph) == plain.map(\.glyph) && fallback.map(\.advance) == plain.map(\.advance))
        #expect(fallback.allSatisfy { $0.face === sans })
        let han: Unicode.Scalar = "\u{4E00}"
        #expect(FontLibrary.fallback(for: han, after: sans) == nil, "no DejaVu face has CJK")
        #expect(sans.shapeWithFallback("a\u{4E00}").allSatisfy { $0.face === sans })
        // A variation selector needs no glyph: "✓️" stays in the one face that has ✓.
        #expect(sans.shapeWithFallback("\u{2713}\u{FE0F}").allSatisfy { $0.face === sans })
    }
}
