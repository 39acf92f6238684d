import TesseraRaster

/// A line of shaped glyphs, in font units, before it is placed.
struct ShapedLine {
    var glyphs: [ShapedGlyph]
    /// Whether each glyph draws a space (a break opportunity; justification widens them).
    var isSpace: [Bool]
    var text: String
    /// The advance width, trailing spaces left out.
    var width: Double
    /// Whether it is the last line of its paragraph (justification leaves it as it is).
    var endsParagraph: Bool
}

/// Breaks a string into lines: at each newline, and, when wrapping, greedily at spaces (a word
/// longer than the width alone is broken between characters), by shaped advance widths.
/// Spaces at the end of a line take no width; those at a wrapped line's end are not drawn.
/// A `kern` (font units) is added to the advance of every character, as CoreText's kern
/// attribute: after the font's own kerning, which a kern of 0 leaves out.
struct TextLines {
    let lines: [ShapedLine]

    /// The string's paragraphs: split at every `Character.isNewline` (LF, VT, FF, CR, CR-LF,
    /// NEL, U+2028, U+2029). A string holding none of their UTF-8 forms, which most are, is one
    /// paragraph without the split, which walks the string by grapheme clusters (some 450
    /// instructions a character: a fifth of laying out a 40-character line). A newline is a
    /// cluster of its own (grapheme breaks surround controls), so the two agree.
    static func paragraphs(of string: String) -> [Substring] {
        // Over the bytes in place where the string is native, else through its UTF-8 view (no copy).
        let hasNewline =
            string.utf8.withContiguousStorageIfAvailable { Self.containsNewline($0) } ?? Self.containsNewline(string.utf8)
        guard hasNewline else { return [string[...]] }
        return string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// Whether `utf8` holds LF, VT, FF, CR (0x0A–0x0D), NEL (C2 85), U+2028 or U+2029 (E2 80 A8/A9).
    private static func containsNewline(_ utf8: some Sequence<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in utf8 {
            if (0x0A...0x0D).contains(byte) || (previous.1 == 0xC2 && byte == 0x85)
                || (previous == (0xE2, 0x80) && (byte == 0xA8 || byte == 0xA9))
            {
                return true
            }
            previous = (previous.1, byte)
        }
        return false
    }

    init(face: FontFace, string: String, wrapWidth: Double, kern: Double? = nil) {
        var lines: [ShapedLine] = []
        for paragraph in Self.paragraphs(of: string) {
            let text = String(paragraph)
            let bytes = Array(text.utf8)
            let glyphs = Self.kerned(face.shapeWithFallback(text, kerning: kern != 0), by: kern ?? 0)
            let isSpace = glyphs.map { $0.cluster < bytes.count && bytes[$0.cluster] == 0x20 }
            var start = 0
            var x = 0.0
            var lastSpace: Int? = nil
            var i = 0
            var paragraphLines: [ShapedLine] = []
            func emit(_ range: Range<Int>) {
                let next = range.upperBound < glyphs.count ? glyphs[range.upperBound].cluster : bytes.count
                let from = range.isEmpty ? next : glyphs[range.lowerBound].cluster
                var end = range.upperBound
                while end > range.lowerBound && isSpace[end - 1] { end -= 1 }
                // The line's characters without its trailing spaces: a character that is a space
                // is the one byte 0x20 (a space followed by a combining mark is another character).
                let lower = min(from, next)
                var upper = max(from, next)
                while upper > lower && bytes[upper - 1] == 0x20 { upper -= 1 }
                paragraphLines.append(
                    ShapedLine(
                        glyphs: Array(glyphs[range]), isSpace: Array(isSpace[range]),
                        text: String(decoding: bytes[lower..<upper], as: UTF8.self),
                        width: glyphs[range.lowerBound..<end].reduce(0) { $0 + $1.advance }, endsParagraph: false))
            }
            while i < glyphs.count {
                let advance = glyphs[i].advance
                if !isSpace[i] && x + advance > wrapWidth && i > start {
                    // Break at the last space of the line, else before this glyph (not inside a cluster).
                    var cut = lastSpace.map { $0 + 1 } ?? i
                    while lastSpace == nil && cut > start + 1 && glyphs[cut].cluster == glyphs[cut - 1].cluster { cut -= 1 }
                    emit(start..<cut)
                    start = cut
                    while start < glyphs.count && isSpace[start] { start += 1 }
                    lastSpace = nil
                    x = glyphs[start..<max(start, i)].reduce(0) { $0 + $1.advance }
                    i = max(i, start)
                    continue
                }
                if isSpace[i] { lastSpace = i }
                x += advance
                i += 1
            }
            emit(start..<glyphs.count)
            paragraphLines[paragraphLines.count - 1].endsParagraph = true
            lines += paragraphLines
        }
        self.lines = lines
    }

    /// `glyphs` with `kern` added to the advance of each character's last glyph.
    private static func kerned(_ glyphs: [ShapedGlyph], by kern: Double) -> [ShapedGlyph] {
        guard kern != 0 else { return glyphs }
        return glyphs.indices.map { i in
            let g = glyphs[i]
            guard i + 1 == glyphs.count || glyphs[i + 1].cluster != g.cluster else { return g }
            return ShapedGlyph(
                glyph: g.glyph, cluster: g.cluster, advance: g.advance + kern, offset: g.offset, face: g.face, outlineScale: g.outlineScale)
        }
    }
}
