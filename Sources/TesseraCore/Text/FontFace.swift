import CTextLibraries
import Foundation
import Synchronization
import TesseraRaster

/// One font file, loaded once (``FontLibrary`` keeps it): its metrics, HarfBuzz's font for
/// shaping and FreeType's face for glyph outlines, everything in font units (y up).
///
/// # Thread safety
/// HarfBuzz's `hb_font_t` is immutable once made (shaping only reads it, which HarfBuzz
/// documents as safe from any thread); FreeType's face is not, so it is used only under
/// ``face``'s lock, and each glyph's outline is read from it once, then kept (``outline(_:)``).
final class FontFace: Sendable {
    /// The file it was loaded from.
    let file: String
    let unitsPerEm: Double
    /// Above the baseline, in font units (positive).
    let ascender: Double
    /// Below the baseline, in font units (negative).
    let descender: Double
    /// From one baseline to the next, in font units (FreeType's `height`).
    let lineHeight: Double
    /// The height of capital letters, in font units: the `OS/2` table's, else the top of H.
    let capHeight: Double
    /// The names its `name` table gives it.
    let names: RegisteredFont
    /// Shaping only reads it: immutable after `init`, destroyed in `deinit`.
    nonisolated(unsafe) private let shaper: OpaquePointer
    private let face: Mutex<FreeTypeFace>
    /// Bit c of word c / 64: whether the face has a glyph for ASCII character c (most text is
    /// ASCII, and a bit test is cheaper than HarfBuzz's cmap lookup for every character).
    private let asciiCoverage: (UInt64, UInt64)
    private let outlines: GlyphOutlineTable

    /// nil when FreeType or HarfBuzz cannot read the file.
    init?(file: String) {
        guard let freeType = FreeTypeFace(file: file) else { return nil }
        let metrics = freeType.face.pointee
        guard metrics.units_per_EM > 0, let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, 0) else { return nil }
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { return nil }
        // Positions in font units: the layout scales them by fontSize / unitsPerEm.
        hb_font_set_scale(font, Int32(metrics.units_per_EM), Int32(metrics.units_per_EM))
        hb_font_make_immutable(font)
        self.file = file
        unitsPerEm = Double(metrics.units_per_EM)
        ascender = Double(metrics.ascender)
        descender = Double(metrics.descender)
        lineHeight = Double(metrics.height)
        capHeight = Self.capHeight(of: font)
        names = Self.names(of: hbFace)
        shaper = font
        outlines = GlyphOutlineTable(count: metrics.num_glyphs)
        face = Mutex(freeType)
        var coverage: (UInt64, UInt64) = (0, 0)
        for c in UInt32(0)..<128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, c, &glyph) != 0, glyph != 0 else { continue }
            if c < 64 { coverage.0 |= 1 << c } else { coverage.1 |= 1 << (c - 64) }
        }
        asciiCoverage = coverage
    }

    deinit { hb_font_destroy(shaper) }

    private static func capHeight(of font: OpaquePointer) -> Double {
        var position: hb_position_t = 0
        if hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &position) != 0, position > 0 { return Double(position) }
        var glyph: hb_codepoint_t = 0
        var extents = hb_glyph_extents_t()
        guard hb_font_get_nominal_glyph(font, 0x48, &glyph) != 0, hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return 0 }
        return Double(extents.y_bearing)
    }

    /// Its names from the `name` table (in English): the typographic family and style where it
    /// has them, else the legacy ones.
    private static func names(of face: OpaquePointer) -> RegisteredFont {
        func name(_ id: hb_ot_name_id_t) -> String? {
            var length: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: Int(length))
            guard hb_ot_name_get_utf8(face, id, nil, &length, &buffer) > 0 else { return nil }
            // `length` is now the bytes written, without the terminating NUL.
            let value = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return value.isEmpty ? nil : value
        }
        let family = name(hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY)) ?? name(hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)) ?? ""
        let style = name(hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY)) ?? name(hb_ot_name_id_t(HB_OT_NAME_ID_FONT_SUBFAMILY)) ?? ""
        return RegisteredFont(
            postScriptName: name(hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME)) ?? "",
            fullName: name(hb_ot_name_id_t(HB_OT_NAME_ID_FULL_NAME)) ?? "\(family) \(style)", familyName: family, styleName: style)
    }

    /// The glyphs of `text`, shaped left to right in one run (HarfBuzz guesses the script and
    /// direction), their clusters as UTF-8 offsets into `text`.
    /// Without `kerning`, the font's own kerning is left out (as CoreText leaves it out of text
    /// whose kern attribute is 0).
    func shape(_ text: String, kerning: Bool = true) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        if kerning {
            hb_shape(shaper, buffer, nil, 0)
        } else {
            var noKerning = hb_feature_t(tag: Self.kernTag, value: 0, start: 0, end: UInt32.max)
            hb_shape(shaper, buffer, &noKerning, 1)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: Double(positions[i].x_advance),
                offset: Point(x: Double(positions[i].x_offset), y: Double(positions[i].y_offset)),
                face: self, outlineScale: 1)
        }
    }

    /// OpenType's `kern` feature.
    private static let kernTag: hb_tag_t = 0x6B65_726E

    /// Whether the face has a glyph for `scalar` (its cmap maps it to a glyph other than .notdef).
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        let c = scalar.value
        if c < 64 { return asciiCoverage.0 & (1 << c) != 0 }
        if c < 128 { return asciiCoverage.1 & (1 << (c - 64)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(shaper, scalar.value, &glyph) != 0 && glyph != 0
    }

    /// The outline of glyph `glyph` in font units (y up), read from FreeType the first time.
    func outline(_ glyph: UInt32) -> KeptGlyphOutline {
        outlines.outline(glyph) { face.withLock { GlyphOutline(glyph, of: $0.face) } }
    }
}

/// A shaped glyph, in the font units of the face a line is laid out in (its primary face).
struct ShapedGlyph: Sendable {
    let glyph: UInt32
    /// The UTF-8 offset, in the shaped text, of the first character it draws.
    let cluster: Int
    let advance: Double
    let offset: Point
    /// The face whose glyph it is: the line's, or a fallback face for characters the line's lacks.
    /// Unowned: ``FontLibrary`` keeps every face it loads for the life of the process, and a
    /// reference counted per glyph made the threads laying out text queue on the face's count.
    unowned(unsafe) let face: FontFace
    /// The face's units per primary face unit (1 for the primary face's own glyphs).
    let outlineScale: Double
}

/// A FreeType library and one face of it, freed together; used only under ``FontFace``'s lock.
struct FreeTypeFace: ~Copyable {
    let library: FT_Library
    let face: FT_Face

    init?(file: String) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, file, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            return nil
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
