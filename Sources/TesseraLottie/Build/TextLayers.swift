import Foundation
import TesseraCore

/// A text layer's text: each document in a layer of its own, shown from its keyframe to the
/// next. Characters are drawn from the file's glyph outlines (`chars`) when it has them, as
/// shapes filled (and stroked) with the document's colors: each glyph at size 100 scaled to the
/// document's size, placed on its line by the advances and the tracking, lines a line height
/// apart, justified left, right or center on the layer's origin (the first baseline), or in the
/// paragraph box. Without outlines, or when the font the text names is registered
/// (`FontManager`), a `CATextLayer` with the font's name sets each line, placed as lottie-ios's
/// `CoreTextRenderLayer` places it with the font's metrics (a font found here for a name that is
/// not registered is not the designer's: reported). Text animators and text on a path are
/// reported, not drawn.
struct TextLayers {
    let document: LottieDocument
    let animator: Animator
    let report: BuildReport
    let path: String

    func draw(_ text: TextContent, into layer: CALayer) {
        if text.hasAnimators { report.notDrawn(path, "text animators", "text animators are not applied") }
        if text.followsPath { report.notDrawn(path, "text path", "text on a path is set on a straight line") }
        var missing: Set<Character> = []
        for (i, entry) in text.documents.enumerated() {
            let holder = CALayer()
            holder.anchorPoint = .zero
            holder.name = entry.document.text
            applyVisibility(of: i, in: text.documents.map(\.time), to: holder)
            set(entry.document, into: holder, missing: &missing)
            layer.addSublayer(holder)
        }
        if !missing.isEmpty {
            report.approximated(path, "glyphs", "no outline for \(String(missing.sorted())): left out")
        }
    }

    /// Document `i` shows from its time up to the next document's (the first one before it too).
    private func applyVisibility(of i: Int, in times: [Double], to layer: CALayer) {
        guard times.count > 1 else { return }
        var keyframes: [Keyframe<Double>] = []
        if i > 0 { keyframes.append(Keyframe(time: times[i - 1], value: 1, hold: true)) }
        keyframes.append(Keyframe(time: times[i], value: 0, hold: true))
        if i + 1 < times.count { keyframes.append(Keyframe(time: times[i + 1], value: 1, hold: true)) }
        animator.apply(Animated(keyframes: keyframes), to: layer, keyPath: "hidden") { $0 != 0 }
    }

    private func set(_ text: TextDocument, into layer: CALayer, missing: inout Set<Character>) {
        let font = document.fonts[text.font] ?? FontInfo(family: text.font, style: "", ascent: 75)
        let scale = text.size / 100
        let lines = Self.lines(text, font: font, glyphs: document.glyphs)
        let hasOutlines = lines.joined().contains { document.glyphs[Glyph.key(String($0), family: font.family, style: font.style)] != nil }
        let isRegistered = FontManager.registeredFont(named: text.font) != nil
        guard hasOutlines, !isRegistered else {
            setWithTextLayers(text, lines: lines, fontIsRegistered: isRegistered, into: layer)
            return
        }
        for (row, line) in lines.enumerated() {
            var x = startX(of: line, text, font: font)
            let y = baseline(of: row, text, font: font)
            for character in line {
                guard let glyph = document.glyphs[Glyph.key(String(character), family: font.family, style: font.style)] else {
                    if !character.isWhitespace { missing.insert(character) }
                    x += text.size * 0.3 + text.tracking / 1000 * text.size
                    continue
                }
                if !glyph.shapes.isEmpty { layer.addSublayer(glyphLayer(glyph, text, at: CGPoint(x: x, y: y), scale: scale)) }
                x += glyph.advance * scale + text.tracking / 1000 * text.size
            }
        }
    }

