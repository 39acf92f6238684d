import TesseraRaster

extension FontFace {
    /// The glyphs of `text` (one paragraph), shaped in this face, except the characters it has
    /// no glyph for: those are shaped in a fallback face that has them (``FontLibrary/fallback(for:after:)``),
    /// run by run, so that "A😀" in DejaVu Serif draws its emoji from DejaVu Sans. Everything is
    /// in this face's units (a fallback glyph's advance and offset scaled by the ratio of units per
    /// em); clusters stay offsets into `text`. A character no installed face has is drawn in this
    /// face (its .notdef glyph). Text this face covers costs one cmap lookup per character more
    /// than ``shape(_:)``.
    func shapeWithFallback(_ text: String, kerning: Bool = true) -> [ShapedGlyph] {
        // Most text is all in the face: one pass over its scalars, no grapheme breaking.
        guard text.unicodeScalars.contains(where: lacksGlyph) else { return shape(text, kerning: kerning) }
        var runs: [(face: FontFace, utf8: Range<Int>)] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            defer { offset += length }
            let missing = character.unicodeScalars.first(where: lacksGlyph)
            let face = missing.flatMap { FontLibrary.fallback(for: $0, after: self) } ?? self
            if let last = runs.last, last.face === face {
                runs[runs.count - 1].utf8 = last.utf8.lowerBound..<(offset + length)
            } else {
                runs.append((face, offset..<(offset + length)))
            }
        }
        guard runs.contains(where: { $0.face !== self }) else { return shape(text, kerning: kerning) }
        let bytes = Array(text.utf8)
        var glyphs: [ShapedGlyph] = []
        for run in runs {
            let part = String(decoding: bytes[run.utf8], as: UTF8.self)
            let k = unitsPerEm / run.face.unitsPerEm
            for g in run.face.shape(part, kerning: kerning) {
                glyphs.append(
                    ShapedGlyph(
                        glyph: g.glyph, cluster: g.cluster + run.utf8.lowerBound, advance: g.advance * k,
                        offset: Point(x: g.offset.x * k, y: g.offset.y * k), face: run.face, outlineScale: k))
            }
        }
        return glyphs
    }

    /// Whether `scalar` needs a glyph this face does not have. Variation selectors and joiners
    /// (default ignorable) have no glyph of their own in most faces and need none.
    private func lacksGlyph(_ scalar: Unicode.Scalar) -> Bool {
        !hasGlyph(for: scalar) && !scalar.properties.isDefaultIgnorableCodePoint
    }
}
