/// Flattened subpaths in device (or stroking) space: every point in one array, each subpath a
/// range of it with a closed flag. The working form of stroking, dashing and trimming; reused from
/// frame to frame (``removeAll()`` keeps the memory).
///
/// # Invariants
/// - A subpath has at least one point; consecutive points are distinct except in a subpath whose
///   points are all equal (a zero-length subpath, which a stroke draws as a dot with round or
///   square caps), stored as a single point.
/// - A closed subpath does not repeat its first point at the end: the closing segment is implied.
struct Polylines {
    struct Subpath: Hashable {
        var start: Int
        var count: Int
        var closed: Bool
    }

    var points: [Point] = []
    var subpaths: [Subpath] = []

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
    }

    /// Starts a subpath at `p`.
    mutating func begin(_ p: Point) {
        subpaths.append(Subpath(start: points.count, count: 1, closed: false))
        points.append(p)
    }

    /// Extends the current subpath to `p`, skipping a point equal to the previous one.
    mutating func add(_ p: Point) {
        if points[points.count - 1] == p { return }
        points.append(p)
        subpaths[subpaths.count - 1].count += 1
    }

    /// Marks the current subpath closed, dropping a last point equal to its first.
    mutating func close() {
        var s = subpaths[subpaths.count - 1]
        if s.count > 1 && points[s.start + s.count - 1] == points[s.start] {
            points.removeLast()
            s.count -= 1
        }
        s.closed = s.count > 1
        subpaths[subpaths.count - 1] = s
    }

    /// The points of subpath `index`.
    func points(of subpath: Subpath) -> ArraySlice<Point> {
        points[subpath.start..<subpath.start + subpath.count]
    }
}
