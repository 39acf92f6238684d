import TesseraRaster

#if !canImport(QuartzCore)
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

extension CATransform3D {
    /// The plane-to-plane map this transform makes of its z = 0 plane, seen orthographically,
    /// when it has no perspective (the homogeneous w does not vary over the plane) and the plane
    /// is in front of the eye (w > 0); nil otherwise.
    var planeAffine: Transform? {
        let w = Double(m44)
        guard m14 == 0, m24 == 0, w > 0, w.isFinite else { return nil }
        return Transform(a: Double(m11) / w, b: Double(m12) / w, c: Double(m21) / w, d: Double(m22) / w,
                         tx: Double(m41) / w, ty: Double(m42) / w)
    }
}

/// How a layer's plane reaches the canvas: an affine map, or a projection under perspective.
enum PlaneMapping {
    case affine(Transform)
    case projective(Projection)

    /// nil when the transform is not finite.
    init?(_ m: CATransform3D) {
        if let affine = m.planeAffine {
            self = .affine(affine)
            return
        }
        let projection = Projection(a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22),
                                    tx: Double(m.m41), ty: Double(m.m42), wx: Double(m.m14), wy: Double(m.m24), w0: Double(m.m44))
        let entries = [projection.a, projection.b, projection.c, projection.d, projection.tx, projection.ty,
                       projection.wx, projection.wy, projection.w0]
        guard entries.allSatisfy(\.isFinite) else { return nil }
        self = .projective(projection)
    }
}

extension Canvas {
    func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero, mapping: PlaneMapping) {
        switch mapping {
        case .affine(let transform): fill(path, paint: paint, rule: rule, transform: transform)
        case .projective(let projection): fill(path, paint: paint, rule: rule, projection: projection)
        }
    }

    func stroke(_ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern?, trimStart: Double, trimEnd: Double,
                mapping: PlaneMapping) {
        switch mapping {
        case .affine(let transform):
            stroke(path, paint: paint, style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd, transform: transform)
        case .projective(let projection):
            stroke(path, paint: paint, style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd, projection: projection)
        }
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
