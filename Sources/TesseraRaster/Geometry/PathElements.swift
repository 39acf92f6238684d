/// A path's verbs and points where they lie, a ``Path``'s own arrays or a recording's
/// ``PathArena``, for the length of a call: what the geometry stage reads, without touching the
/// path's reference counts.
struct PathElements {
    let verbs: UnsafeBufferPointer<Path.Verb>
    /// The points of all verbs in order, as in ``Path/points``.
    let points: UnsafeBufferPointer<Point>

    /// The bounding box of every point, control points included (zero for no point).
    var controlPointBounds: Rect {
        guard var minX = points.first?.x, var minY = points.first?.y else { return .zero }
        var maxX = minX, maxY = minY
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Path {
    /// Calls `body` with the path's elements in place.
    func withElements<R>(_ body: (PathElements) throws -> R) rethrows -> R {
        try verbs.withUnsafeBufferPointer { verbs in
            try points.withUnsafeBufferPointer { points in try body(PathElements(verbs: verbs, points: points)) }
        }
    }
}
