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

    /// Appends what `body` writes through a ``Writer``, for producers that add point after point
    /// in a loop: `Array.append` checks the array's uniqueness (a runtime call) and capacity at
    /// every point, the writer only its capacity. It writes into the memory of `buffer`, and what
    /// it wrote is appended at the end, at once.
    mutating func write<R>(using buffer: WriteBuffer, _ body: (inout Writer) -> R) -> R {
        var writer = Writer(buffer, pointOffset: points.count)
        let result = body(&writer)
        points.append(contentsOf: UnsafeBufferPointer(start: writer.points, count: writer.pointCount))
        heads.append(contentsOf: UnsafeBufferPointer(start: writer.heads, count: writer.headCount))
        buffer.keep(writer)
        return result
    }

    /// The memory of a ``Writer``, kept by its owner from one ``write(using:_:)`` to the next. One
    /// thread at a time: two writers at once on the same buffer would write to the same memory.
    final class WriteBuffer {
        fileprivate var points = UnsafeMutablePointer<Point>.allocate(capacity: 64)
        fileprivate var heads = UnsafeMutablePointer<Head>.allocate(capacity: 8)
        fileprivate var pointCapacity = 64
        fileprivate var headCapacity = 8

        /// Takes back the memory of `writer`, which may have grown.
        fileprivate func keep(_ writer: consuming Writer) {
            points = writer.points
            heads = writer.heads
            pointCapacity = writer.pointCapacity
            headCapacity = writer.headCapacity
        }

        deinit {
            points.deallocate()
            heads.deallocate()
        }
    }

    /// Builds whole subpaths (``begin(_:)`` first) in the memory of a ``WriteBuffer``, with the
    /// invariants and methods of ``Polylines``; see ``Polylines/write(using:_:)``. Not copyable, so
    /// that no copy writes to the same memory.
    struct Writer: ~Copyable {
        fileprivate private(set) var points: UnsafeMutablePointer<Point>
        fileprivate private(set) var heads: UnsafeMutablePointer<Head>
        fileprivate private(set) var pointCount = 0
        fileprivate private(set) var headCount = 0
        fileprivate private(set) var pointCapacity: Int
        fileprivate private(set) var headCapacity: Int
        /// Where the written points will start in the polylines, to store the heads as they will be.
        private let pointOffset: Int

        fileprivate init(_ buffer: WriteBuffer, pointOffset: Int) {
            points = buffer.points
            heads = buffer.heads
            pointCapacity = buffer.pointCapacity
            headCapacity = buffer.headCapacity
            self.pointOffset = pointOffset
        }

        /// Starts a subpath at `p`.
        @inline(__always)
        mutating func begin(_ p: Point) {
            if headCount == headCapacity { growHeads() }
            (heads + headCount).initialize(to: Head(start: pointOffset + pointCount, closed: false))
            headCount += 1
            append(p)
        }

        /// Extends the current subpath to `p`, skipping a point equal to the previous one; returns
        /// whether `p` was added.
        @inline(__always) @discardableResult
        mutating func add(_ p: Point) -> Bool {
            // Also keeps the read below within what was written: a subpath has its first point.
            precondition(headCount > 0, "Polylines.Writer: a point added before any subpath began")
            if points[pointCount - 1] == p { return false }
            append(p)
            return true
        }

        /// Appends a whole subpath (closed or not) made of `newPoints`, which satisfy the invariants.
        mutating func append(_ newPoints: ArraySlice<Point>, closed: Bool) {
            precondition(!newPoints.isEmpty, "Polylines.Writer: a subpath without points")
            begin(newPoints[newPoints.startIndex])
            heads[headCount - 1].closed = closed
            for p in newPoints.dropFirst() { append(p) }
        }

        /// Forgets everything written.
        mutating func removeAll() {
            pointCount = 0
            headCount = 0
        }

        /// Marks the current subpath closed, dropping a last point equal to its first.
        @inline(__always)
        mutating func close() {
            precondition(headCount > 0, "Polylines.Writer: a subpath closed before any began")
            let start = heads[headCount - 1].start - pointOffset
            if pointCount - start > 1 && points[pointCount - 1] == points[start] { pointCount -= 1 }
            heads[headCount - 1].closed = pointCount - start > 1
        }

        @inline(__always)
        private mutating func append(_ p: Point) {
            if pointCount == pointCapacity { growPoints() }
            (points + pointCount).initialize(to: p)
            pointCount += 1
        }

        private mutating func growPoints() { points = Self.doubled(points, count: pointCount, capacity: &pointCapacity) }

        private mutating func growHeads() { heads = Self.doubled(heads, count: headCount, capacity: &headCapacity) }

        /// `memory`'s first `count` elements moved to a block of twice its `capacity`, which is
        /// updated; `memory` is freed. Out of line: rare, and kept out of the writing loops.
        @inline(never)
        private static func doubled<T>(
            _ memory: UnsafeMutablePointer<T>, count: Int,
            capacity: inout Int
        ) -> UnsafeMutablePointer<T> {
            capacity *= 2
            let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            larger.moveInitialize(from: memory, count: count)
            memory.deallocate()
            return larger
        }
    }
}
