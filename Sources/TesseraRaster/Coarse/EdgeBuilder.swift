/// Turns a path and a transform into the device-space lines the accumulation rasterizer fills,
/// clipped to the target `[0, width] × [0, height]` so that any finite coordinate, however large,
/// becomes small floats:
///
/// - pieces above or below the target are dropped (they cover no row);
/// - pieces left of it become vertical lines at x = 0 and pieces right of it vertical lines at
///   x = width: they still carry their winding to the pixels on their right, exactly;
/// - a curve whose control points all lie on one outer side of the target is replaced by its chord
///   (the loop curve + chord winds around no visible pixel, so the coverage is unchanged).
///
/// Every subpath is closed with a line back to its start, as filling requires.
struct EdgeBuilder {
    let width: Double
    let height: Double
    let tolerance: Double
    let arena: LineArena
    /// The vertical extent of the lines emitted since the last ``reset()``.
    private(set) var minY = Double.infinity
    private(set) var maxY = -Double.infinity
    private(set) var minX = Double.infinity
    private(set) var maxX = -Double.infinity

    init(width: Int, height: Int, tolerance: Double, arena: LineArena) {
        self.width = Double(width)
        self.height = Double(height)
        self.tolerance = tolerance
        self.arena = arena
    }

    mutating func reset() {
        minY = .infinity
        maxY = -.infinity
        minX = .infinity
        maxX = -.infinity
    }

