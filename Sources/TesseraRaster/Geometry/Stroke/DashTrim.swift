/// Trimming (`CAShapeLayer.strokeStart`/`strokeEnd`) and dashing (`CGContext.setLineDash`,
/// `CAShapeLayer.lineDashPattern`/`lineDashPhase`) of flattened subpaths: the step between
/// ``PolylineFlattener`` and ``Stroker``.
///
/// Lengths are Euclidean along the polylines; a closed subpath includes its closing segment.
///
/// # Trim
/// `trimStart` and `trimEnd` are fractions of the total length L of all subpaths in order. They
/// are clamped to [0, 1] (a NaN start reads as 0, a NaN end as 1), and start ≥ end draws nothing.
/// What is kept is the part of the path between start·L and end·L. A closed subpath that lies
/// wholly inside that range stays closed (it is joined all round, no caps); a piece cut out of a
/// closed subpath is open. A zero-length subpath (a dot) is kept when its position along the
/// path lies inside the range, ends included.
///
/// # Dash
/// The pattern alternates on and off intervals, beginning with "on", `phase` into the pattern; it
/// restarts (with the phase) at every subpath. A dash runs on through the vertices it spans, which
/// stay in it as interior points so that the stroker joins there; every dash is an open subpath
/// (it gets caps). Dashing happens on the untrimmed geometry and the trim then keeps what lies in
/// its range, as Core Animation does: trimming never shifts the pattern.
///
/// - A zero-length "on" interval gives a zero-length dash, a single-point subpath, which round and
///   square caps draw as a dot (nothing with butt caps): the classic dotted line `[0, 2w]` with
///   round caps. CoreGraphics draws these dots (the dotted-line recipe for `CGContextSetLineDash`
///   with `lengths[0] = 0` and `kCGLineCapRound`; react-native-svg's `strokeDasharray="0, 10"`,
///   drawn by CoreGraphics on iOS; macOS Preview draws the zero-length dashes of pdf.js issue
///   #5732 as circles).
/// - Which dashes touch the ends of a subpath: a dash of positive length is drawn when it begins
///   before the end of the subpath (one that begins exactly at the end would be a lone cap); a
///   zero-length dash is drawn when it lies on the subpath, its very end included for an open
///   subpath, not for a closed one (there the end is the start again, which has its own dash).
/// - A zero-length subpath is drawn when the pattern is on at its start (phase included).
/// - Closed subpaths: see ``joinsDashesAcrossClosingPoint``.
/// - A closed subpath that the first dash covers entirely stays a closed subpath, as undashed.
/// - Bounded work: see ``maximumDashCount``.
///
/// Non-finite coordinates never reach here (the flattener refuses them); should they, the result
/// is garbage points, never a trap or a hang.
enum DashTrim {
    /// The most dashes one call draws: 100,000. When the visible part of the path would need more
    /// (estimated, as Skia does, as visible length × on-intervals per pattern ÷ pattern length),
    /// it is drawn solid, trimmed but undashed, rather than spending unbounded time and memory on
    /// dashes too fine to see (Skia gives up the same way, beyond 10⁶, and draws the path
    /// undashed). A pattern at that density is sub-pixel anyway: 100,000 dashes over even a
    /// 10,000-pixel path is 10 dashes a pixel.
    static let maximumDashCount = 100_000

    /// Whether, on a closed subpath, a dash that runs to the end of the subpath continues into a
    /// dash that begins at its start (the pattern is "on" at distance 0), making one dash joined
    /// at the start point instead of two dashes capped there.
    ///
    /// True, as Skia (`SkDashPath`: it skips the first dash of a closed contour and appends it to
    /// the last one), tiny-skia and cairo do: the start of a closed subpath is a vertex like any
    /// other, and a dash running through it is joined there, like a dash through any corner. No
    /// public documentation or observation of CoreGraphics' behaviour at that point was found;
    /// should CoreGraphics be seen to cap both dashes there instead, set this to false.
    static let joinsDashesAcrossClosingPoint = true

    /// Applies `trimStart`/`trimEnd` (fractions of the total length of `input`, over all subpaths
    /// in order) and then `dash` (nil or solid = no dashing), appending the visible pieces to
    /// `output`.
    static func apply(
        dash: DashPattern?, trimStart: Double, trimEnd: Double, to input: Polylines,
        into output: inout Polylines
    ) {
        var unused: [Bool] = []
        apply(
            dash: dash, trimStart: trimStart, trimEnd: trimEnd, to: input, smooth: [], into: &output,
            smooth: &unused, using: Polylines.WriteBuffer())
    }

