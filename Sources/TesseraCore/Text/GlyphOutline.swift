import CTextLibraries
import TesseraRaster

/// A glyph's outline from FreeType (`FT_Outline_Decompose`), in font units, y up, and the fill
/// rule its outline's flags ask for (TrueType and CFF outlines fill non-zero).
struct GlyphOutline: Sendable {
    let path: Path
    let evenOdd: Bool
    /// The path's bounds (``Path/bounds``), computed once with the outline; nil when it is empty.
    let bounds: Rect?

    /// The outline of `glyph` in `face` (empty when FreeType cannot load it, or it is a bitmap).
    init(_ glyph: UInt32, of face: FT_Face) {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else {
            path = Path()
            evenOdd = false
            bounds = nil
            return
        }
        var outline = slot.pointee.outline
        var path = Path()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let path = user!.assumingMemoryBound(to: Path.self)
                if !path.pointee.isEmpty { path.pointee.closeSubpath() }
                path.pointee.move(to: GlyphOutline.point(to!))
                return 0
            },
            line_to: { to, user in
                user!.assumingMemoryBound(to: Path.self).pointee.addLine(to: GlyphOutline.point(to!))
                return 0
            },
            conic_to: { control, to, user in
                user!.assumingMemoryBound(to: Path.self).pointee
                    .addQuadCurve(to: GlyphOutline.point(to!), control: GlyphOutline.point(control!))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                user!.assumingMemoryBound(to: Path.self).pointee.addCurve(
                    to: GlyphOutline.point(to!), control1: GlyphOutline.point(c1!), control2: GlyphOutline.point(c2!))
                return 0
            },
            shift: 0, delta: 0)
        _ = withUnsafeMutablePointer(to: &path) { FT_Outline_Decompose(&outline, &funcs, $0) }
        if !path.isEmpty { path.closeSubpath() }
        self.path = path
        evenOdd = outline.flags & Int32(FT_OUTLINE_EVEN_ODD_FILL) != 0
        bounds = path.isEmpty ? nil : path.bounds
    }

    private static func point(_ v: UnsafePointer<FT_Vector>) -> Point {
        Point(x: Double(v.pointee.x), y: Double(v.pointee.y))
    }
}