    /// Emits the lines of `path` mapped through `transform`. Returns false, with nothing emitted,
    /// when any transformed coordinate is not finite.
    mutating func addPath(_ path: PathElements, transform: Transform) -> Bool {
        if addPathInsideTarget(path, transform: transform) { return true }
        let mark = arena.count
        var start = Point.zero, current = Point.zero
        var open = false
        var valid = true
        let points = path.points
        var i = 0
        @inline(__always) func next() -> Point {
            let p = transform.apply(points[i])
            i += 1
            if !p.isFinite { valid = false }
            return p
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                if open { addLine(current, start) }
                start = next(); current = start; open = true
            case .line:
                let p = next()
                addLine(current, p); current = p
            case .quad:
                let c = next(), p = next()
                flatten(quadratic: current, c, p, segments: segmentCount(quadratic: current, c, p)) { addLine($0, $1) }
                current = p
            case .cubic:
                let c1 = next(), c2 = next(), p = next()
                flatten(cubic: current, c1, c2, p, segments: segmentCount(cubic: current, c1, c2, p)) {
                    addLine($0, $1)
                }
                current = p
            case .close:
                if open { addLine(current, start) }
                current = start; open = false
            }
            if !valid {
                arena.truncate(to: mark)
                return false
            }
        }
        if open { addLine(current, start) }
        return true
    }

    /// The common case of ``addPath(_:transform:)``: when every mapped point lies inside the
    /// target, so does every line (a curve lies within its control points' hull), and clipping
    /// them would change nothing: the lines go straight into the arena, in the general path's
    /// order, with its floats, and the bounds come from the mapped points (a superset of the
    /// general path's, which leaves out the ends of horizontal lines: bounds only say which
    /// pixels may change). Returns false, with nothing emitted, when a point lies outside or is
    /// not finite.
    private mutating func addPathInsideTarget(_ path: PathElements, transform: Transform) -> Bool {
        var low = SIMD2<Double>(repeating: .infinity), high = -low
        let points = path.points
        // The bounds skip NaN (`<` and `>` are false): a sum of the coordinates catches it.
        var sum = SIMD2<Double>.zero
        for point in points {
            let p = transform.apply(point)
            let v = SIMD2(p.x, p.y)
            // In the forms that compile to minpd and maxpd.
            low = low.replacing(with: v, where: v .< low)
            high = high.replacing(with: v, where: v .> high)
            sum += v
        }
        guard all(low .>= .zero), all(high .<= SIMD2(width, height)), !(sum.x + sum.y).isNaN else { return false }
        var written = 0
        var i = 0
        @inline(__always) func next() -> Point {
            let p = transform.apply(points[i])
            i += 1
            return p
        }
        var start = Point.zero, current = Point.zero
        var open = false
        // Room for `maximum` lines, then `body` writes them at the arena's end, horizontal
        // ones skipped as `addLine` skips them.
        @inline(__always) func lines(upTo maximum: Int, _ body: ((Point, Point) -> Void) -> Void) {
            arena.appendLines(upTo: maximum) { floats in
                var count = 0
                body { a, b in
                    guard a.y != b.y else { return }
                    UnsafeMutableRawPointer(floats + (count &<< 2)).storeBytes(
                        of: SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y)), as: SIMD4<Float>.self)
                    count &+= 1
                }
                written &+= count
                return count
            }
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                let p = next()
                if open { lines(upTo: 1) { line in line(current, start) } }
                start = p; current = p; open = true
            case .line:
                let p = next()
                lines(upTo: 1) { line in line(current, p) }
                current = p
            case .quad:
                let c = next(), p = next()
                let n = segmentCount(quadratic: current, c, p)
                lines(upTo: n) { line in flatten(quadratic: current, c, p, segments: n, line) }
                current = p
            case .cubic:
                let c1 = next(), c2 = next(), p = next()
                let n = segmentCount(cubic: current, c1, c2, p)
                lines(upTo: n) { line in flatten(cubic: current, c1, c2, p, segments: n, line) }
                current = p
            case .close:
                if open { lines(upTo: 1) { line in line(current, start) } }
                current = start; open = false
            }
        }
        if open { lines(upTo: 1) { line in line(current, start) } }
        if written > 0 {
            minX = Swift.min(minX, low.x); maxX = Swift.max(maxX, high.x)
            minY = Swift.min(minY, low.y); maxY = Swift.max(maxY, high.y)
        }
        return true
    }

    /// Emits the closed contours of `outline` mapped through `transform`. Returns false, with
    /// nothing emitted, when a transformed coordinate is not finite.
    mutating func addOutline(_ outline: Polylines, transform: Transform) -> Bool {
        let t = transform
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, addOutlineInsideTarget(outline, movedBy: t.tx, t.ty) { return true }
        let mark = arena.count
        let identity = transform.isIdentity
        for subpath in outline.subpaths {
            let first = outline.points[subpath.start]
            let start = identity ? first : transform.apply(first)
            guard start.isFinite else { arena.truncate(to: mark); return false }
            var previous = start
            for k in subpath.start + 1..<subpath.start + subpath.count {
                let p = identity ? outline.points[k] : transform.apply(outline.points[k])
                guard p.isFinite else { arena.truncate(to: mark); return false }
                addLine(previous, p)
                previous = p
            }
            addLine(previous, start)
        }
        return true
    }

    /// The common case of ``addOutline(_:transform:)``, in one tight loop: contours moved by
    /// (dx, dy) (a translation, or none) that lie inside the target need no clipping. Returns
    /// false, with nothing emitted, when they do not (or a coordinate is not finite): the general
    /// path then handles them. `p + d` is what the general path's `Transform.apply` computes for a
    /// translation (1·x + 0·y + dx), so both give the same bytes.
    private mutating func addOutlineInsideTarget(_ outline: Polylines, movedBy dx: Double, _ dy: Double) -> Bool {
        let move = SIMD2(dx, dy)
        return addContoursInsideTarget(outline) { p in SIMD2(p.x, p.y) + move }
    }

    /// Emits the closed contours of `outline` projected by `projection`, when every projected
    /// point lies inside the target; returns false, with nothing emitted, when one does not, lies
    /// at or behind the eye or is not finite: the caller then projects the outline and adds it
    /// with ``addOutline(_:transform:)``. The same lines in the same order as that way, which
    /// skips a projected point equal to the one before (here its line is horizontal, not kept)
    /// and moves the points by (0, 0) (+0 for −0).
    mutating func addOutline(_ outline: Polylines, projectedBy projection: Projection) -> Bool {
        // NaN where `Projection.project` gives nil for w, ±∞ for a coordinate not finite: the
        // sum catches the one, the bounds the other.
        addContoursInsideTarget(outline) { p in projection.image(of: p) + SIMD2<Double>.zero }
    }

    /// The one pass of ``addOutlineInsideTarget(_:movedBy:_:)`` and
    /// ``addOutline(_:projectedBy:)``: the contours of `outline` with every point mapped by
    /// `map`, emitted when all the mapped points lie inside the target (nothing emitted, false,
    /// when one does not or one is NaN).
    @inline(__always)
    private mutating func addContoursInsideTarget(_ outline: Polylines, map: (Point) -> SIMD2<Double>) -> Bool {
        var low = SIMD2<Double>(repeating: .infinity), high = -low
        var inside = false
        outline.points.withUnsafeBufferPointer { points in
            // A closed contour has as many lines as points. One pass writes the lines and bounds
            // the points; when the bounds fail, what it wrote is not kept (written: 0).
            arena.appendLines(upTo: points.count) { lines in
                var written = 0
                // The bounds skip NaN (`<` and `>` are false), so NaN is caught by a sum of the
                // coordinates, NaN exactly when one of them is (once the bounds pass, the terms
                // all lie inside the target: no inf − inf).
                var sum = SIMD2<Double>.zero
                @inline(__always) func moved(_ k: Int) -> SIMD2<Double> {
                    let p = map(points[k])
                    // In the forms that compile to minpd and maxpd.
                    low = low.replacing(with: p, where: p .< low)
                    high = high.replacing(with: p, where: p .> high)
                    sum += p
                    return p
                }
                // Every line is written, and kept unless horizontal: skipping the horizontal ones
                // with a branch mispredicted often (the outlines of dashes mix both). Each point
                // is converted to floats once, for the two lines it ends.
                // (Wrapping arithmetic: the indices are below `points.count`, and `written` too.)
                @inline(__always) func line(_ a: SIMD2<Float>, _ b: SIMD2<Float>, horizontal: Bool) {
                    UnsafeMutableRawPointer(lines + (written &<< 2)).storeBytes(of: SIMD4(lowHalf: a, highHalf: b), as: SIMD4<Float>.self)
                    written &+= horizontal ? 0 : 1
                }
                let subpaths = outline.subpaths
                for s in subpaths.indices {
                    let subpath = subpaths[s]
                    let end = subpath.start &+ subpath.count
                    // In the general path's order, so that both give the same bytes.
                    let first = moved(subpath.start)
                    let firstFloats = SIMD2<Float>(first)
                    var previous = first, previousFloats = firstFloats
                    var k = subpath.start &+ 1
                    while k < end {
                        let p = moved(k)
                        let floats = SIMD2<Float>(p)
                        line(previousFloats, floats, horizontal: previous.y == p.y)
                        previous = p
                        previousFloats = floats
                        k &+= 1
                    }
                    line(previousFloats, firstFloats, horizontal: previous.y == first.y)
                }
                let size = SIMD2(width, height)
                inside = all(low .>= .zero) && all(high .<= size) && !(sum.x + sum.y).isNaN
                return inside ? written : 0
            }
        }
        if inside && !outline.points.isEmpty {
            minX = Swift.min(minX, low.x); maxX = Swift.max(maxX, high.x)
            minY = Swift.min(minY, low.y); maxY = Swift.max(maxY, high.y)
        }
        return inside
    }

    /// True when every point is on one outer side of the target, so the curve through them covers
    /// no pixel by itself.
    /// (Not variadic: a variadic call builds an array, a tenth of flattening a small curve.)
    @inline(__always)
    private func outside(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let low = pointwiseMin(pointwiseMin(SIMD2(a.x, a.y), SIMD2(b.x, b.y)), pointwiseMin(SIMD2(c.x, c.y), SIMD2(d.x, d.y)))
        let high = pointwiseMax(pointwiseMax(SIMD2(a.x, a.y), SIMD2(b.x, b.y)), pointwiseMax(SIMD2(c.x, c.y), SIMD2(d.x, d.y)))
        return high.y <= 0 || low.y >= height || high.x <= 0 || low.x >= width
    }

    /// How many lines ``flatten(quadratic:_:_:segments:_:)`` should cut the curve into: one, its
    /// chord, when it covers no pixel by itself (see ``outside(_:)``).
    @inline(__always)
    private func segmentCount(quadratic p0: Point, _ p1: Point, _ p2: Point) -> Int {
        if outside(p0, p1, p2, p2) { return 1 }
        return CurveFlattener.segmentCount(quadratic: p0, p1, p2, tolerance: tolerance)
    }

    /// See ``segmentCount(quadratic:_:_:)``.
    @inline(__always)
    private func segmentCount(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Int {
        if outside(p0, p1, p2, p3) { return 1 }
        return CurveFlattener.segmentCount(cubic: p0, p1, p2, p3, tolerance: tolerance)
    }

    /// The curve as `n` chords, to `line` in order.
    @inline(__always)
    private func flatten(
        quadratic p0: Point, _ p1: Point, _ p2: Point, segments n: Int, _ line: (Point, Point) -> Void
    ) {
        let step = 1 / Double(n)
        var previous = p0
        for k in 1..<n {
            let p = CurveFlattener.vertex(quadratic: p0, p1, p2, at: Double(k) * step, step: step)
            line(previous, p)
            previous = p
        }
        line(previous, p2)
    }

    /// See ``flatten(quadratic:_:_:segments:_:)``.
    @inline(__always)
    private func flatten(
        cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, segments n: Int, _ line: (Point, Point) -> Void
    ) {
        let step = 1 / Double(n)
        var previous = p0
        for k in 1..<n {
            let p = CurveFlattener.vertex(cubic: p0, p1, p2, p3, at: Double(k) * step, step: step)
            line(previous, p)
            previous = p
        }
        line(previous, p3)
    }

    /// x on the line through a and b at height y, interpolated from the endpoint nearer in y so that
    /// a far endpoint (1e30) does not swamp the result with rounding error.
    @inline(__always)
    private static func x(at y: Double, _ a: Point, _ b: Point) -> Double {
        let slope = (b.x - a.x) / (b.y - a.y)
        return abs(y - a.y) <= abs(y - b.y) ? a.x + (y - a.y) * slope : b.x + (y - b.y) * slope
    }

    @inline(__always)
    private static func y(at x: Double, _ a: Point, _ b: Point) -> Double {
        let slope = (b.y - a.y) / (b.x - a.x)
        return abs(x - a.x) <= abs(x - b.x) ? a.y + (x - a.x) * slope : b.y + (x - b.x) * slope
    }

    mutating func addLine(_ a: Point, _ b: Point) {
        if a.y == b.y { return }
        if (a.y <= 0 && b.y <= 0) || (a.y >= height && b.y >= height) { return }
        // Clip vertically to [0, height].
        var p = a, q = b
        if p.y < 0 { p = Point(x: Self.x(at: 0, a, b), y: 0) } else if p.y > height { p = Point(x: Self.x(at: height, a, b), y: height) }
        if q.y < 0 { q = Point(x: Self.x(at: 0, a, b), y: 0) } else if q.y > height { q = Point(x: Self.x(at: height, a, b), y: height) }
        addClippedHorizontally(p, q)
    }

    /// Splits a vertically clipped line where it crosses x = 0 and x = width; the outer parts become
    /// vertical lines on the border.
    private mutating func addClippedHorizontally(_ p: Point, _ q: Point) {
        let lowX = Swift.min(p.x, q.x), highX = Swift.max(p.x, q.x)
        if highX <= 0 { return emit(0, p.y, 0, q.y) }
        if lowX >= width { return emit(width, p.y, width, q.y) }
        if lowX >= 0 && highX <= width { return emit(p.x, p.y, q.x, q.y) }
        // Cut where the line crosses each border, in order from p to q.
        let (nearBorder, farBorder) = p.x < q.x ? (0, width) : (width, 0)
        var from = p
        for border in [nearBorder, farBorder] where (p.x - border) * (q.x - border) < 0 {
            let to = Point(x: border, y: Self.y(at: border, p, q))
            emitClamped(from, to)
            from = to
        }
        emitClamped(from, q)
    }

    /// Emits a piece lying on one side of (or inside) the target horizontally, collapsing it onto
    /// the border it lies beyond.
    private mutating func emitClamped(_ a: Point, _ b: Point) {
        let midX = (a.x + b.x) / 2
        if midX <= 0 {
            emit(0, a.y, 0, b.y)
        } else if midX >= width {
            emit(width, a.y, width, b.y)
        } else {
            emit(Swift.min(Swift.max(a.x, 0), width), a.y, Swift.min(Swift.max(b.x, 0), width), b.y)
        }
    }

    @inline(__always)
    private mutating func emit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if y0 == y1 { return }
        // `a > b ? a : b` compiles to maxsd; `Swift.max`, which returns its second argument on a
        // tie (+0 against −0 too), to four instructions. The bounds are rounded to whole pixels,
        // where the sign of a zero makes no difference.
        @inline(__always) func greater(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
        minY = Swift.min(minY, Swift.min(y0, y1))
        maxY = greater(greater(y0, y1), maxY)
        minX = Swift.min(minX, Swift.min(x0, x1))
        maxX = greater(greater(x0, x1), maxX)
        arena.append(Float(x0), Float(y0), Float(x1), Float(y1))
    }
}
