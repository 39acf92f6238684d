#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Outlines flattened subpaths with a pen: the result is closed contours that, filled with the
/// non-zero rule, cover exactly the stroke.
///
/// An open subpath becomes one contour: its left offset forwards, the end cap, its right offset
/// backwards, the start cap. A closed subpath becomes two: the left offset forwards and the right
/// offset backwards (no caps), so the band between them winds once. At each vertex the side on
/// the outside of the turn gets the join; the inside turns where the two offset lines cross, or,
/// next to a segment too short for that, goes through the vertex itself ("pivot", as Skia does).
///
/// The outline may overlap itself (a path that retraces itself, a 180° turn, a curve tighter than
/// the pen): filled non-zero it covers the stroke, but the rasterizer sums signed areas before
/// applying the rule, so an edge pixel covered by two layers of the outline comes out darker, as
/// in FreeType. The stroker keeps such overlaps to what the geometry forces.
///
/// Vertices marked smooth (inside a flattened curve) are always joined round, whatever the style:
/// they stand for a curve, whose offset is smooth. Round joins and caps are arcs subdivided so that
/// no chord is farther than the tolerance from the circle.
///
/// Degenerate input, as CoreGraphics: a zero-length subpath (a single point) is a dot (a disc with
/// round caps, an axis-aligned square with square caps, nothing with butt caps); a 180° turn joins
/// on one side; a miter join whose miter length exceeds `miterLimit × width` is a bevel.
struct Stroker {
    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double
    /// 1 + cos φ below which (turning angle φ too sharp) a miter becomes a bevel: 2 / limit².
    let miterThreshold: Double
    /// The largest angle one chord of a round join or cap may span.
    let arcStep: Double

