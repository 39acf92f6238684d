import CTextLibraries
import Foundation
import Testing
@testable import TesseraCore

/// HarfBuzz, FreeType and fontconfig, loaded on first use rather than linked (CTextLibraries).
@Suite struct TextLibrariesTests {
    @Test func loadOnFirstUse() {
        #expect(tessera_text_libraries_available() == 1)
        #expect(tessera_text_libraries_error() == nil)
        // Where they load, the public API says text draws.
        #expect(FontManager.textUnavailableReason == nil)
    }

    /// The declarations' layouts against the libraries': a face's metrics as DejaVu Sans has
    /// them (its `head` and `hhea` tables), and a glyph's outline read through the glyph slot.
    @Test func faceRecordsReadAsFreeTypeWritesThem() throws {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        #expect(FT_New_Face(library, FontLibrary.fallbackFile, 0, &face) == 0)
        let loaded = try #require(face)
        defer { FT_Done_Face(loaded) }
        #expect(loaded.pointee.units_per_EM == 2048)
        #expect(loaded.pointee.ascender == 1901)
        #expect(loaded.pointee.descender == -483)
        #expect(loaded.pointee.num_glyphs > 5000)
        let glyph = FT_Get_Char_Index(loaded, FT_ULong(UInt8(ascii: "O")))
        #expect(FT_Load_Glyph(loaded, glyph, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0)
        let slot = try #require(loaded.pointee.glyph)
        #expect(slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE)
        // "O": two closed contours, the outer and the counter.
        #expect(slot.pointee.outline.n_contours == 2)
    }
}