    /// A glyph's outline at size 100, filled and stroked with the document's colors, scaled and
    /// placed on its baseline.
    private func glyphLayer(_ glyph: Glyph, _ text: TextDocument, at origin: CGPoint, scale: Double) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.position = origin
        layer.transform = CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1)
        var items = glyph.shapes
        if let stroke = text.strokeColor, text.strokeWidth > 0 {
            let style = ShapeItem.StrokeStyle(cap: .butt, join: .miter, miterLimit: 4, dashes: [], dashOffset: Animated(0))
            items.append(
                .stroke(
                    ShapeItem.Stroke(
                        color: Animated(ShapeLayers.normalizedColor(stroke)), opacity: Animated(100),
                        width: Animated(text.strokeWidth / max(scale, 1e-9)), style: style)))
        }
        if let fill = text.fillColor {
            items.append(.fill(ShapeItem.Fill(color: Animated(ShapeLayers.normalizedColor(fill)), opacity: Animated(100), evenOdd: false)))
        }
        let group = ShapeGroup(name: "glyph", items: items, trims: [], corners: [], report: report, path: path)
        ShapeLayers(animator: animator, report: report, path: path).draw(group, into: layer)
        return layer
    }

    /// Without outlines: a `CATextLayer` per line with the font's name, as lottie-ios's
    /// `CoreTextRenderLayer` sets the text with CoreText: the first baseline on the layer's origin,
    /// or, in a paragraph box, the font's cap height below the box's top; the next ones a line
    /// height apart; the tracking as kern. Each layer's first baseline lies the font's ascent
    /// below its top (``CATextLayer``). A font that is not registered is reported (it is not the
    /// designer's).
    private func setWithTextLayers(_ text: TextDocument, lines: [String], fontIsRegistered: Bool, into layer: CALayer) {
        if !fontIsRegistered {
            report.approximated(path, "text", "no glyph outlines in the file: set in a font found here for \"\(text.font)\"")
        }
        let metrics = FontManager.metrics(ofFontNamed: text.font)
        let width = text.boxSize?[0] ?? 10_000
        let kern = text.tracking / 1000 * text.size
        let first = text.boxPosition.map { $0.count > 1 ? $0[1] + (metrics?.capHeight ?? 0) * text.size : 0 } ?? 0
        for (row, line) in lines.enumerated() {
            let textLayer = CATextLayer()
            textLayer.setString(line, kern: kern)
            textLayer.font = text.font
            textLayer.fontSize = CGFloat(text.size)
            textLayer.foregroundColor = text.fillColor.map { ShapeLayers.color(ShapeLayers.normalizedColor($0)) }
            textLayer.anchorPoint = .zero
            // lottie-ios gives its layers the screen's scale (`renderScale`), 2 where its snapshots
            // are made: the text's backing store, which `render(in:)` draws, has 2 pixels a point.
            textLayer.contentsScale = 2
            let top = first + Double(row) * text.lineHeight - text.baselineShift - (metrics?.ascent ?? 0) * text.size
            var left = text.boxPosition?[0] ?? 0
            switch text.justification {
            case 1:
                textLayer.alignmentMode = .right
                if text.boxSize == nil { left -= width }
            case 2:
                textLayer.alignmentMode = .center
                if text.boxSize == nil { left -= width / 2 }
            default:
                textLayer.alignmentMode = .left
            }
            // Tall enough for the font's ascent and descent: text is clipped to its layer's bounds.
            let height = max(2, (metrics?.ascent ?? 0) + (metrics?.descent ?? 0)) * text.size
            textLayer.frame = CGRect(x: left, y: top, width: width, height: height)
            layer.addSublayer(textLayer)
        }
    }

    /// Where a line starts: justified on the origin, or in the paragraph box.
    private func startX(of line: String, _ text: TextDocument, font: FontInfo) -> Double {
        let width = Self.width(of: line, text, font: font, glyphs: document.glyphs)
        let box = text.boxSize.map { $0[0] } ?? 0, left = text.boxPosition?[0] ?? 0
        switch text.justification {
        case 1: return left + box - width
        case 2: return left + (box - width) / 2
        default: return left
        }
    }

    /// The baseline of line `row`: on the origin, or in the paragraph box below its top by the
    /// font's ascent; less the baseline shift.
    private func baseline(of row: Int, _ text: TextDocument, font: FontInfo) -> Double {
        let first = text.boxPosition.map { $0.count > 1 ? $0[1] + font.ascent / 100 * text.size : 0 } ?? 0
        return first + Double(row) * text.lineHeight - text.baselineShift
    }

    private static func width(of line: String, _ text: TextDocument, font: FontInfo, glyphs: [String: Glyph]) -> Double {
        line.reduce(0) { total, character in
            let advance =
                glyphs[Glyph.key(String(character), family: font.family, style: font.style)].map { $0.advance / 100 * text.size }
                ?? text.size * 0.3
            return total + advance + text.tracking / 1000 * text.size
        }
    }

    /// The lines of the text: broken at its line breaks (`\r`, `\n`, `\u{3}`), and, in a
    /// paragraph box, wrapped at spaces to the box's width.
    private static func lines(_ text: TextDocument, font: FontInfo, glyphs: [String: Glyph]) -> [String] {
        let paragraphs = text.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }.map(String.init)
        guard let box = text.boxSize?.first, box > 0 else { return paragraphs }
        var lines: [String] = []
        for paragraph in paragraphs {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if !line.isEmpty, width(of: candidate, text, font: font, glyphs: glyphs) > box {
                    lines.append(line)
                    line = String(word)
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        return lines
    }
}
