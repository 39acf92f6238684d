import Foundation
@_spi(Caches) import TesseraRaster

/// Everything a text layer's layout depends on: the key of ``TextLayout/cached(_:)``.
struct TextStyle: Hashable, Sendable {
    var string: String
    /// nil: ``FontLibrary/defaultName``.
    var fontName: String?
    var fontSize: Double
    /// The layer's bounds' size, in points.
    var width: Double
    var height: Double
    var isWrapped = false
    var alignment = CATextLayerAlignmentMode.natural
    var truncation = CATextLayerTruncationMode.none
    /// Added to every character's advance after the font's kerning, in points; 0 leaves the
    /// font's kerning out (an attributed string's `NSKern`, as CoreText's). Not finite: no kern;
    /// beyond ±4,096 points (``TextLayout/maximumFontSize``): ±4,096.
    var kern: Double? = nil
    /// Pixels per point of a bitmap the text is drawn into, on whose pixels each glyph's origin
    /// moves as CoreGraphics places glyphs in a layer's backing store (``TextDrawing``): x to the
    /// centre of the pixel it falls in, the baseline to the nearest pixel edge. Nil, 0 or not
    /// finite: glyphs where the layout puts them.
    var glyphGrid: Double? = nil
    /// The fonts registered when it was made (``FontLibrary/generation``): after a registration
    /// a name may stand for another face.
    var fontGeneration = FontLibrary.generation
}

/// A text layer's lines, laid out in its bounds, and their glyphs as one path (see
/// ``CATextLayer`` for the rules). Points, y down, the origin at the bounds' top left.
struct TextLayout: Sendable {
    /// One line of glyphs.
    struct Line: Sendable {
        /// What it shows: the source's characters (trailing spaces left out), with "…" where it was truncated.
        let text: String
        /// Its advance width, in points.
        let width: Double
        /// Where its baseline starts.
        let origin: Point
    }

    /// The largest font size drawn; larger ones draw at it (a documented clamp: a glyph
    /// millions of pixels tall costs its flattening, not a picture).
    static let maximumFontSize = 4096.0

    let lines: [Line]
    /// Every glyph's outline in place.
    let path: Path
    let fillRule: FillRule
    /// Whether some glyph ink lies outside the bounds (a line too long, lines past the bottom):
    /// only then does drawing clip the text.
    let overflowsBounds: Bool

    static let empty = TextLayout(lines: [], path: Path(), fillRule: .nonZero, overflowsBounds: false)

    /// Layouts kept, about: past it a part of the cache starts again empty.
    static let cacheLimit = 4096
    private static let cache = ShardedCache<TextStyle, TextLayout>(limit: cacheLimit)

    /// The layout of `style`, kept from the second time it is drawn on while it stays in the
    /// cache, so that a string drawn again costs a lookup. A string drawn once (a counter, a
    /// clock) is laid out and let go: kept, such layouts (paths of every glyph's outline, 20 KB
    /// for 40 characters) filled the cache.
    static func cached(_ style: TextStyle) -> TextLayout {
        cache.value(for: style, keepingFromSecondUse: true) { TextLayout(style) }
    }

    /// The layout the cache keeps for `style`, if it keeps one (tests).
    static func kept(_ style: TextStyle) -> TextLayout? { cache.value(for: style) }

    private init(lines: [Line], path: Path, fillRule: FillRule, overflowsBounds: Bool) {
        self.lines = lines
        self.path = path
        self.fillRule = fillRule
        self.overflowsBounds = overflowsBounds
    }

