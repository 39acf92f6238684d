import Foundation
import TesseraRaster

/// Draws a text layer's text (see ``CATextLayer``): its cached layout's path, every glyph in
/// place, filled once with the foreground colour.
enum TextDrawing {
    /// The style a text layer's layout is made for, nil when it draws nothing.
    static func style(of p: UnsafePointer<LayerProperties>, glyphGrid: Double? = nil) -> TextStyle? {
        guard let string = p.pointee.string, !string.isEmpty else { return nil }
        let text = p.pointee.rare.value.text
        let size = p.pointee.bounds.standardized.size
        let attributes = p.pointee.textAttributes
        return TextStyle(
            string: string, fontName: attributes?.fontName ?? text.font,
            fontSize: Double(text.fontSize), width: Double(size.width), height: Double(size.height),
            isWrapped: text.isWrapped, alignment: text.alignmentMode, truncation: text.truncationMode,
            kern: attributes?.kern, glyphGrid: glyphGrid)
    }

    /// The colour the text is filled with: the attributed string's, else the layer's.
    static func color(of p: UnsafePointer<LayerProperties>) -> Color? {
        p.pointee.textAttributes?.foregroundColor ?? p.pointee.rare.value.text.foregroundColor
    }

    /// Fills the text with `paint`, in the layer's plane, its bounds' origin at the layout's,
    /// clipped to the bounds as Core Animation's text layer, which draws into a bitmap of their
    /// size (unless `isClipped`: the layer's `masksToBounds` clips it already). The clip is a
    /// group of its own, opened only for text whose ink passes the bounds.
    ///
    /// `inContext` (``LayerRenderer/Mode/renderInContext``), as `CALayer.render(in:)` draws the
    /// layer: its backing store, the text drawn by CoreGraphics into a bitmap of `contentsScale`
    /// pixels per point, drawn as an image (``backingStore(_:paint:layerToTarget:on:)``).
    static func draw(
        _ p: UnsafePointer<LayerProperties>, paint: Paint, mapping: PlaneMapping, isClipped: Bool, inContext: Bool = false,
        on canvas: Canvas
    ) {
        if inContext, case .affine(let layerToTarget) = mapping, backingStore(p, paint: paint, layerToTarget: layerToTarget, on: canvas) {
            return
        }
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

    /// Draws the text as a layer's backing store that `CALayer.render(in:)` draws, and says
    /// whether it did (false: nothing to draw, or a bitmap too large, left to the vector path).
    /// CoreGraphics draws the glyphs into a bitmap of `contentsScale` pixels per point over the
    /// bounds, each glyph's x at the centre of the pixel it falls in and its baseline on the
    /// nearest pixel edge (``TextStyle/glyphGrid``; fitted on lottie-ios's
    /// `pr_2436_text_animator_index_alpha_0` snapshot, 12 glyphs of 140 points at 2 pixels per
    /// point: their x to 0.04 pixels of the store); the bitmap is then drawn as an image
    /// (``ContextImageResampling``). Only the pixels the glyphs reach are made, at the bounds'
    /// pixel grid, and the bounds clip them as the bitmap's edges do.
    private static func backingStore(
        _ p: UnsafePointer<LayerProperties>, paint: Paint, layerToTarget: Transform, on canvas: Canvas
    ) -> Bool {
        let scale = Double(p.pointee.contentsScale)
        guard scale.isFinite, scale > 0, let style = style(of: p, glyphGrid: scale) else { return false }
        let layout = TextLayout.cached(style)
        guard !layout.path.isEmpty else { return true }
        let bounds = p.pointee.bounds.standardized
        let ink = layout.path.bounds
        // The pixels of the bitmap (its origin at the bounds' top left) that the ink reaches.
        let columns = max(0, (Double(bounds.width) * scale).rounded(.up)), rows = max(0, (Double(bounds.height) * scale).rounded(.up))
        // Pixels of the store past the ink, as many as the resampling's kernel reaches: the
        // target pixels its tails blur the ink onto are drawn (a store of 2 pixels a point drawn
        // at 1: 3 σ is 2.1 of its pixels).
        let storeToTarget = abs(layerToTarget.a * layerToTarget.d - layerToTarget.b * layerToTarget.c).squareRoot() / scale
        let margin = Double(ContextImageResampling.reach(magnification: storeToTarget))
        let left = min(max((ink.minX * scale).rounded(.down) - margin, 0), columns)
        let top = min(max((ink.minY * scale).rounded(.down) - margin, 0), rows)
        let right = min(max((ink.maxX * scale).rounded(.up) + margin, left), columns)
        let bottom = min(max((ink.maxY * scale).rounded(.up) + margin, top), rows)
        let width = right - left, height = bottom - top
        guard width > 0, height > 0 else { return true }
        guard width * height <= Double(ContextImageResampling.maximumPixels),
            let pixmap = try? Pixmap(width: Int(width), height: Int(height))
        else { return false }
        let bitmap = Canvas(threadCount: 1)
        bitmap.fill(
            layout.path, paint: paint, rule: layout.fillRule,
            transform: Transform(scaleX: scale, y: scale).concatenating(Transform(translationX: -left, y: -top)))
        bitmap.render(into: pixmap)
        // The bitmap's pixels in the layer's points, and the rectangle they cover there.
        let imageToLayer = Transform(scaleX: 1 / scale, y: 1 / scale).concatenating(
            Transform(translationX: Double(bounds.minX) + left / scale, y: Double(bounds.minY) + top / scale))
        let destination = CGRect(
            x: Double(bounds.minX) + left / scale, y: Double(bounds.minY) + top / scale, width: width / scale, height: height / scale)
        guard let image = try? Image(pixmap: pixmap),
            let pattern = ContextImageResampling.pattern(
                image, imageToLayer: imageToLayer, destination: destination, layerToTarget: layerToTarget)
        else { return false }
        canvas.fill(
            Path(rect: Rect(x: Double(destination.minX), y: Double(destination.minY), width: width / scale, height: height / scale)),
            paint: .image(pattern), mapping: .affine(layerToTarget))
        return true
    }
}