    /// ``apply(dashElements:trimStart:trimEnd:to:smooth:into:smooth:using:)`` with a ``DashPattern``.
    static func apply(
        dash: DashPattern?, trimStart: Double, trimEnd: Double, to input: Polylines,
        smooth: [Bool], into output: inout Polylines, smooth outputSmooth: inout [Bool],
        using buffer: Polylines.WriteBuffer
    ) {
        dash.withElements {
            apply(
                dashElements: $0, trimStart: trimStart, trimEnd: trimEnd, to: input, smooth: smooth, into: &output,
                smooth: &outputSmooth, using: buffer)
        }
    }

    /// As ``apply(dash:trimStart:trimEnd:to:into:)``, carrying the smoothness flags of
    /// ``PolylineFlattener`` along: `smooth` flags the points of `input` that lie inside a
    /// flattened curve, and `outputSmooth` (kept parallel to `output.points`) gets the flags of the
    /// appended points. An input vertex keeps its flag; a point where a dash or the trim cuts a
    /// segment is an end, flagged false. When `smooth` is empty (or does not match `input`),
    /// `outputSmooth` is left alone. The points are written in `buffer`'s memory first (see
    /// ``Polylines/write(using:_:)``).
    static func apply(
        dashElements dash: DashElements?, trimStart: Double, trimEnd: Double, to input: Polylines,
        smooth: [Bool], into output: inout Polylines, smooth outputSmooth: inout [Bool],
        using buffer: Polylines.WriteBuffer
    ) {
        let start = trimStart.isNaN ? 0 : min(max(trimStart, 0), 1)
        let end = trimEnd.isNaN ? 1 : min(max(trimEnd, 0), 1)
        guard start < end, !input.subpaths.isEmpty else { return }
        let tracks = !smooth.isEmpty && smooth.count == input.points.count
        output.write(using: buffer) { writer in
            // The sink owns the writer and the flags' storage (swapped in, so appends do not copy)
            // while it works, and gives them back.
            var sink = Sink(lines: writer, tracks: tracks)
            if tracks { swap(&sink.smooth, &outputSmooth) }
            apply(dash: dash, start: start, end: end, to: input, flags: tracks ? smooth : [], into: &sink)
            if tracks { swap(&sink.smooth, &outputSmooth) }
            writer = sink.finish()
        }
    }

    /// The work of ``apply(dashElements:trimStart:trimEnd:to:smooth:into:smooth:using:)``, with the trim
    /// clamped (start < end).
    private static func apply(
        dash: DashElements?, start: Double, end: Double, to input: Polylines, flags: [Bool],
        into sink: inout Sink
    ) {
        let pattern = dash.flatMap { $0.isSolid ? nil : $0 }
        let trimmed = start > 0 || end < 1
        if pattern == nil && !trimmed {
            for subpath in input.subpaths { sink.copy(subpath, from: input.points, flags: flags) }
            return
        }

        // The total length, only where the trim or the dash budget needs it.
        var total = 0.0
        for subpath in input.subpaths { total += length(of: subpath, in: input.points) }
        // Global distances of the kept range; ±∞ where the trim does not cut, so that rounding in
        // the sums never loses the ends of the path.
        let low = start > 0 ? start * total : -Double.infinity
        let high = end < 1 ? end * total : Double.infinity

        if let pattern {
            let visible = min(high, total) - max(low, 0)
            let onCount = Double(pattern.lengths.count / 2)
            let estimate = visible * onCount / pattern.totalLength
            // NaN (a non-finite total) counts as too many.
            if estimate <= Double(maximumDashCount) {
                let mark = sink.mark
                if dashAll(input, flags: flags, pattern: pattern, low: low, high: high, into: &sink) { return }
                sink.rollBack(to: mark)
            }
        }
        trimAll(input, flags: flags, low: low, high: high, into: &sink)
    }

    // MARK: - Trim only

    private static func trimAll(_ input: Polylines, flags: [Bool], low: Double, high: Double, into sink: inout Sink) {
        var origin = 0.0   // global distance of the current subpath's start
        for subpath in input.subpaths {
            let length = length(of: subpath, in: input.points)
            defer { origin += length }
            let a = low - origin, b = high - origin   // the kept range, in the subpath's distances
            if subpath.count < 2 || length == 0 {
                if a <= 0 && 0 <= b { sink.copy(subpath, from: input.points, flags: flags) }
                continue
            }
            if a <= 0 && b >= length {
                sink.copy(subpath, from: input.points, flags: flags)
                continue
            }
            let from = max(a, 0), to = min(b, length)
            guard to > from else { continue }
            var walker = Walker(subpath, points: input.points, flags: flags)
            walker.emit(from: from, to: to, begin: true, into: &sink)
        }
    }

    // MARK: - Dash

