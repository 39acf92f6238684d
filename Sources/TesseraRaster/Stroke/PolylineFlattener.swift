/// Flattens a path, mapped through a transform, into ``Polylines`` for stroking: lines kept,
/// curves replaced by chords within `tolerance` (Wang's formula, see ``CurveFlattener``).
///
/// Follows CoreGraphics on what a stroke sees: a subpath that is only a move has no segment and
/// is dropped; a segment of zero length (a line to the current point, a close right after a move)
/// makes a zero-length subpath, which round and square caps draw as a dot.
enum PolylineFlattener {
    /// Appends the subpaths of `path` to `out`. Returns false, with nothing appended, when a
    /// transformed coordinate is not finite.
    static func flatten(_ path: Path, transform: Transform, tolerance: Double, into out: inout Polylines) -> Bool {
        let pointMark = out.points.count, subpathMark = out.subpaths.count
        var start = Point.zero, current = Point.zero
        var pending = false    // a move whose subpath has no segment yet
        var valid = true
        var i = 0
        let points = path.points
        func next() -> Point {
            let p = transform.apply(points[i])
            i += 1
            if !p.isFinite { valid = false }
            return p
        }
        func beginIfPending() {
            if pending { out.begin(start); pending = false }
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                start = next(); current = start; pending = true
            case .line:
                let p = next()
                beginIfPending()
                out.add(p); current = p
            case .quad:
                let c = next(), p = next()
                beginIfPending()
                let n = CurveFlattener.segmentCount(quadratic: current, c, p, tolerance: tolerance)
                for k in 1..<n { out.add(CurveFlattener.point(quadratic: current, c, p, at: Double(k) / Double(n))) }
                out.add(p); current = p
            case .cubic:
                let c1 = next(), c2 = next(), p = next()
                beginIfPending()
                let n = CurveFlattener.segmentCount(cubic: current, c1, c2, p, tolerance: tolerance)
                for k in 1..<n { out.add(CurveFlattener.point(cubic: current, c1, c2, p, at: Double(k) / Double(n))) }
                out.add(p); current = p
            case .close:
                beginIfPending()
                out.close()
                current = start; pending = true
            }
            if !valid { break }
        }
        if !valid {
            out.points.removeSubrange(pointMark...)
            out.subpaths.removeSubrange(subpathMark...)
        }
        return valid
    }
}
