/// The verbs and points of the paths a ``Recording``'s fills and strokes draw, copied in as they
/// are recorded: a command holds where its path lies here (``PathArena/Span``), not the path, so
/// that recording, preparing and forgetting it touch no reference count of the path (cold
/// atomics on its storage, on whichever core last used it).
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

    // Unchecked exclusivity: appended to on one thread, read only once recording is done (see
    // above); the run-time checks of a class's stored properties found nothing, at two per
    // append and per read.
    @exclusivity(unchecked) private var verbs: [Path.Verb] = []
    @exclusivity(unchecked) private var points: [Point] = []

    /// Copies `path`'s elements in.
    func append(_ path: Path) -> Span {
        let span = Span(
            verbs: verbs.count..<verbs.count + path.verbs.count, points: points.count..<points.count + path.points.count)
        verbs.append(contentsOf: path.verbs)
        points.append(contentsOf: path.points)
        return span
    }

    /// Calls `body` with a function that gives a span's elements, valid within `body`.
    func withElements<R>(_ body: ((Span) -> PathElements) throws -> R) rethrows -> R {
        try verbs.withUnsafeBufferPointer { verbs in
            try points.withUnsafeBufferPointer { points in
                try body { span in
                    PathElements(
                        verbs: UnsafeBufferPointer(rebasing: verbs[span.verbs]),
                        points: UnsafeBufferPointer(rebasing: points[span.points]))
                }
            }
        }
    }

    /// Forgets every path, keeping the memory.
    func removeAll() {
        verbs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }
}