    /// Where the pattern stands at distance 0 of every subpath: the interval index and how much of
    /// it is left.
    private static func patternStart(_ pattern: DashElements) -> (index: Int, remaining: Double) {
        let lengths = pattern.lengths
        var offset = pattern.phase
        var i = 0
        for _ in 0..<lengths.count {
            let l = lengths[i]
            // Inside a positive interval when the offset is short of its end; inside a zero-length
            // one only exactly at it (phase 0 of [0, 2] starts on the dot, phase 10 of [10, 10]
            // starts on the gap).
            if l > 0 ? offset < l : offset <= 0 { return (i, max(l - offset, 0)) }
            offset -= l
            i = (i + 1) % lengths.count
        }
        return (0, lengths[0])   // rounding carried the phase past the pattern: its start
    }

    /// Dashes every subpath into `sink`; false (with output partly written) when the dash count
    /// ran past its hard limit, which happens only when rounding stalls the walk.
    private static func dashAll(
        _ input: Polylines, flags: [Bool], pattern: DashElements, low: Double,
        high: Double, into sink: inout Sink
    ) -> Bool {
        let lengths = pattern.lengths
        let n = lengths.count
        let period = pattern.totalLength
        let (startIndex, startRemaining) = patternStart(pattern)
        // The estimate checked by the caller bounds the visible dashes to maximumDashCount plus a
        // partial pattern at both ends of every subpath, and at most two patterns are walked before
        // the trim; past this, rounding has stalled the walk.
        let hardLimit = maximumDashCount + input.subpaths.count * (2 * n + 2) + n
        var dashCount = 0

        var origin = 0.0
        for subpath in input.subpaths {
            let length = length(of: subpath, in: input.points)
            defer { origin += length }
            let a = low - origin, b = high - origin
            if subpath.count < 2 || length == 0 {
                // A dot: drawn when the pattern is on at distance 0.
                if startIndex % 2 == 0 && a <= 0 && 0 <= b {
                    sink.copy(subpath, from: input.points, flags: flags)
                    dashCount += 1
                }
                continue
            }
            guard max(a, 0) <= min(b, length) else { continue }   // wholly outside the trim
            let closed = subpath.closed
            let whole = a <= 0 && b >= length   // the trim does not cut this subpath

            var walker = Walker(subpath, points: input.points, flags: flags)
            var i = startIndex
            var begin = 0.0   // where interval i begins (clipped to the subpath's start)
            var end = startRemaining   // where it ends
            // The first dash of a closed subpath, held back to be joined after the last one.
            var heldEnd: Double? = nil

            if i % 2 == 0 && closed && whole {
                if end >= length {
                    // One dash covers the whole loop: it stays closed, as if undashed.
                    sink.copy(subpath, from: input.points, flags: flags)
                    dashCount += 1
                    continue
                }
                // (A zero-length first dash, a dot at the start, is left in place: it adds nothing
                // to a dash that ends there.)
                if joinsDashesAcrossClosingPoint && end > 0 {
                    heldEnd = end
                    dashCount += 1
                    begin = end
                    i = (i + 1) % n
                    end = begin + lengths[i]
                }
            }
            // Skip whole periods before the trim (one fewer than fit, against rounding).
            if a > end {
                let k = ((a - end) / period).rounded(.down) - 1
                if k >= 1 {
                    end += k * period
                    begin = end - lengths[i]
                }
            }

            while begin < length || (begin == length && !closed) {
                if begin > b { break }
                if i % 2 == 0 {
                    let l = lengths[i]
                    // A positive dash beginning at the very end would be a lone cap.
                    if l > 0 && begin >= length { break }
                    dashCount += 1
                    if dashCount > hardLimit { return false }
                    if let held = heldEnd, end >= length, l > 0 {
                        // The last dash runs to the end: it continues into the first.
                        walker.emit(from: begin, to: length, begin: true, into: &sink)
                        sink.setLastFlag(walker.flag(ofVertex: 0))
                        var wrap = Walker(subpath, points: input.points, flags: flags)
                        wrap.emit(from: 0, to: held, begin: false, into: &sink)
                        heldEnd = nil
                    } else if l == 0 {
                        if a <= begin && begin <= b { walker.emit(from: begin, to: begin, begin: true, into: &sink) }
                    } else {
                        let from = max(begin, a), to = min(end, length, b)
                        if to > from { walker.emit(from: from, to: to, begin: true, into: &sink) }
                    }
                }
                if end > length || (end == length && closed) { break }
                begin = end
                i = (i + 1) % n
                end = begin + lengths[i]
            }
            if let held = heldEnd {
                // Nothing ran to the end: the first dash stands alone.
                var first = Walker(subpath, points: input.points, flags: flags)
                first.emit(from: 0, to: held, begin: true, into: &sink)
            }
        }
        return true
    }

    // MARK: - Geometry

