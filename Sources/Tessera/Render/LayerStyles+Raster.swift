import TesseraRaster

#if !canImport(QuartzCore)
// Core Animation's style names as the rasterizer's (an unknown name reads as the default).

extension CAShapeLayerFillRule {
    var rasterRule: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

extension CAShapeLayerLineJoin {
    var rasterJoin: LineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

extension CAShapeLayerLineCap {
    var rasterCap: LineCap { self == .round ? .round : self == .square ? .square : .butt }
}

extension CATransform3D {
    /// The plane-to-plane map this transform makes of its z = 0 plane, seen orthographically,
    /// when it has no perspective (the homogeneous w does not vary over the plane); nil when it
    /// has, or when it is degenerate.
    var planeAffine: Transform? {
        let w = Double(m44)
        guard m14 == 0, m24 == 0, w != 0, w.isFinite else { return nil }
        return Transform(a: Double(m11) / w, b: Double(m12) / w, c: Double(m21) / w, d: Double(m22) / w,
                         tx: Double(m41) / w, ty: Double(m42) / w)
    }
}

extension LayerProperties {
    /// The dash pattern, when it has one that dashes.
    var rasterDash: DashPattern? {
        guard let lengths = lineDashPattern, !lengths.isEmpty else { return nil }
        let dash = DashPattern(lengths: lengths, phase: Double(lineDashPhase))
        return dash.isSolid ? nil : dash
    }
}
#endif