    init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        halfWidth = style.width / 2
        self.tolerance = tolerance
        let limit = style.miterLimit.isNaN ? 1 : max(style.miterLimit, 1)
        miterThreshold = 2 / (limit * limit)
        // A chord spanning angle α deviates r(1 − cos(α/2)) from the circle of radius r.
        let ratio = min(1, tolerance / max(halfWidth, 1e-9))
        arcStep = max(2 * acos(1 - ratio), 0.01)
    }

    /// True when the style draws anything at all.
    static func draws(_ style: StrokeStyle) -> Bool { style.width.isFinite && style.width > 0 }

    /// Appends the outline contours of every subpath of `input` to `outline` (closed subpaths).
    /// `smooth`, when not empty, flags the points of `input` that lie inside a flattened curve.
    /// `buffer` is the memory the outline is written in before it is appended to `outline`.
    func stroke(_ input: Polylines, smooth: [Bool], into outline: inout Polylines, using buffer: Polylines.WriteBuffer) {
        precondition(smooth.isEmpty || smooth.count == input.points.count, "Stroker: smooth flags do not match the points")
        // By pointer: slicing the arrays per subpath would retain and release them each time.
        outline.write(using: buffer) { out in
            input.points.withUnsafeBufferPointer { allPoints in
                smooth.withUnsafeBufferPointer { allFlags in
                    for subpath in input.subpaths {
                        let range = subpath.start..<subpath.start + subpath.count
                        let points = UnsafeBufferPointer(rebasing: allPoints[range])
                        let flags = allFlags.isEmpty ? nil : UnsafeBufferPointer(rebasing: allFlags[range])
                        if subpath.count == 1 {
                            dot(at: points[0], into: &out)
                        } else if subpath.closed {
                            closedContours(points, flags, into: &out)
                        } else if subpath.count == 2 && style.cap == .butt {
                            buttSegment(points[points.startIndex], points[points.startIndex + 1], into: &out)
                        } else {
                            openContour(points, flags, into: &out)
                        }
                    }
                }
            }
        }
    }

    // MARK: - Contours

    private func openContour(_ points: UnsafeBufferPointer<Point>, _ smooth: UnsafeBufferPointer<Bool>?, into out: inout Polylines.Writer) {
        let first = points.startIndex, last = points.endIndex - 1
        let startNormal = normal(points[first], points[first + 1])
        out.begin(points[first] + startNormal)
        // Left side, forwards. Each segment's normal is computed once, for the joins at both ends.
        var incoming = startNormal
        for i in (first + 1)..<last {
            let outgoing = normal(points[i], points[i + 1])
            join(
                at: points[i], from: points[i - 1], to: points[i + 1], normals: (incoming, outgoing),
                smooth: smooth?[i] ?? false, forwards: true, into: &out)
            incoming = outgoing
        }
        let endNormal = incoming
        out.add(points[last] + endNormal)
        cap(at: points[last], normal: endNormal, into: &out)
        // Right side, backwards: walking back, the right side is the walker's left.
        if last - 1 > first {
            incoming = normal(points[last], points[last - 1])
            for i in stride(from: last - 1, to: first, by: -1) {
                let outgoing = normal(points[i], points[i - 1])
                join(
                    at: points[i], from: points[i + 1], to: points[i - 1], normals: (incoming, outgoing),
                    smooth: smooth?[i] ?? false, forwards: false, into: &out)
                incoming = outgoing
            }
        }
        out.add(points[first] - startNormal)
        cap(at: points[first], normal: startNormal * -1, into: &out)
        out.close()
    }

    /// An open subpath of one segment with butt caps, most dashes: the writes that
    /// ``openContour(_:_:into:)`` makes for it (the same points, the same repeats skipped), without
    /// its loops and their set-up. The last is the start cap's end, the first point again (there
    /// `a - n * -1`, the same bits as `a + n`), which `close()` drops.
    @inline(__always)
    private func buttSegment(_ a: Point, _ b: Point, into out: inout Polylines.Writer) {
        let n = normal(a, b)
        out.begin(a + n)
        out.add(b + n)
        out.add(b - n)
        out.add(a - n)
        out.add(a + n)
        out.close()
    }

    private func closedContours(
        _ points: UnsafeBufferPointer<Point>, _ smooth: UnsafeBufferPointer<Bool>?, into out: inout Polylines.Writer
    ) {
        // Left offset forwards, joining at every vertex including the first.
        closedSide(points, smooth, forwards: true, into: &out)
        // Two points closed is there and back: the left offset already goes round both sides
        // (with a join at each end), and a right contour would wind the other way and cancel it.
        guard points.count > 2 else { return }
        // Right offset backwards.
        closedSide(points, smooth, forwards: false, into: &out)
    }

    /// One contour of a closed subpath: its left offset walking from vertex 0 `forwards` (vertex
    /// 1 next) or backwards (vertex n − 1 next), joined at every vertex.
    private func closedSide(
        _ points: UnsafeBufferPointer<Point>, _ smooth: UnsafeBufferPointer<Bool>?, forwards: Bool,
        into out: inout Polylines.Writer
    ) {
        let n = points.count, base = points.startIndex, direction = forwards ? 1 : -1
        // Vertex k's index, for k in -n...n.
        @inline(__always) func index(_ k: Int) -> Int { base + (k < 0 ? k + n : k >= n ? k - n : k) }
        var previous = points[index(-direction)], v = points[base]
        var incoming = normal(previous, v)
        out.begin(v + incoming)
        for step in 0..<n {
            let k = step * direction
            let next = points[index(k + direction)]
            // Each segment's normal is computed once, for the joins at both ends.
            let outgoing = normal(v, next)
            join(
                at: v, from: previous, to: next, normals: (incoming, outgoing), smooth: smooth?[index(k)] ?? false,
                forwards: forwards, into: &out)
            previous = v; v = next; incoming = outgoing
        }
        out.close()
    }

    // MARK: - Pieces

    /// The left normal of the segment a→b scaled to half the width ((−dy, dx) in the path's
    /// coordinates), zero for a zero-length segment.
    @inline(__always)
    private func normal(_ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return .zero }
        let k = halfWidth / length
        return Point(x: -dy * k, y: dx * k)
    }

    /// Emits the left side's passage through vertex `v` between segments previous→v and v→next:
    /// the join on the outside of the turn, the inner corner on the inside. A 180° turn has no
    /// inside: the pass that walks the path `forwards` puts the join there, the backward pass
    /// pivots, so that the join is drawn once. `normals` are those of previous→v and v→next (see
    /// ``normal(_:_:)``), computed by the caller, which shares each with the neighbouring join.
    private func join(
        at v: Point, from previous: Point, to next: Point, normals: (Point, Point), smooth: Bool,
        forwards: Bool, into out: inout Polylines.Writer
    ) {
        let (incoming, outgoing) = normals
        let start = v + incoming, end = v + outgoing
        // Directions (as normals rotated back): cross > 0 turns towards the left normal.
        let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
        let dot = incoming.x * outgoing.x + incoming.y * outgoing.y
        let hh = halfWidth * halfWidth
        if cross > 1e-12 * hh {
            // Left is the inside of the turn. The two offset lines cross at
            // v + (n₁ + n₂) / (1 + cos φ), d·tan(φ/2) back from the vertex along each segment.
            // Where that stays within half of both segments (so that neighbouring joins cannot
            // cross either), the contour turns there: the exact inner edge, with no overlap. Else
            // it goes through the vertex ("pivot"), whose small loops keep the winding right
            // however short the segments are; but inside a pixel that is partly covered, the
            // accumulated area counts a loop twice, so it is kept for the rare short segment.
            let onePlusCos = 1 + dot / hh
            let sine = cross / hh
            let inSquared = (v - previous).lengthSquared, outSquared = (next - v).lengthSquared
            let reach = hh * sine * sine   // (d·tan(φ/2))² · (1 + cos φ)²
            if onePlusCos > 0 && 4 * reach <= min(inSquared, outSquared) * onePlusCos * onePlusCos {
                out.add(Point(x: v.x + (incoming.x + outgoing.x) / onePlusCos, y: v.y + (incoming.y + outgoing.y) / onePlusCos))
            } else {
                out.add(start)
                out.add(v)
                out.add(end)
            }
            return
        }
        if cross > -1e-12 * hh {
            if dot > 0 {
                out.add(end)   // straight on
                return
            }
            if !forwards {
                // The 180° turn, joined by the forward pass.
                out.add(start)
                out.add(v)
                out.add(end)
                return
            }
        }
        // Left is the outside.
        out.add(start)
        let cosine = dot / hh
        switch smooth ? .round : style.join {
        case .bevel:
            break
        case .miter:
            // The miter tip lies at v + (n₁ + n₂) / (1 + cos φ); its length over the width is
            // 1/sin(θ/2) = 1/√((1 + cos φ)/2) for the angle θ = π − φ between the segments.
            let onePlusCos = 1 + cosine
            if onePlusCos >= miterThreshold && onePlusCos > 0 {
                out.add(Point(x: v.x + (incoming.x + outgoing.x) / onePlusCos, y: v.y + (incoming.y + outgoing.y) / onePlusCos))
            }
        case .round:
            // Around the outside: through the direction of travel when the turn is 180°.
            let travel = Point(x: incoming.y, y: -incoming.x)   // rotate the left normal back to the direction
            arc(center: v, from: incoming, to: outgoing, through: cosine < -1 + 1e-12 ? travel : incoming + outgoing, into: &out)
        }
        out.add(end)
    }

    /// Emits the cap at an end whose left offset the contour has just reached (`center + normal`),
    /// finishing at `center − normal`. `normal` is the left normal of the direction of travel.
    @inline(__always)   // twice per open contour, mostly two-point dashes: the call costs more than the work
    private func cap(at center: Point, normal: Point, into out: inout Polylines.Writer) {
        let forward = Point(x: normal.y, y: -normal.x)   // the direction of travel, length halfWidth
        switch style.cap {
        case .butt:
            break
        case .square:
            out.add(center + normal + forward)
            out.add(center - normal + forward)
        case .round:
            arc(center: center, from: normal, to: normal * -1, through: forward, into: &out)
        }
        out.add(center - normal)
    }

    /// A zero-length subpath: a dot for round and square caps.
    private func dot(at p: Point, into out: inout Polylines.Writer) {
        let h = halfWidth
        switch style.cap {
        case .butt:
            return
        case .square:
            out.begin(Point(x: p.x - h, y: p.y - h))
            out.add(Point(x: p.x + h, y: p.y - h))
            out.add(Point(x: p.x + h, y: p.y + h))
            out.add(Point(x: p.x - h, y: p.y + h))
            out.close()
        case .round:
            out.begin(Point(x: p.x + h, y: p.y))
            arc(center: p, from: Point(x: h, y: 0), to: Point(x: -h, y: 0), through: Point(x: 0, y: h), into: &out)
            out.add(Point(x: p.x - h, y: p.y))
            arc(center: p, from: Point(x: -h, y: 0), to: Point(x: h, y: 0), through: Point(x: 0, y: -h), into: &out)
            out.close()
        }
    }

    /// Emits the interior points of the arc around `center` from offset `u` to offset `w` (both of
    /// length halfWidth), turning the way that passes the side of `through`; the endpoints are the
    /// caller's.
    private func arc(center: Point, from u: Point, to w: Point, through m: Point, into out: inout Polylines.Writer) {
        let hh = halfWidth * halfWidth
        let angle = acos(max(-1, min(1, (u.x * w.x + u.y * w.y) / hh)))
        let turnsTowardM = u.x * m.y - u.y * m.x >= 0
        let sweep = turnsTowardM ? angle : -angle
        let steps = Int((angle / arcStep).rounded(.up))
        guard steps > 1 else { return }
        let start = atan2(u.y, u.x), step = sweep / Double(steps)
        for k in 1..<steps {
            let a = start + Double(k) * step
            out.add(Point(x: center.x + halfWidth * cos(a), y: center.y + halfWidth * sin(a)))
        }
    }
}