    @inline(__always)
    static func distance(_ p: Point, _ q: Point) -> Double {
        let dx = q.x - p.x, dy = q.y - p.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of a subpath, its closing segment included when closed. Summed in segment order,
    /// as ``Walker`` sums it, so that both agree to the last bit.
    static func length(of subpath: Polylines.Subpath, in points: [Point]) -> Double {
        guard subpath.count > 1 else { return 0 }
        var total = 0.0
        var previous = points[subpath.start]
        for k in subpath.start + 1..<subpath.start + subpath.count {
            let p = points[k]
            total += distance(previous, p)
            previous = p
        }
        if subpath.closed { total += distance(previous, points[subpath.start]) }
        return total
    }

    /// Output with its smoothness flags kept parallel: the lines through a writer, which owns
    /// nothing written before this call.
    private struct Sink: ~Copyable {
        var lines: Polylines.Writer
        var smooth: [Bool] = []
        let tracks: Bool

        init(lines: consuming Polylines.Writer, tracks: Bool) {
            self.lines = lines
            self.tracks = tracks
        }

        /// Gives the writer back.
        consuming func finish() -> Polylines.Writer { lines }

        /// Where the flags stand; the lines are rolled back to nothing (nothing is written
        /// before the dashes are).
        var mark: Int { smooth.count }

        mutating func rollBack(to mark: Int) {
            lines.removeAll()
            if tracks { smooth.removeSubrange(mark...) }
        }

        @inline(__always)
        mutating func begin(_ p: Point, flag: Bool) {
            lines.begin(p)
            if tracks { smooth.append(flag) }
        }

        @inline(__always)
        mutating func add(_ p: Point, flag: Bool) {
            if lines.add(p) && tracks { smooth.append(flag) }
        }

        mutating func setLastFlag(_ flag: Bool) {
            if tracks && !smooth.isEmpty { smooth[smooth.count - 1] = flag }
        }

        /// Appends a subpath unchanged (closed stays closed).
        mutating func copy(_ subpath: Polylines.Subpath, from points: [Point], flags: [Bool]) {
            let range = subpath.start..<subpath.start + subpath.count
            lines.append(points[range], closed: subpath.closed)
            if tracks { smooth.append(contentsOf: flags[range]) }
        }
    }

    /// Walks one subpath by increasing distance, segment by segment, and emits ranges of it.
    private struct Walker {
        let points: [Point]
        let flags: [Bool]
        let base: Int
        let count: Int
        let segmentCount: Int
        var segment = 0   // index of the current segment: from vertex segment to segment + 1
        var segmentStart = 0.0   // distance at its start
        var segmentEnd: Double   // distance at its end
        var a: Point, b: Point   // its ends

        init(_ subpath: Polylines.Subpath, points: [Point], flags: [Bool]) {
            self.points = points
            self.flags = flags
            base = subpath.start
            count = subpath.count
            segmentCount = subpath.closed ? subpath.count : subpath.count - 1
            a = points[base]
            b = points[base + (count > 1 ? 1 : 0)]
            segmentEnd = DashTrim.distance(a, b)
        }

        /// Vertex k of the subpath, k = count being the start again (the end of a closing segment).
        @inline(__always)
        func vertex(_ k: Int) -> Point { points[base + (k >= count ? k - count : k)] }

        func flag(ofVertex k: Int) -> Bool {
            flags.isEmpty ? false : flags[base + (k >= count ? k - count : k)]
        }

        mutating func step() {
            segment += 1
            segmentStart = segmentEnd
            a = b
            b = vertex(segment + 1)
            segmentEnd = segmentStart + DashTrim.distance(a, b)
        }

        /// Moves to the segment holding `d` (the later one at a vertex), or to the last segment.
        mutating func advance(to d: Double) {
            while segment + 1 < segmentCount && segmentEnd <= d { step() }
        }

        /// The point at distance `d` on the current segment.
        func point(at d: Double) -> Point {
            if d >= segmentEnd { return b }
            let length = segmentEnd - segmentStart
            let t = (d - segmentStart) / length
            if !(t > 0) { return a }
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }

        /// Emits the part of the subpath between distances `from` and `to` (from ≤ to, both after
        /// the walker's position): the point at `from`, the vertices strictly between, the point at
        /// `to`. Starts a new output subpath when `begin`, else continues the current one.
        mutating func emit(from: Double, to: Double, begin: Bool, into sink: inout Sink) {
            advance(to: from)
            let first = point(at: from)
            if begin { sink.begin(first, flag: false) } else { sink.add(first, flag: false) }
            while segment + 1 < segmentCount && segmentEnd < to {
                sink.add(b, flag: flag(ofVertex: segment + 1))
                step()
            }
            sink.add(point(at: to), flag: false)
        }
    }
}
