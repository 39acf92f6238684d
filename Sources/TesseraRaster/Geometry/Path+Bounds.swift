extension Path {
    /// The smallest rectangle containing every point of the path's curves (CoreGraphics'
    /// `boundingBoxOfPath`): curves contribute their extreme points, not their control points.
    /// `Rect.zero` for an empty path (CoreGraphics returns `CGRect.null`, which Tessera's `Rect`
    /// does not model).
    public var bounds: Rect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        func include(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var current = first
        forEachElement { element in
            switch element {
            case .move(let p), .line(let p):
                include(p)
                current = p
            case .quadCurve(let p, let c):
                include(p)
                // B'(t) = 0 per axis at t = (p0 − c) / (p0 − 2c + p2).
                for t in [Self.quadraticExtremum(current.x, c.x, p.x), Self.quadraticExtremum(current.y, c.y, p.y)] {
                    if let t { include(CurveFlattener.point(quadratic: current, c, p, at: t)) }
                }
                current = p
            case .cubicCurve(let p, let c1, let c2):
                include(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    include(CurveFlattener.point(cubic: current, c1, c2, p, at: t))
                }
                current = p
            case .closeSubpath:
                break
            }
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func quadraticExtremum(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return nil }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has zero derivative: the roots of
    /// B'(t)/3 = (b−a)(1−t)² + 2(c−b)(1−t)t + (d−c)t².
    private static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots.append((-qb + s) / (2 * qa))
                roots.append((-qb - s) / (2 * qa))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
