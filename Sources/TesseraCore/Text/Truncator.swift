/// Truncates a line that does not fit its width, as `CATextLayer`'s `truncationMode` says:
/// keeps its beginning (`end`), its end (`start`) or both (`middle`) and puts "…" (U+2026, shaped
/// in the same face) where text is left out. Cuts fall between clusters, never inside one.
struct Truncator {
    static let ellipsis = "\u{2026}"

    let face: FontFace
    /// In font units.
    let width: Double
    let mode: CATextLayerTruncationMode

    /// `line`, truncated when it is wider than the width or when lines after it are hidden
    /// (`hidingMore`: then the ellipsis marks the hidden text, even if the line itself fits).
    func truncate(_ line: ShapedLine, hidingMore: Bool) -> ShapedLine {
        guard line.width > width || hidingMore else { return line }
        let ellipsis = face.shapeWithFallback(Self.ellipsis)
        let available = max(0, width - ellipsis.reduce(0) { $0 + $1.advance })
        let count = line.glyphs.count
        var head = 0, tail = 0
        switch mode {
        case .start:
            tail = fitting(line, available, fromEnd: true)
        case .middle where !hidingMore:
            head = fitting(line, available / 2, fromEnd: false)
            tail = fitting(line, available - width(of: line, 0..<head), fromEnd: true, limit: count - head)
        default:
            head = fitting(line, available, fromEnd: false)
        }
        while head > 0 && line.isSpace[head - 1] { head -= 1 }
        let headRange = 0..<head, tailRange = (count - tail)..<count
        let headText = text(of: line, headRange), tailText = text(of: line, tailRange)
        return ShapedLine(
            glyphs: Array(line.glyphs[headRange]) + ellipsis + Array(line.glyphs[tailRange]),
            isSpace: Array(line.isSpace[headRange]) + ellipsis.map { _ in false } + Array(line.isSpace[tailRange]),
            text: headText + Self.ellipsis + tailText,
            width: width(of: line, headRange) + ellipsis.reduce(0) { $0 + $1.advance } + width(of: line, tailRange),
            endsParagraph: line.endsParagraph)
    }

    /// How many glyphs from the start (or the end) fit in `available`, cut between clusters.
    private func fitting(_ line: ShapedLine, _ available: Double, fromEnd: Bool, limit: Int? = nil) -> Int {
        let glyphs = line.glyphs
        let limit = limit ?? glyphs.count
        var total = 0.0, n = 0
        while n < limit {
            let index = fromEnd ? glyphs.count - 1 - n : n
            guard total + glyphs[index].advance <= available + 1e-9 else { break }
            total += glyphs[index].advance
            n += 1
        }
        // Not inside a cluster: the glyph past the cut must start another one.
        while n > 0 && n < glyphs.count {
            let inside =
                fromEnd
                ? glyphs[glyphs.count - n].cluster == glyphs[glyphs.count - n - 1].cluster
                : glyphs[n].cluster == glyphs[n - 1].cluster
            guard inside else { break }
            n -= 1
        }
        return n
    }

    private func width(of line: ShapedLine, _ range: Range<Int>) -> Double {
        line.glyphs[range].reduce(0) { $0 + $1.advance }
    }

    /// The source characters of glyphs `range` (left to right, by cluster).
    private func text(of line: ShapedLine, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let bytes = Array(line.text.utf8)
        let base = line.glyphs.first?.cluster ?? 0
        let from = line.glyphs[range.lowerBound].cluster - base
        let to = range.upperBound < line.glyphs.count ? line.glyphs[range.upperBound].cluster - base : bytes.count
        return String(decoding: bytes[max(0, min(from, bytes.count))..<max(0, min(max(from, to), bytes.count))], as: UTF8.self)
    }
}
