import TesseraRaster

// Core Animation's style names as the rasterizer's (an unknown name reads as the default).
// The default is tried first: equal names compare by their bits at once, unequal ones through
// the standard library's slower comparison, and most layers keep the defaults (the drawing walk
// converts every shape layer's join and cap each frame).

extension CAShapeLayerFillRule {
    var rasterRule: FillRule { self == .nonZero ? .nonZero : self == .evenOdd ? .evenOdd : .nonZero }
}

extension CAShapeLayerLineJoin {
    var rasterJoin: LineJoin { self == .miter ? .miter : self == .round ? .round : self == .bevel ? .bevel : .miter }
}

extension CAShapeLayerLineCap {
    var rasterCap: LineCap { self == .butt ? .butt : self == .round ? .round : self == .square ? .square : .butt }
}

extension LayerProperties {
    /// The dash pattern, when it has one that dashes.
    var rasterDash: DashPattern? {
        guard let lengths = lineDashPattern, !lengths.isEmpty else { return nil }
        let dash = DashPattern(lengths: lengths, phase: Double(lineDashPhase))
        return dash.isSolid ? nil : dash
    }
}
