import Foundation
import TesseraRaster

/// Draws a text layer's text (see ``CATextLayer``): its cached layout's path, every glyph in
/// place, filled once with the foreground colour.
enum TextDrawing {
    /// The style a text layer's layout is made for, nil when it draws nothing.
    static func style(of p: UnsafePointer<LayerProperties>) -> TextStyle? {
        guard let string = p.pointee.string, !string.isEmpty else { return nil }
        let text = p.pointee.rare.value.text
        let size = p.pointee.bounds.standardized.size
        let attributes = p.pointee.textAttributes
        return TextStyle(
            string: string, fontName: attributes?.fontName ?? text.font,
            fontSize: Double(text.fontSize), width: Double(size.width), height: Double(size.height),
            isWrapped: text.isWrapped, alignment: text.alignmentMode, truncation: text.truncationMode,
            kern: attributes?.kern)
    }

    /// The colour the text is filled with: the attributed string's, else the layer's.
    static func color(of p: UnsafePointer<LayerProperties>) -> Color? {
        p.pointee.textAttributes?.foregroundColor ?? p.pointee.rare.value.text.foregroundColor
    }

    /// Fills the text with `paint`, in the layer's plane, its bounds' origin at the layout's,
    /// clipped to the bounds as Core Animation's text layer, which draws into a bitmap of their
    /// size (unless `isClipped`: the layer's `masksToBounds` clips it already). The clip is a
    /// group of its own, opened only for text whose ink passes the bounds.
    static func draw(_ p: UnsafePointer<LayerProperties>, paint: Paint, mapping: PlaneMapping, isClipped: Bool, on canvas: Canvas) {
        guard let style = style(of: p) else { return }
        let layout = TextLayout.cached(style)
        guard !layout.path.isEmpty else { return }
        let bounds = p.pointee.bounds.standardized
        let path =
            bounds.origin == .zero
            ? layout.path
            : layout.path.applying(Transform(translationX: Double(bounds.minX), y: Double(bounds.minY)))
        let clips = layout.overflowsBounds && !isClipped
        if clips { canvas.beginGroup() }
        canvas.fill(path, paint: paint, rule: layout.fillRule, mapping: mapping)
        guard clips else { return }
        canvas.beginMask()
        if let rect = CGPath.rasterRect(bounds) { canvas.fill(Path(rect: rect), paint: .solid(.white), mapping: mapping) }
        canvas.endGroup()
    }
}
