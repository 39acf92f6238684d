/// A 2D path: subpaths of lines, quadratic and cubic Bézier curves, as CoreGraphics' `CGPath`.
///
/// A value type with copy-on-write storage, so copying a path is cheap. Building follows
/// CoreGraphics' rules:
/// - ``addLine(to:)``, ``addQuadCurve(to:control:)`` and ``addCurve(to:control1:control2:)`` with no
///   current point are ignored (CoreGraphics logs "no current point" and does the same);
/// - after ``closeSubpath()`` the current point is the start of the closed subpath, and the next
///   segment starts a new subpath there;
/// - a ``move(to:)`` directly after another replaces it.
///
/// Filling closes every subpath implicitly. Non-finite coordinates are stored as given; the
/// rasterizer refuses to draw a path that has any (see ``Canvas``).
public struct Path: Hashable, Sendable {
    /// The kinds of path element, in storage form.
    public enum Verb: UInt8, Sendable {
        /// `move` starts a subpath (1 point), `line` (1), `quad` a quadratic curve (2), `cubic` a cubic
        /// curve (3), `close` closes the subpath (none).
        case move, line, quad, cubic, close

        /// How many points the verb consumes from ``Path/points``.
        @inlinable
        public var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quad: return 2
            case .cubic: return 3
            case .close: return 0
            }
        }
    }

    /// The verbs in order.
    public private(set) var verbs: [Verb] = []
    /// The points of all verbs in order: quad = control, end; cubic = control1, control2, end.
    public private(set) var points: [Point] = []
    /// Index in `points` of the current subpath's starting point.
    private var subpathStart: Int = -1

    /// An empty path.
    public init() {}

    /// Makes room for a first shape of `verbs` verbs and `points` points in an empty path:
    /// growing the arrays element by element reallocated them three times for a rectangle's
    /// path. Only when empty: reserving exactly for each of many
    /// shapes added to one path would reallocate every time.
    @inlinable
    mutating func reserveForFirstShape(verbs verbCount: Int, points pointCount: Int) {
        guard verbs.isEmpty else { return }
        reserveCapacity(verbs: verbCount, points: pointCount)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { verbs.isEmpty }

    /// The point where the next segment starts, or `nil` for an empty path.
    public var currentPoint: Point? {
        guard let last = verbs.last else { return nil }
        return last == .close ? points[subpathStart] : points.last
    }

    /// Reserves storage for a path of known size.
    public mutating func reserveCapacity(verbs verbCount: Int, points pointCount: Int) {
        verbs.reserveCapacity(verbCount)
        points.reserveCapacity(pointCount)
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        if verbs.last == .move {
            points[points.count - 1] = p
        } else {
            verbs.append(.move)
            points.append(p)
        }
        subpathStart = points.count - 1
    }

    /// Begins a segment: false when there is no current point; reopens a subpath after a close.
    private mutating func prepareSegment() -> Bool {
        guard let last = verbs.last else { return false }
        if last == .close { move(to: points[subpathStart]) }
        return true
    }

    /// Adds a straight line from the current point to `p` (nothing when the path is empty).
    public mutating func addLine(to p: Point) {
        guard prepareSegment() else { return }
        verbs.append(.line)
        points.append(p)
    }

    /// Adds a quadratic Bézier curve from the current point to `end` (nothing when the path is empty).
    public mutating func addQuadCurve(to end: Point, control: Point) {
        guard prepareSegment() else { return }
        verbs.append(.quad)
        points.append(control)
        points.append(end)
    }

    /// Adds a cubic Bézier curve from the current point to `end` (nothing when the path is empty).
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        guard prepareSegment() else { return }
        verbs.append(.cubic)
        points.append(control1)
        points.append(control2)
        points.append(end)
    }

    /// Closes the current subpath with a straight line back to its start. Does nothing on an
    /// empty path or a subpath that is already closed.
    public mutating func closeSubpath() {
        guard let last = verbs.last, last != .close else { return }
        verbs.append(.close)
    }

    /// Appends `other`'s elements, its points mapped through `transform`, as adding them one by
    /// one does, with its arrays appended whole (text layers append a glyph's outline per
    /// character). A path is only built through the methods above, so `other` starts with a move
    /// and holds no move after a move, no close after a close and no segment after a close
    /// without a move between (its own segments reopened their subpaths): one by one, each of its
    /// elements would be appended as it is, but its first move, which replaces a move that ends
    /// this path.
    mutating func appendWhole(_ other: Path, transform: Transform) {
        other.verbs.withUnsafeBufferPointer { otherVerbs in
            other.points.withUnsafeBufferPointer { otherPoints in
                appendWhole(verbs: otherVerbs, points: otherPoints, lastSubpathStart: other.subpathStart, transform: transform)
            }
        }
    }

    /// ``appendWhole(_:transform:)`` of a path given by its storage: its ``verbs``, its
    /// ``points`` and ``lastSubpathStart``, kept outside any `Path` (a font's glyph outlines, which
    /// the threads laying out text read without counting references on shared arrays).
    package mutating func appendWhole(
        verbs otherVerbs: UnsafeBufferPointer<Verb>, points otherPoints: UnsafeBufferPointer<Point>,
        lastSubpathStart otherStart: Int, transform: Transform
    ) {
        guard !otherVerbs.isEmpty else { return }
        if verbs.last == .move {
            verbs.removeLast()
            points.removeLast()
        }
        let start = points.count
        verbs.append(contentsOf: otherVerbs)
        // Copied whole, then mapped in place: appending a lazily mapped sequence went point by
        // point through a closure whose context was allocated on every call.
        points.append(contentsOf: otherPoints)
        points.withUnsafeMutableBufferPointer { all in
            for i in start..<all.count { all[i] = transform.apply(all[i]) }
        }
        subpathStart = start + otherStart
    }

    /// Index in ``points`` of the last subpath's start (-1 for an empty path): with the verbs and
    /// points, what ``appendWhole(verbs:points:lastSubpathStart:transform:)`` needs of a path.
    package var lastSubpathStart: Int { subpathStart }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: Transform) -> Path {
        var copy = self
        copy.points = points.map(transform.apply)
        return copy
    }

    /// The path with the same verbs and `newPoints` in place of its points (as many, in the same
    /// order); nil when the counts differ. What morphing one path into another needs.
    public func replacingPoints(_ newPoints: [Point]) -> Path? {
        guard newPoints.count == points.count else { return nil }
        var copy = self
        copy.points = newPoints
        return copy
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool { points.allSatisfy(\.isFinite) }
}

extension Path {
    /// One element of a path, as CoreGraphics' `CGPathElement`.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(to: Point)
        /// A straight line to the point.
        case line(to: Point)
        /// A quadratic Bézier curve to the point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to the point.
        case cubicCurve(to: Point, control1: Point, control2: Point)
        /// A line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The elements in order.
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(verbs.count)
        forEachElement { result.append($0) }
        return result
    }

    /// Calls `body` for each element in order without building an array.
    public func forEachElement(_ body: (Element) throws -> Void) rethrows {
        var i = 0
        for verb in verbs {
            switch verb {
            case .move: try body(.move(to: points[i]))
            case .line: try body(.line(to: points[i]))
            case .quad: try body(.quadCurve(to: points[i + 1], control: points[i]))
            case .cubic: try body(.cubicCurve(to: points[i + 2], control1: points[i], control2: points[i + 1]))
            case .close: try body(.closeSubpath)
            }
            i += verb.pointCount
        }
    }

    /// The smallest rectangle that contains every point of the path, control points included
    /// (CoreGraphics' `boundingBox`). `.zero` for an empty path.
    public var controlPointBounds: Rect { withElements { $0.controlPointBounds } }
}
