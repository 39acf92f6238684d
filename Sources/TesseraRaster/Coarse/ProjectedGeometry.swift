/// Fill and stroke geometry under a ``Projection``, reusing its buffers from frame to frame:
/// flattened (or stroked) in the path's own space with the tolerance divided by the
/// projection's largest stretch, then every point projected. Lines stay lines under a
/// projection, so projecting the flattened points is exact up to the flattening.
///
/// The contours in the path's space come first (``fillContours(_:projection:tolerance:)``,
/// ``strokeContours(_:projection:tolerance:using:)``), so that the common case, every projected
/// point inside the target, goes straight to lines (`EdgeBuilder.addOutline(_:projectedBy:)`);
/// ``project(_:_:)`` writes the projected contours for the others.
final class ProjectedGeometry {
    private var flattened = Polylines()
    private var smooth: [Bool] = []
    /// The contours of the last fill or stroke, on screen.
    private(set) var projected = Polylines()
    /// Where ``project(_:_:)`` writes its points before they are appended at once.
    private let writeBuffer = Polylines.WriteBuffer()

    /// The contours of a fill in the path's space, flattened for `projection`; nil when it draws
    /// nothing (empty, non-finite).
    func fillContours(_ path: PathElements, projection: Projection, tolerance: Double) -> Polylines? {
        let scale = projection.largestScale(over: path.controlPointBounds)
        guard scale.isFinite, scale > 0 else { return nil }
        flattened.removeAll()
        smooth.removeAll(keepingCapacity: true)
        guard
            PolylineFlattener.flatten(
                path, transform: .identity, tolerance: tolerance / scale,
                into: &flattened, smooth: &smooth)
        else { return nil }
        return flattened
    }

    /// The outline of a stroke in the path's space, computed by `strokes` for `projection`; nil
    /// when it draws nothing.
    func strokeContours(
        _ shape: StrokeShape, projection: Projection, tolerance: Double,
        using strokes: StrokeGeometry
    ) -> Polylines? {
        // The outline reaches past the path by half the width, more at miters: its stretch
        // counts too (the path's own box when the padded one reaches behind the eye).
        let bounds = shape.path.controlPointBounds
        let pad = shape.style.width / 2 * max(shape.style.miterLimit, 1.5)
        let padded = Rect(
            x: bounds.minX - pad, y: bounds.minY - pad,
            width: bounds.maxX - bounds.minX + 2 * pad, height: bounds.maxY - bounds.minY + 2 * pad)
        var scale = projection.largestScale(over: padded)
        if !scale.isFinite { scale = projection.largestScale(over: bounds) }
        guard scale.isFinite, scale > 0 else { return nil }
        guard strokes.outline(of: shape, transform: .identity, tolerance: tolerance / scale) != nil else { return nil }
        return strokes.outline
    }

    /// Projects `lines` into ``projected``; false when they draw nothing (empty, or a point at or
    /// behind the eye, or not finite).
    func project(_ lines: Polylines, _ projection: Projection) -> Bool {
        // Built in a local, swapped in and out: writing into the stored property itself costs its
        // run-time access checks on every point.
        var out = Polylines()
        swap(&out, &projected)
        defer { swap(&out, &projected) }
        out.removeAll()
        let projectedAll = lines.points.withUnsafeBufferPointer { points in
            out.write(using: writeBuffer) { writer in
                for subpath in lines.subpaths {
                    guard let first = projection.project(points[subpath.start]) else { return false }
                    writer.begin(first)
                    for k in subpath.start + 1..<subpath.start + subpath.count {
                        guard let q = projection.project(points[k]) else { return false }
                        writer.add(q)
                    }
                }
                return true
            }
        }
        return projectedAll && !out.subpaths.isEmpty
    }
}
