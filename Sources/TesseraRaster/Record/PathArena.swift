/// The verbs and points of the paths a ``Recording``'s fills and strokes draw, and the lengths of
/// its strokes' dash patterns, copied in as they are recorded: a command holds where its path
/// lies here (``PathArena/Span``), not the path, so that recording, preparing and forgetting it
/// touch no reference count of the path (cold atomics on its storage, on whichever core last used
/// it). The same for a dash pattern (``PathArena/DashSpan``): a layer's pattern is an array of
/// its own.
///
/// Only appended to while the recording records, on its thread; read, never written, while its
/// commands are prepared on several threads (hence `@unchecked Sendable`). A span stays valid as
/// the arena grows: it holds offsets, not addresses.
final class PathArena: @unchecked Sendable {
    /// Where one path lies in the arena.
    struct Span: Sendable {
        let verbs: Range<Int>
        let points: Range<Int>
    }

    /// Where one valid dash pattern's lengths lie in the arena, and its phase.
    struct DashSpan: Sendable {
        let lengths: Range<Int>
        let phase: Double
    }

    /// The arena's contents in place, valid within ``withContents(_:)``.
    struct Contents {
        let verbs: UnsafeBufferPointer<Path.Verb>
        let points: UnsafeBufferPointer<Point>
        let dashLengths: UnsafeBufferPointer<Double>

        /// The elements of the path at `span`.
        func path(_ span: Span) -> PathElements {
            PathElements(
                verbs: UnsafeBufferPointer(rebasing: verbs[span.verbs]),
                points: UnsafeBufferPointer(rebasing: points[span.points]))
        }

        /// The dash pattern at `span`.
        func dash(_ span: DashSpan) -> DashElements {
            DashElements(lengths: UnsafeBufferPointer(rebasing: dashLengths[span.lengths]), phase: span.phase)
        }
    }

    // Unchecked exclusivity: appended to on one thread, read only once recording is done (see
    // above); the run-time checks of a class's stored properties found nothing, at two per
    // append and per read.
    @exclusivity(unchecked) private var verbs: [Path.Verb] = []
    @exclusivity(unchecked) private var points: [Point] = []
    @exclusivity(unchecked) private var dashLengths: [Double] = []

    /// Copies `path`'s elements in. Through buffer pointers: `append(contentsOf:)` of an array takes
    /// it owned, a retain and a release of each of the path's arrays (a cache miss on each, for
    /// every shape of every frame).
    func append(_ path: Path) -> Span {
        let span = Span(
            verbs: verbs.count..<verbs.count + path.verbs.count, points: points.count..<points.count + path.points.count)
        path.verbs.withUnsafeBufferPointer { verbs.append(contentsOf: $0) }
        path.points.withUnsafeBufferPointer { points.append(contentsOf: $0) }
        return span
    }

    /// Copies `pattern`'s lengths in; nil for a solid pattern (none).
    func append(_ pattern: DashPattern?) -> DashSpan? {
        guard let pattern, !pattern.isSolid else { return nil }
        let start = dashLengths.count
        pattern.lengths.withUnsafeBufferPointer { dashLengths.append(contentsOf: $0) }
        return DashSpan(lengths: start..<dashLengths.count, phase: pattern.phase)
    }

    /// Calls `body` with the arena's contents, valid within `body`.
    func withContents<R>(_ body: (Contents) throws -> R) rethrows -> R {
        try verbs.withUnsafeBufferPointer { verbs in
            try points.withUnsafeBufferPointer { points in
                try dashLengths.withUnsafeBufferPointer { dashLengths in
                    try body(Contents(verbs: verbs, points: points, dashLengths: dashLengths))
                }
            }
        }
    }

    /// Forgets every path and pattern, keeping the memory.
    func removeAll() {
        verbs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        dashLengths.removeAll(keepingCapacity: true)
    }
}