    /// Lays `style` out (uncached).
    init(_ style: TextStyle) {
        guard !style.string.isEmpty, style.fontSize.isFinite, style.fontSize > 0,
            let face = FontLibrary.face(named: style.fontName)
        else {
            self = .empty
            return
        }
        let scale = min(style.fontSize, Self.maximumFontSize) / face.unitsPerEm
        // Widths in font units from here on.
        let width = style.width.isFinite && style.width > 0 ? style.width / scale : .infinity
        var lines = TextLines(
            face: face, string: style.string, wrapWidth: style.isWrapped ? width : .infinity,
            kern: style.kern.flatMap { $0.isFinite ? min(max($0, -Self.maximumFontSize), Self.maximumFontSize) / scale : nil }
        ).lines
        if style.truncation != .none {
            let lineHeight = face.lineHeight * scale
            let fitting =
                style.height.isFinite && style.height > 0 && lineHeight > 0
                ? max(1, Int(((style.height + 1e-9) / lineHeight).rounded(.down))) : lines.count
            let truncator = Truncator(face: face, width: width, mode: style.truncation)
            let hidden = lines.count > fitting
            lines = Array(lines.prefix(fitting))
            for i in lines.indices {
                lines[i] = truncator.truncate(lines[i], hidingMore: hidden && i == lines.count - 1)
            }
        }
        // Every glyph's outline, looked up once, and room for all of them in the path at once: grown
        // by doubling, 200 layouts a frame page-faulted on fresh memory as they grew.
        let outlines = lines.map { line in line.glyphs.map { $0.face.outline($0.glyph) } }
        var path = Path()
        path.reserveCapacity(
            verbs: outlines.reduce(0) { $0 + $1.reduce(0) { $0 + $1.verbs.count } },
            points: outlines.reduce(0) { $0 + $1.reduce(0) { $0 + $1.points.count } })
        var evenOdd = false
        var placed: [Line] = []
        // The ink's extent, from each glyph's bounds (kept with its outline) as it is placed.
        var inkMinX = Double.infinity, inkMinY = Double.infinity, inkMaxX = -Double.infinity, inkMaxY = -Double.infinity
        let grid = style.glyphGrid.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        func snappedX(_ x: Double) -> Double { grid.map { (($0 * x).rounded(.down) + 0.5) / $0 } ?? x }
        func snappedY(_ y: Double) -> Double { grid.map { ($0 * y).rounded() / $0 } ?? y }
        for (index, line) in lines.enumerated() {
            let lineWidth = line.width * scale
            let free = style.width.isFinite ? style.width - lineWidth : 0
            // The spaces between words widen; those after the last word do not.
            let lastWord = line.isSpace.lastIndex(of: false) ?? -1
            let spaces = line.isSpace.indices.filter { line.isSpace[$0] && $0 < lastWord }.count
            let justifies = style.alignment == .justified && !line.endsParagraph && spaces > 0 && free > 0
            let x0: Double =
                switch style.alignment {
                case .right: free
                case .center: free / 2
                default: 0
                }
            let baseline = (face.ascender + Double(index) * face.lineHeight) * scale
            var pen = 0.0
            for (i, glyph) in line.glyphs.enumerated() {
                let outline = outlines[index][i]
                evenOdd = evenOdd || outline.evenOdd
                let glyphScale = scale * glyph.outlineScale
                let transform = Transform(
                    a: glyphScale, b: 0, c: 0, d: -glyphScale,
                    tx: snappedX(x0 + (pen + glyph.offset.x) * scale), ty: snappedY(baseline - glyph.offset.y * scale))
                outline.append(to: &path, transform: transform)
                if let b = outline.bounds {
                    let left = transform.tx + glyphScale * b.minX, right = transform.tx + glyphScale * b.maxX
                    let top = transform.ty - glyphScale * b.maxY, bottom = transform.ty - glyphScale * b.minY
                    if left < inkMinX { inkMinX = left }
                    if right > inkMaxX { inkMaxX = right }
                    if top < inkMinY { inkMinY = top }
                    if bottom > inkMaxY { inkMaxY = bottom }
                }
                pen += glyph.advance
                if justifies && line.isSpace[i] && i < lastWord { pen += free / Double(spaces) / scale }
            }
            placed.append(
                Line(
                    text: line.text, width: justifies ? style.width : lineWidth,
                    origin: Point(x: x0, y: baseline)))
        }
        let inside = inkMinX > inkMaxX || inkMinX >= 0 && inkMinY >= 0 && inkMaxX <= style.width && inkMaxY <= style.height
        self.init(lines: placed, path: path, fillRule: evenOdd ? .evenOdd : .nonZero, overflowsBounds: !inside)
    }
}
