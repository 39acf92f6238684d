/// Flattened subpaths in device (or stroking) space: every point in one array, each subpath a
/// range of it with a closed flag. The working form of stroking, dashing and trimming; reused from
/// frame to frame (``removeAll()`` keeps the memory).
///
/// # Invariants
/// - A subpath has at least one point; consecutive points are distinct except in a subpath whose
///   points are all equal (a zero-length subpath, which a stroke draws as a dot with round or
///   square caps), stored as a single point.
/// - A closed subpath does not repeat its first point at the end: the closing segment is implied.
/// - The subpaths are consecutive ranges of `points` covering it all, so only where each one
///   starts is stored: ``add(_:)``, the hot path of every producer, appends the point alone.
struct Polylines {
    struct Subpath: Hashable {
        var start: Int
        var count: Int
        var closed: Bool
    }

    /// A subpath as stored: it runs to the next one's start (or the end of `points`).
    fileprivate struct Head {
        var start: Int
        var closed: Bool
    }

    /// The subpaths in order, their counts derived from where the next one starts.
    struct Subpaths: RandomAccessCollection {
        fileprivate let heads: [Head]
        fileprivate let pointCount: Int

        var startIndex: Int { 0 }
        var endIndex: Int { heads.count }

        subscript(index: Int) -> Subpath {
            let head = heads[index]
            let end = index + 1 < heads.count ? heads[index + 1].start : pointCount
            return Subpath(start: head.start, count: end - head.start, closed: head.closed)
        }
    }

    /// How far the buffers are filled, to roll back to with ``truncate(to:)``.
    struct Mark {
        fileprivate let points: Int
        fileprivate let subpaths: Int
    }

    private(set) var points: [Point] = []
    private var heads: [Head] = []

    var subpaths: Subpaths { Subpaths(heads: heads, pointCount: points.count) }

    var mark: Mark { Mark(points: points.count, subpaths: heads.count) }

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        heads.removeAll(keepingCapacity: true)
    }

    /// Drops what was appended since `mark` was taken.
    mutating func truncate(to mark: Mark) {
        points.removeSubrange(mark.points...)
        heads.removeSubrange(mark.subpaths...)
    }

    /// Starts a subpath at `p`.
    @inline(__always)
    mutating func begin(_ p: Point) {
        heads.append(Head(start: points.count, closed: false))
        points.append(p)
    }

    /// Extends the current subpath to `p`, skipping a point equal to the previous one; returns
    /// whether `p` was added. Inlined into the producers' loops, where the optimizer can then
    /// check the array's uniqueness once for the loop instead of at every point.
    @inline(__always) @discardableResult
    mutating func add(_ p: Point) -> Bool {
        if points[points.count - 1] == p { return false }
        points.append(p)
        return true
    }

    /// Marks the current subpath closed, dropping a last point equal to its first.
    @inline(__always)
    mutating func close() {
        let start = heads[heads.count - 1].start
        if points.count - start > 1 && points[points.count - 1] == points[start] {
            points.removeLast()
        }
        heads[heads.count - 1].closed = points.count - start > 1
    }

    /// Appends a whole subpath (closed or not) made of `newPoints`, which satisfy the invariants.
    mutating func append(_ newPoints: ArraySlice<Point>, closed: Bool) {
        heads.append(Head(start: points.count, closed: closed))
        points.append(contentsOf: newPoints)
    }

    /// The points of subpath `index`.
    func points(of subpath: Subpath) -> ArraySlice<Point> {
        points[subpath.start..<subpath.start + subpath.count]
    }
}
