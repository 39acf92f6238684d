import Foundation
import TesseraRaster

/// Draws what a ``CABackdropLayer`` shows: the frame below it (``BackdropCapture``) within its
/// rounded bounds, through its `filters` (``LayerFilterChain``: colour matrices and blurs,
/// which read the frame around the bounds as far as they reach).
///
/// Any other layer with `backgroundFilters` shows the frame below it the same way, through them
/// (Apple: "filters to apply to the content immediately behind the layer"; the content behind
/// shows through into the layer, under its own background and content). Background filters that
/// draw nothing leave what is behind as it is: no capture.
struct BackdropDrawing {
    /// The walk's canvas.
    let canvas: Canvas

    /// Whether the layer at `p` shows the frame below it filtered: a backdrop, or a layer with
    /// background filters that draw something. Read for every layer: most have no rare property.
    @inline(__always)
    static func showsBackdrop(_ p: UnsafePointer<LayerProperties>) -> Bool {
        p.pointee.kind.layerClass.filtersBehind || (!p.pointee.rare.isDefaults && filtersBackground(p))
    }

    @inline(never)
    private static func filtersBackground(_ p: UnsafePointer<LayerProperties>) -> Bool {
        LayerFilterChain(p.pointee.backgroundFilters, on: .behind) != nil
    }

    /// The filters the frame below goes through: a backdrop's `filters`, any other layer's
    /// `backgroundFilters` (its `filters` apply to the layer itself).
    private static func filters(of p: UnsafePointer<LayerProperties>) -> [LayerFilter]? {
        p.pointee.kind.layerClass.filtersBehind ? p.pointee.filters : p.pointee.backgroundFilters
    }

    /// Draws the backdrop of the layer at `p` (mapped to the canvas by `matrix`, through
    /// `mapping`) onto the canvas: `frame`, what lies below it there (``BackdropCapture``).
    func draw(_ p: UnsafePointer<LayerProperties>, below frame: Pixmap, matrix: CATransform3D, mapping: PlaneMapping) {
        let operations = LayerFilterChain(Self.filters(of: p), on: .behind)?.operations ?? []
        // A blur's hard or normalized edges are the frame's: what lies past it is unknown, not clear.
        let filter = FilterOperations(
            threadCount: canvas.threadCount, recorder: canvas.taskRecorder,
            bounds: p.pointee.bounds, matrix: matrix,
            edgeRegion: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)))
        let reach = filter.reach(of: operations)
        // The bounds on the frame, grown by the reach, within the frame.
        let box = LayerGeometry.boundingBox(of: p.pointee.bounds) { matrix.projecting($0) }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let left = max(0, Int(box.minX.rounded(.down)) - reach.x), top = max(0, Int(box.minY.rounded(.down)) - reach.y)
        let right = min(frame.width, Int(box.maxX.rounded(.up)) + reach.x)
        let bottom = min(frame.height, Int(box.maxY.rounded(.up)) + reach.y)
        guard left < right, top < bottom,
            let below = Self.pixels(
                of: frame, x: left, y: top, width: right - left, height: bottom - top,
                changedInPlace: operations.first?.changesPixelsInPlace ?? false)
        else { return }
        var sampled = FilterOperations.Placed(pixmap: below, x: left, y: top)
        let scale = p.pointee.scale.isNaN || p.pointee.scale <= 0 ? 1 : max(p.pointee.scale, 1.0 / 64)
        while Double(2 * sampled.scale) * scale <= 1 {
            guard let halved = FilterOperations.halved(sampled, threadCount: filter.threadCount, recorder: filter.recorder) else {
                return
            }
            sampled = halved
        }
        guard let filtered = filter.apply(operations[...], to: sampled) else { return }
        // Within the rounded bounds: the pixels, masked by the bounds' shape on the frame.
        canvas.beginGroup()
        filtered.draw(on: canvas)
        canvas.beginMask()
        canvas.fill(
            LayerBackgroundShapes.roundedRect(
                p.pointee.bounds, radius: p.pointee.cornerRadius,
                corners: p.pointee.maskedCorners, curve: p.pointee.cornerCurve),
            paint: .solid(.white), mapping: mapping)
        canvas.endGroup()
    }

    /// The frame's pixels in a rectangle, for the filters to read: where they lie in the frame,
    /// unless the first filter changes its pixels in place (then a copy: the frame is drawn on).
    private static func pixels(of frame: Pixmap, x: Int, y: Int, width: Int, height: Int, changedInPlace: Bool) -> Pixmap? {
        guard !changedInPlace else { return try? Pixmap(copying: frame, x: x, y: y, width: width, height: height) }
        return try? Pixmap(
            wrapping: frame.baseAddress + y * frame.bytesPerRow + x * 4, width: width, height: height,
            bytesPerRow: frame.bytesPerRow)
    }
}

private extension LayerFilterChain.Operation {
    /// Whether it filters the pixels it is given where they lie (rather than into new ones).
    var changesPixelsInPlace: Bool {
        switch self {
        case .colorMatrix, .premultipliedColorMatrix, .alphaThreshold: true
        case .gaussianBlur, .variableBlur: false
        }
    }
}
