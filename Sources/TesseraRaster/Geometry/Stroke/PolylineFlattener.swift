/// Flattens a path, mapped through a transform, into ``Polylines`` for stroking: lines kept,
/// curves replaced by chords within `tolerance` (Wang's formula, see ``CurveFlattener``), their
/// inner vertices moved off the curve to center the chords on it (for drawing), or on it
/// (`onCurve`, for measuring).
///
/// Follows CoreGraphics on what a stroke sees: a subpath that is only a move has no segment and
/// is dropped; a segment of zero length (a line to the current point, a close right after a move)
/// makes a zero-length subpath, which round and square caps draw as a dot.
enum PolylineFlattener {
    /// Appends the subpaths of `path` to `out`, and to `smooth` (kept parallel to `out.points`)
    /// whether each point lies inside a flattened curve. Returns false, with nothing appended,
    /// when a transformed coordinate is not finite.
    static func flatten(
        _ path: Path, transform: Transform, tolerance: Double, onCurve: Bool = false,
        into out: inout Polylines, smooth: inout [Bool]
    ) -> Bool {
        path.withElements {
            flatten($0, transform: transform, tolerance: tolerance, onCurve: onCurve, into: &out, smooth: &smooth)
        }
    }

    /// ``flatten(_:transform:tolerance:onCurve:into:smooth:)`` of a path's elements in place.
    static func flatten(
        _ path: PathElements, transform: Transform, tolerance: Double, onCurve: Bool = false,
        into out: inout Polylines, smooth: inout [Bool]
    ) -> Bool {
        let mark = out.mark, smoothMark = smooth.count
        var start = Point.zero, current = Point.zero
        var pending = false   // a move whose subpath has no segment yet
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
            if pending { out.begin(start); smooth.append(false); pending = false }
        }
        // Adds a point and its smoothness unless Polylines dropped it as a repeat.
        func add(_ p: Point, smooth isSmooth: Bool) {
            if out.add(p) { smooth.append(isSmooth) }
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                start = next(); current = start; pending = true
            case .line:
                let p = next()
                beginIfPending()
                add(p, smooth: false); current = p
            case .quad:
                let c = next(), p = next()
                beginIfPending()
                let n = CurveFlattener.segmentCount(quadratic: current, c, p, tolerance: tolerance)
                let h = 1 / Double(n)
                for k in 1..<n {
                    let t = Double(k) * h
                    add(
                        onCurve
                            ? CurveFlattener.point(quadratic: current, c, p, at: t)
                            : CurveFlattener.vertex(quadratic: current, c, p, at: t, step: h), smooth: true)
                }
                add(p, smooth: false); current = p
            case .cubic:
                let c1 = next(), c2 = next(), p = next()
                beginIfPending()
                let n = CurveFlattener.segmentCount(cubic: current, c1, c2, p, tolerance: tolerance)
                let h = 1 / Double(n)
                for k in 1..<n {
                    let t = Double(k) * h
                    add(
                        onCurve
                            ? CurveFlattener.point(cubic: current, c1, c2, p, at: t)
                            : CurveFlattener.vertex(cubic: current, c1, c2, p, at: t, step: h), smooth: true)
                }
                add(p, smooth: false); current = p
            case .close:
                beginIfPending()
                let before = out.points.count
                out.close()
                if out.points.count < before { smooth.removeLast() }
                current = start; pending = true
            }
            if !valid { break }
        }
        if !valid {
            out.truncate(to: mark)
            smooth.removeSubrange(smoothMark...)
        }
        return valid
    }

    /// Appends the subpaths of `path` to `out`, without recording which points are smooth.
    static func flatten(
        _ path: Path, transform: Transform, tolerance: Double, onCurve: Bool = false,
        into out: inout Polylines
    ) -> Bool {
        var smooth: [Bool] = []
        return flatten(path, transform: transform, tolerance: tolerance, onCurve: onCurve, into: &out, smooth: &smooth)
    }
}
