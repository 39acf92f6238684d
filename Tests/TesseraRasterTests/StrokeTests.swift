#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// The geometry of strokes, measured through pixels: a stroke is rendered in opaque white on
/// transparent black, so each pixel's alpha is `round(coverage · 255)` (as in ``CoverageTests``),
/// and the summed coverage is compared with areas known in closed form: caps, joins, the miter
/// limit, closed subpaths, zero-length subpaths, transforms (the elliptic pen), bad input, and
/// determinism across thread counts.
///
/// Round joins and caps, and curves, are drawn at the finest flattening tolerance (0.01 px), so
/// that the polygons replacing arcs lose much less area than the 0.2 % the area tests allow.
import Testing
import TesseraRaster

@Suite struct StrokeTests {
    typealias H = CoverageHarness

    // MARK: Harness

    /// Strokes `path` in opaque white on a fresh transparent `width × height` pixmap and returns
    /// every pixel's alpha byte, row-major.
    static func coverage(_ path: Path, style: StrokeStyle, dash: DashPattern? = nil,
                         transform: Transform = .identity, width: Int, height: Int,
                         threadCount: Int = 1, tolerance: Double = 0.01) throws -> [UInt8] {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: threadCount)
        canvas.tolerance = tolerance
        canvas.stroke(path, paint: .solid(.white), style: style, dash: dash, transform: transform)
        canvas.render(into: pixmap)
        return H.alpha(of: pixmap)
    }

    /// Summed coverage, in pixels.
    static func area(_ coverage: [UInt8]) -> Double {
        coverage.reduce(0.0) { $0 + Double($1) } / 255
    }

    static func expectArea(_ coverage: [UInt8], equals expected: Double, within relative: Double = 0.002,
                           _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let measured = area(coverage)
        #expect(abs(measured - expected) <= relative * expected,
                "\(what): summed coverage \(measured), area \(expected) (relative error \((measured - expected) / expected))",
                sourceLocation: sourceLocation)
    }

    static func path(_ points: [Point], closed: Bool = false) -> Path {
        H.polygonPath([points], close: closed)
    }

    /// The area of the intersection of the pixel `[px, px+1] × [py, py+1]` with the rectangle
    /// `[x0, x1] × [y0, y1]`.
    static func overlap(px: Int, py: Int, x0: Double, x1: Double, y0: Double, y1: Double) -> Double {
        let w = max(0, min(Double(px + 1), x1) - max(Double(px), x0))
        let h = max(0, min(Double(py + 1), y1) - max(Double(py), y0))
        return w * h
    }

    /// The area of the intersection of the pixel `[px, px+1] × [py, py+1]` with the part of the
    /// disc of `radius` around `center` whose x lies in `xRange`, by the midpoint rule over x
    /// (the vertical chord of the disc is known exactly at each x).
    static func discOverlap(px: Int, py: Int, center: Point, radius: Double, xRange: ClosedRange<Double>) -> Double {
        let lo = max(Double(px), xRange.lowerBound, center.x - radius)
        let hi = min(Double(px + 1), xRange.upperBound, center.x + radius)
        guard hi > lo else { return 0 }
        let steps = 4000
        let dx = (hi - lo) / Double(steps)
        var sum = 0.0
        for i in 0..<steps {
            let x = lo + (Double(i) + 0.5) * dx
            let half = max(0, radius * radius - (x - center.x) * (x - center.x)).squareRoot()
            let chord = max(0, min(Double(py + 1), center.y + half) - max(Double(py), center.y - half))
            sum += chord * dx
        }
        return sum
    }

    // MARK: Caps

    static let caps: [LineCap] = [.butt, .square, .round]

    /// A line of length 60 and width 6 covers L·w with butt caps, (L + w)·w with square caps and
    /// L·w + π(w/2)² with round caps; horizontal at a fractional height, and diagonal (3-4-5).
    @Test(arguments: caps, [false, true])
    func lineAreaForEachCap(cap: LineCap, diagonal: Bool) throws {
        let (length, w) = (60.0, 6.0)
        let start = diagonal ? Point(x: 20.25, y: 15.6) : Point(x: 20.3, y: 30.6)
        let end = diagonal ? Point(x: 20.25 + 48, y: 15.6 + 36) : Point(x: 80.3, y: 30.6)
        let coverage = try Self.coverage(Self.path([start, end]), style: StrokeStyle(width: w, cap: cap),
                                         width: 100, height: 80)
        let expected: Double
        switch cap {
        case .butt: expected = length * w
        case .square: expected = (length + w) * w
        case .round: expected = length * w + Double.pi * (w / 2) * (w / 2)
        }
        Self.expectArea(coverage, equals: expected, "\(cap) cap, \(diagonal ? "diagonal" : "horizontal") line")
    }

    /// A horizontal line from x = 10 to x = 40 (integers) at y = 20, width 4: every pixel equals
    /// its exact coverage by the band plus the caps: nothing past the ends (butt), a 2-pixel
    /// extension (square), or half discs of radius 2 (round). Columns past the end are checked
    /// by name too.
    @Test(arguments: caps)
    func capsExtendExactlyPastTheEnds(cap: LineCap) throws {
        let (width, height) = (52, 40)
        let (x0, x1, y, h) = (10.0, 40.0, 20.0, 2.0)
        let coverage = try Self.coverage(Self.path([Point(x: x0, y: y), Point(x: x1, y: y)]),
                                         style: StrokeStyle(width: 2 * h, cap: cap), width: width, height: height)
        let extend = cap == .square ? h : 0
        var worst = 0.0, worstPixel = (0, 0)
        for py in 0..<height {
            for px in 0..<width {
                var exact = Self.overlap(px: px, py: py, x0: x0 - extend, x1: x1 + extend, y0: y - h, y1: y + h)
                if cap == .round {
                    exact += Self.discOverlap(px: px, py: py, center: Point(x: x0, y: y), radius: h, xRange: -1e9...x0)
                    exact += Self.discOverlap(px: px, py: py, center: Point(x: x1, y: y), radius: h, xRange: x1...1e9)
                }
                let difference = abs(Double(coverage[py * width + px]) - 255 * exact)
                if difference > worst { (worst, worstPixel) = (difference, (px, py)) }
            }
        }
        // Rounding is worth 0.5; a round cap's chords may stray 0.01 px from the circle (2.55).
        let tolerance = cap == .round ? 3.0 : 1.0
        #expect(worst <= tolerance, "\(cap): pixel \(worstPixel) is \(worst) levels off its exact coverage")

        // The band's rows 18...21, in the columns just past the end x = 40 (column 40 is x ∈ [40, 41]).
        func column(_ x: Int) -> [UInt8] { (18...21).map { coverage[$0 * width + x] } }
        #expect(column(39).allSatisfy { $0 == 255 }, "\(cap): the last column before the end is covered")
        switch cap {
        case .butt:
            #expect(column(40).allSatisfy { $0 == 0 }, "butt: nothing past the end")
            #expect(column(9).allSatisfy { $0 == 0 }, "butt: nothing before the start")
        case .square:
            #expect(column(40).allSatisfy { $0 == 255 } && column(41).allSatisfy { $0 == 255 },
                    "square: w/2 = 2 columns past the end are covered")
            #expect(column(42).allSatisfy { $0 == 0 }, "square: nothing beyond w/2")
            #expect(column(8).allSatisfy { $0 == 255 } && column(7).allSatisfy { $0 == 0 }, "square: start")
        case .round:
            // Pixel (40, 19) lies within √2 of the end point (40, 20): inside the disc of radius 2.
            #expect(column(40) == [column(40)[0], 255, 255, column(40)[3]] && column(40)[0] > 0 && column(40)[0] < 255,
                    "round: column 40 is full in rows 19–20 and partly covered in rows 18 and 21: \(column(40))")
            #expect(column(41).allSatisfy { $0 > 0 && $0 < 255 },
                    "round: the half disc partly covers column 41: \(column(41))")
            #expect(column(42).allSatisfy { $0 == 0 }, "round: nothing beyond the radius")
        }
        // Past the end, the summed coverage is the cap's area: 0, w/2 · w, or a half disc.
        var beyond = 0.0
        for py in 0..<height { for px in 40..<width { beyond += Double(coverage[py * width + px]) / 255 } }
        let capArea = cap == .butt ? 0 : cap == .square ? h * 2 * h : Double.pi * h * h / 2
        // Chords 0.01 px inside a half circle of radius 2 lose up to about 0.04 px².
        #expect(abs(beyond - capArea) <= 0.06 + 0.002 * capArea, "\(cap): area past the end \(beyond), expected \(capArea)")
    }

    // MARK: Joins

    static let joins: [LineJoin] = [.miter, .bevel, .round]

    /// A closed 60 × 40 rectangle at half-pixel coordinates, width 8: the miter join gives the
    /// outer rectangle minus the inner one; a bevel cuts a right triangle of legs w/2 off each outer
    /// corner; a round join cuts (1 − π/4)(w/2) off each.
    @Test(arguments: joins)
    func closedRectangleAreaForEachJoin(join: LineJoin) throws {
        let (rw, rh, w) = (60.0, 40.0, 8.0)
        let h = w / 2
        let path = Path(rect: Rect(x: 20.5, y: 15.5, width: rw, height: rh))
        let miterArea = (rw + w) * (rh + w) - (rw - w) * (rh - w)
        let expected: Double
        switch join {
        case .miter: expected = miterArea
        case .bevel: expected = miterArea - 4 * (h * h / 2)
        case .round: expected = miterArea - 4 * (1 - Double.pi / 4) * h * h
        }
        // The caps must not matter on a closed subpath.
        for cap in Self.caps {
            let coverage = try Self.coverage(path, style: StrokeStyle(width: w, cap: cap, join: join),
                                             width: 104, height: 72)
            Self.expectArea(coverage, equals: expected, "\(join) join, \(cap) cap, closed rectangle")
        }
    }

    /// Open polylines with many gentle turns (a 31-point arc, turning 4° at each vertex; a zigzag
    /// turning ±30°), width 6, butt caps. At a vertex turning by φ the two segments' rectangles
    /// overlap on the inner side in a kite of area h²·tan(φ/2) (h = w/2), and the join adds on the
    /// outer side a kite of the same area (miter), a triangle ½h²·sin φ (bevel) or a sector ½h²·φ
    /// (round). So the miter stroke's area is exactly w × length, and the others lack the difference
    /// at every vertex. This checks the inner side of joins: it must cover the overlap once.
    @Test(arguments: joins, [false, true])
    func gentlyBentPolylineArea(join: LineJoin, zigzag: Bool) throws {
        let points: [Point]
        if zigzag {
            // Segments of 14 at ±15° from the horizontal: turns of 30°, alternating.
            let dx = 14 * cos(Double.pi / 12), dy = 14 * sin(Double.pi / 12)
            points = (0..<7).map { i in Point(x: 10.3 + Double(i) * dx, y: 30.6 + (i.isMultiple(of: 2) ? 0 : dy)) }
        } else {
            let center = Point(x: 50.2, y: 60.7), radius = 40.0
            points = (0...30).map { i in
                let angle = (-150 + 4 * Double(i)) * Double.pi / 180
                return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            }
        }
        let w = 6.0, h = w / 2
        var length = 0.0, missing = 0.0
        for i in 1..<points.count {
            let d = points[i] - points[i - 1]
            length += (d.x * d.x + d.y * d.y).squareRoot()
            guard i + 1 < points.count else { continue }
            let e = points[i + 1] - points[i]
            let phi = abs(atan2(d.x * e.y - d.y * e.x, d.x * e.x + d.y * e.y))
            switch join {
            case .miter: break
            case .bevel: missing += h * h * tan(phi / 2) - h * h * sin(phi) / 2
            case .round: missing += h * h * tan(phi / 2) - h * h * phi / 2
            }
        }
        let coverage = try Self.coverage(Self.path(points), style: StrokeStyle(width: w, join: join), width: 100, height: 64)
        Self.expectArea(coverage, equals: w * length - missing, "\(zigzag ? "zigzag" : "arc polyline"), \(join) join")
    }

    /// A circle (four cubics, as `addEllipse`) stroked is an annulus of area π((r + w/2)² − (r − w/2)²).
    @Test(arguments: [(30.0, 6.0), (20.0, 12.0), (12.0, 3.0)])
    func strokedCircleIsAnAnnulus(radius: Double, w: Double) throws {
        let center = Point(x: 50.3, y: 49.7)
        let path = Path(ellipseIn: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        let outer = radius + w / 2, inner = radius - w / 2
        let expected = Double.pi * (outer * outer - inner * inner)
        for join in Self.joins {
            let coverage = try Self.coverage(path, style: StrokeStyle(width: w, cap: .butt, join: join),
                                             width: 100, height: 100)
            Self.expectArea(coverage, equals: expected, "circle r \(radius), width \(w), \(join) join")
            // The hole is empty and the ring's middle is fully covered.
            let cx = Int(center.x), cy = Int(center.y)
            #expect(coverage[cy * 100 + cx] == 0, "the center is not covered")
            #expect(coverage[cy * 100 + Int(center.x + radius)] == 255, "a point on the circle is covered")
        }
    }

    // MARK: Miter limit

    /// Two segments of length 30 meeting at (50.5, 60) at an angle θ, symmetric about the vertical,
    /// opening downwards, width 10: the miter tip points up. The miter is drawn when
    /// 1/sin(θ/2) ≤ limit and is a bevel otherwise, so just either side of the limit the pixel
    /// halfway between the bevel line and the miter tip is covered or empty, and the area
    /// differs from the bevel's by the miter triangle h²·cos³(θ/2)/sin(θ/2) (h = w/2) or not at all.
    @Test(arguments: [
        // limit, θ in degrees (θ = 2·asin(1/limit) is the switch), whether the miter is drawn
        (2.0, 59.0, false), (2.0, 59.9, false), (2.0, 60.1, true), (2.0, 61.0, true),
        (10.0, 11.0, false), (10.0, 12.0, true), (1.5, 83.0, false), (1.5, 84.5, true),
    ])
    func miterLimitSwitchesToBevelAtTheLimit(limit: Double, degrees: Double, mitered: Bool) throws {
        let (width, height) = (100, 100)
        let w = 10.0, h = w / 2
        let half = degrees * Double.pi / 360
        let vertex = Point(x: 50.5, y: 60)
        let path = Self.path([
            Point(x: vertex.x - 30 * sin(half), y: vertex.y + 30 * cos(half)),
            vertex,
            Point(x: vertex.x + 30 * sin(half), y: vertex.y + 30 * cos(half)),
        ])
        let limited = try Self.coverage(path, style: StrokeStyle(width: w, join: .miter, miterLimit: limit),
                                        width: width, height: height)
        let bevel = try Self.coverage(path, style: StrokeStyle(width: w, join: .bevel), width: width, height: height)

        // The bevel line is h·sin(θ/2) above the vertex, the miter tip h/sin(θ/2).
        let midway = (h * sin(half) + h / sin(half)) / 2
        let row = Int((vertex.y - midway).rounded(.down))
        let tipPixel = limited[row * width + 50]
        #expect(bevel[row * width + 50] == 0, "the bevel does not reach pixel (50, \(row))")
        if mitered {
            #expect(tipPixel == 255, "θ = \(degrees)°, limit \(limit): ratio \(1 / sin(half)) ≤ limit, the miter covers pixel (50, \(row)); got \(tipPixel)")
        } else {
            #expect(tipPixel == 0, "θ = \(degrees)°, limit \(limit): ratio \(1 / sin(half)) > limit, a bevel; pixel (50, \(row)) is \(tipPixel)")
        }

        let triangle = h * h * pow(cos(half), 3) / sin(half)
        let difference = Self.area(limited) - Self.area(bevel)
        let expected = mitered ? triangle : 0
        #expect(abs(difference - expected) <= 0.05 + 0.005 * expected,
                "θ = \(degrees)°, limit \(limit): miter − bevel area \(difference), expected \(expected)")
    }

    // MARK: Closed subpaths and overlaps

    /// A closed triangle gets joins all round and no caps: the same pixels with every cap, and
    /// (miter joins, none limited) the area w × perimeter, since the outer and inner offsets are
    /// similar triangles whose inradii differ by w.
    @Test func closedSubpathsGetNoCaps() throws {
        let triangle = [Point(x: 20.2, y: 20.7), Point(x: 80.4, y: 25.1), Point(x: 40.6, y: 70.3)]
        let path = Self.path(triangle, closed: true)
        let w = 6.0
        let renders = try Self.caps.map { cap in
            try Self.coverage(path, style: StrokeStyle(width: w, cap: cap, join: .miter, miterLimit: 100),
                              width: 100, height: 90)
        }
        #expect(renders[0] == renders[1], "butt and square caps on a closed subpath")
        #expect(renders[0] == renders[2], "butt and round caps on a closed subpath")
        var perimeter = 0.0
        for i in 0..<3 {
            let d = triangle[(i + 1) % 3] - triangle[i]
            perimeter += (d.x * d.x + d.y * d.y).squareRoot()
        }
        Self.expectArea(renders[0], equals: w * perimeter, "closed triangle, miter joins")

        // Round caps on a closed subpath, with round joins, still equal butt caps.
        let roundJoin = try Self.coverage(path, style: StrokeStyle(width: w, cap: .round, join: .round),
                                          width: 100, height: 90)
        let buttRoundJoin = try Self.coverage(path, style: StrokeStyle(width: w, cap: .butt, join: .round),
                                              width: 100, height: 90)
        #expect(roundJoin == buttRoundJoin)
    }

    /// Parts of a stroke that overlap are covered once (the outline is filled non-zero): a line
    /// that turns back on itself covers its band once (plus the round join's half disc), and two
    /// crossing subpaths cover their union.
    ///
    /// The retraced line is pixel-aligned on purpose: its outline has coincident edges, and an
    /// area-accumulating rasterizer adds the two edges' partial coverages in a pixel they share
    /// (0.5 + 0.5 = 1 at a half-pixel edge), which is a property of the rasterizer, not of the
    /// stroke geometry tested here.
    @Test func overlapsAreCoveredOnce() throws {
        let w = 6.0, h = w / 2
        let retrace = Self.path([Point(x: 10, y: 20), Point(x: 60, y: 20), Point(x: 30, y: 20)])
        let bevel = try Self.coverage(retrace, style: StrokeStyle(width: w, join: .bevel), width: 80, height: 40)
        Self.expectArea(bevel, equals: 50 * w, "retraced line, bevel join")
        let miter = try Self.coverage(retrace, style: StrokeStyle(width: w, join: .miter), width: 80, height: 40)
        Self.expectArea(miter, equals: 50 * w, "retraced line, miter join (a 180° turn is never mitered)")
        let round = try Self.coverage(retrace, style: StrokeStyle(width: w, join: .round), width: 80, height: 40)
        Self.expectArea(round, equals: 50 * w + Double.pi * h * h / 2, "retraced line, round join")
        var band = [UInt8](repeating: 0, count: 80 * 40)
        for y in 17..<23 { for x in 10..<60 { band[y * 80 + x] = 255 } }
        let report = H.mismatch(bevel, band, width: 80)
        #expect(report == nil, "retraced line, bevel join: exactly the band [10, 60] × [17, 23]: \(report ?? "")")

        var cross = Path()
        cross.move(to: Point(x: 10.5, y: 30))
        cross.addLine(to: Point(x: 70.5, y: 30))
        cross.move(to: Point(x: 40, y: 0.5))
        cross.addLine(to: Point(x: 40, y: 60.5))
        let crossed = try Self.coverage(cross, style: StrokeStyle(width: w), width: 80, height: 64)
        Self.expectArea(crossed, equals: 60 * w + 60 * w - w * w, "two crossing subpaths")
    }

    // MARK: Zero-length subpaths

    static func zeroLengthPaths(at p: Point) -> [(String, Path)] {
        var line = Path()
        line.move(to: p)
        line.addLine(to: p)
        var twice = Path()
        twice.move(to: p)
        twice.addLine(to: p)
        twice.addLine(to: p)
        var cubic = Path()
        cubic.move(to: p)
        cubic.addCurve(to: p, control1: p, control2: p)
        var quad = Path()
        quad.move(to: p)
        quad.addQuadCurve(to: p, control: p)
        return [("move p, line p", line), ("move p, line p, line p", twice),
                ("move p, cubic p p p", cubic), ("move p, quad p p", quad)]
    }

    /// A subpath that stays at one point is a dot: a disc of diameter w with round caps, a square
    /// of side w with square caps, nothing with butt caps.
    ///
    /// The dot is 20 wide: a polygon inscribed in a circle of radius r with chords 0.01 px from
    /// it (the finest tolerance) lacks about (4/3)·(0.01/r) of the disc's area, 0.13 % at r = 10
    /// (0.27 % at r = 5 would not fit in the 0.2 % allowed).
    @Test(arguments: caps)
    func zeroLengthSubpathIsADot(cap: LineCap) throws {
        let w = 20.0
        let expected: Double
        switch cap {
        case .butt: expected = 0
        case .square: expected = w * w
        case .round: expected = Double.pi * w * w / 4
        }
        for join in Self.joins {
            for (name, path) in Self.zeroLengthPaths(at: Point(x: 30.3, y: 29.6)) {
                let coverage = try Self.coverage(path, style: StrokeStyle(width: w, cap: cap, join: join),
                                                 width: 60, height: 60)
                if expected == 0 {
                    #expect(coverage.allSatisfy { $0 == 0 }, "\(name), butt cap: nothing")
                } else {
                    Self.expectArea(coverage, equals: expected, "\(name), \(cap) cap, \(join) join")
                    #expect(coverage[29 * 60 + 30] == 255, "\(name), \(cap) cap: the dot's center is covered")
                }
            }
        }
    }

    /// A lone move (also one replaced by a second move) draws nothing, whatever the cap.
    @Test(arguments: caps)
    func loneMoveDrawsNothing(cap: LineCap) throws {
        var lone = Path()
        lone.move(to: Point(x: 20, y: 20))
        var moved = Path()
        moved.move(to: Point(x: 10, y: 10))
        moved.move(to: Point(x: 20, y: 20))
        var trailing = Path()
        trailing.move(to: Point(x: 5, y: 30))
        trailing.addLine(to: Point(x: 35, y: 30))
        trailing.move(to: Point(x: 20, y: 10))
        for path in [lone, moved] {
            let coverage = try Self.coverage(path, style: StrokeStyle(width: 10, cap: cap), width: 40, height: 40)
            #expect(coverage.allSatisfy { $0 == 0 }, "\(cap) cap")
        }
        // A move after a line adds nothing to the line.
        var lineOnly = Path()
        lineOnly.move(to: Point(x: 5, y: 30))
        lineOnly.addLine(to: Point(x: 35, y: 30))
        let withMove = try Self.coverage(trailing, style: StrokeStyle(width: 4, cap: cap), width: 40, height: 40)
        let without = try Self.coverage(lineOnly, style: StrokeStyle(width: 4, cap: cap), width: 40, height: 40)
        #expect(withMove == without, "\(cap) cap: a trailing move draws no dot")
    }

    // MARK: Transforms

    /// A path with lines and a cubic, in user space.
    static var transformSample: Path {
        var path = Path()
        path.move(to: Point(x: 5, y: 6.3))
        path.addLine(to: Point(x: 20.2, y: 10))
        path.addCurve(to: Point(x: 35, y: 30), control1: Point(x: 30, y: 0), control2: Point(x: 10, y: 35))
        path.addLine(to: Point(x: 12, y: 38))
        path.addLine(to: Point(x: 40.7, y: 44.1))
        return path
    }

    /// Scaling uniformly by 2 a stroke of width 1 gives the stroke of width 2 of the scaled path.
    @Test(arguments: joins)
    func uniformScaleScalesTheWidth(join: LineJoin) throws {
        let scale = Transform(scaleX: 2, y: 2)
        for cap in Self.caps {
            let transformed = try Self.coverage(Self.transformSample, style: StrokeStyle(width: 1, cap: cap, join: join),
                                                transform: scale, width: 100, height: 100)
            let scaled = try Self.coverage(Self.transformSample.applying(scale), style: StrokeStyle(width: 2, cap: cap, join: join),
                                           width: 100, height: 100)
            let report = H.mismatch(transformed, scaled, width: 100, tolerance: 1)
            #expect(report == nil, "\(join) join, \(cap) cap: \(report ?? "")")
            #expect(Self.area(scaled) > 100, "the stroke draws something")
        }
    }

    /// A rotation keeps the area of a line: L·w, and L·w + π(w/2)² with round caps.
    @Test func rotationKeepsTheArea() throws {
        let line = Self.path([Point(x: -30, y: 0), Point(x: 30, y: 0)])
        let transform = Transform(rotationAngle: 0.5).concatenating(Transform(translationX: 50.3, y: 40.2))
        let butt = try Self.coverage(line, style: StrokeStyle(width: 5), transform: transform, width: 100, height: 80)
        Self.expectArea(butt, equals: 60 * 5, "rotated line, butt caps")
        let round = try Self.coverage(line, style: StrokeStyle(width: 5, cap: .round), transform: transform,
                                      width: 100, height: 80)
        Self.expectArea(round, equals: 60 * 5 + Double.pi * 6.25, "rotated line, round caps")
    }

    /// The stroke is computed in user space and then transformed (an elliptic pen): under a scale
    /// of 3 in x and 1 in y, a vertical line of width 2 becomes a band 6 pixels wide, and a
    /// horizontal one a band 2 pixels high (3 times longer). The bands are pixel-aligned, so every
    /// pixel is exactly 0 or 255.
    @Test func nonUniformScaleGivesAnEllipticPen() throws {
        var path = Path()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 10, y: 50))  // → x ∈ [27, 33], y ∈ [10, 50]
        path.move(to: Point(x: 5, y: 60))
        path.addLine(to: Point(x: 25, y: 60))  // → x ∈ [15, 75], y ∈ [59, 61]
        let (width, height) = (90, 70)
        let coverage = try Self.coverage(path, style: StrokeStyle(width: 2), transform: Transform(scaleX: 3, y: 1),
                                         width: width, height: height)
        var expected = [UInt8](repeating: 0, count: width * height)
        for y in 10..<50 { for x in 27..<33 { expected[y * width + x] = 255 } }
        for y in 59..<61 { for x in 15..<75 { expected[y * width + x] = 255 } }
        let report = H.mismatch(coverage, expected, width: width)
        #expect(report == nil, "\(report ?? "")")

        // A round dot under the same scale is an ellipse of semi-axes 3·w/2 and w/2.
        var dot = Path()
        dot.move(to: Point(x: 15, y: 30))
        dot.addLine(to: Point(x: 15, y: 30))
        let ellipse = try Self.coverage(dot, style: StrokeStyle(width: 10, cap: .round), transform: Transform(scaleX: 3, y: 1),
                                        width: width, height: height)
        Self.expectArea(ellipse, equals: Double.pi * 15 * 5, "round dot under scale (3, 1)")
        #expect(ellipse[30 * width + 45 + 12] == 255 && ellipse[30 * width + 45 + 16] == 0, "15 wide along x")
        #expect(ellipse[(30 + 3) * width + 45] == 255 && ellipse[(30 + 6) * width + 45] == 0, "5 high along y")
    }

    // MARK: Bad input

    /// Negative, NaN, infinite and zero widths draw nothing, and do not spoil what is drawn after.
    @Test(arguments: [-1.0, -0.0, 0.0, .nan, .infinity, -.infinity, -.greatestFiniteMagnitude])
    func invalidWidthDrawsNothing(width: Double) throws {
        for cap in Self.caps {
            for join in Self.joins {
                let coverage = try Self.coverage(Self.transformSample, style: StrokeStyle(width: width, cap: cap, join: join),
                                                 width: 50, height: 50)
                #expect(coverage.allSatisfy { $0 == 0 }, "width \(width), \(cap) cap, \(join) join")
                var dot = Path()
                dot.move(to: Point(x: 20, y: 20))
                dot.addLine(to: Point(x: 20, y: 20))
                let dotCoverage = try Self.coverage(dot, style: StrokeStyle(width: width, cap: cap, join: join),
                                                    width: 50, height: 50)
                #expect(dotCoverage.allSatisfy { $0 == 0 }, "width \(width), zero-length subpath, \(cap) cap")
            }
        }
        let pixmap = try Pixmap(width: 20, height: 20)
        let canvas = Canvas(threadCount: 1)
        canvas.stroke(Self.transformSample, paint: .solid(.white), style: StrokeStyle(width: width))
        canvas.fill(H.polygonPath([H.rectPolygon(x0: 2, y0: 3, x1: 7, y1: 9)]), paint: .solid(.white))
        canvas.render(into: pixmap)
        var expected = [UInt8](repeating: 0, count: 400)
        for y in 3..<9 { for x in 2..<7 { expected[y * 20 + x] = 255 } }
        #expect(H.alpha(of: pixmap) == expected, "a fill after the bad stroke is drawn as usual")
    }

    /// A miter limit that is NaN, below 1 or exactly 1 turns every miter into a bevel; an infinite
    /// one mitres every corner (here a right angle, ratio √2).
    @Test(arguments: [Double.nan, -3, 0, 0.5, 1, 1.4])
    func miterLimitNaNOrBelowSqrt2BevelsARightAngle(limit: Double) throws {
        let corner = Self.path([Point(x: 10.5, y: 40.5), Point(x: 40.5, y: 10.5), Point(x: 70.5, y: 40.5)])
        let w = 8.0
        let limited = try Self.coverage(corner, style: StrokeStyle(width: w, join: .miter, miterLimit: limit),
                                        width: 80, height: 50)
        let bevel = try Self.coverage(corner, style: StrokeStyle(width: w, join: .bevel), width: 80, height: 50)
        let report = H.mismatch(limited, bevel, width: 80, tolerance: 1)
        #expect(report == nil, "miter limit \(limit) acts as a bevel: \(report ?? "")")
        for big in [Double.infinity, 1.5, 10] {
            let mitered = try Self.coverage(corner, style: StrokeStyle(width: w, join: .miter, miterLimit: big),
                                            width: 80, height: 50)
            // The miter adds a right triangle of legs w/2 to the bevel.
            let difference = Self.area(mitered) - Self.area(bevel)
            #expect(abs(difference - w * w / 8) <= 0.05, "miter limit \(big): miter − bevel area \(difference), expected \(w * w / 8)")
        }
    }

    /// A non-finite coordinate anywhere in the path, or in the transform, draws nothing.
    @Test func nonFiniteCoordinatesDrawNothing() throws {
        var paths: [Path] = []
        for bad in [Double.nan, .infinity, -.infinity] {
            paths.append(Self.path([Point(x: 5, y: 5), Point(x: bad, y: 20), Point(x: 30, y: 30)]))
            paths.append(Self.path([Point(x: 5, y: 5), Point(x: 20, y: 20), Point(x: 30, y: bad)], closed: true))
            var curve = Path()
            curve.move(to: Point(x: 5, y: 5))
            curve.addCurve(to: Point(x: 30, y: 30), control1: Point(x: bad, y: 3), control2: Point(x: 15, y: 2))
            paths.append(curve)
            var second = Self.path([Point(x: 5, y: 5), Point(x: 30, y: 8)])
            second.move(to: Point(x: 10, y: 20))
            second.addQuadCurve(to: Point(x: 30, y: 30), control: Point(x: 20, y: bad))
            paths.append(second)
            var dot = Path()
            dot.move(to: Point(x: bad, y: 10))
            dot.addLine(to: Point(x: bad, y: 10))
            paths.append(dot)
        }
        for (index, path) in paths.enumerated() {
            for cap in Self.caps {
                let coverage = try Self.coverage(path, style: StrokeStyle(width: 3, cap: cap, join: .round),
                                                 width: 40, height: 40)
                #expect(coverage.allSatisfy { $0 == 0 }, "path \(index), \(cap) cap")
            }
        }
        let transforms = [
            Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            Transform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
            Transform(a: 3, b: 0, c: 0, d: 1, tx: 0, ty: .nan),  // non-uniform: stroked in user space
        ]
        for transform in transforms {
            let coverage = try Self.coverage(Self.transformSample, style: StrokeStyle(width: 3), transform: transform,
                                             width: 40, height: 40)
            #expect(coverage.allSatisfy { $0 == 0 }, "transform \(transform)")
        }
    }

    // MARK: Determinism

    /// 150 random strokes: lines, quadratics and cubics, open and closed, every cap and join,
    /// random miter limits, some dashed, some trimmed, under transforms with rotation, skew and
    /// non-uniform scale, some crossing the target's edges.
    static func drawBusyStrokes(on canvas: Canvas, width: Int, height: Int) {
        var rng = H.SplitMix64(seed: 0x57_20_CE)
        canvas.clear(Color(red: 0.97, green: 0.96, blue: 0.93))
        let caps = Self.caps, joins = Self.joins
        for _ in 0..<150 {
            var path = Path()
            let center = Point(x: rng.double(in: -10...Double(width + 10)), y: rng.double(in: -10...Double(height + 10)))
            func near() -> Point {
                Point(x: center.x + rng.double(in: -40...40), y: center.y + rng.double(in: -40...40))
            }
            path.move(to: near())
            for _ in 0..<rng.int(in: 1...7) {
                switch rng.int(in: 0...4) {
                case 0: path.addQuadCurve(to: near(), control: near())
                case 1: path.addCurve(to: near(), control1: near(), control2: near())
                default: path.addLine(to: near())
                }
            }
            if rng.chance(0.3) { path.closeSubpath() }
            let style = StrokeStyle(width: rng.double(in: 0.3...14), cap: caps[rng.int(in: 0...2)],
                                    join: joins[rng.int(in: 0...2)], miterLimit: rng.double(in: 1...12))
            let dash = rng.chance(0.3)
                ? DashPattern(lengths: (0..<rng.int(in: 1...4)).map { _ in rng.double(in: 0...12) }, phase: rng.double(in: -20...20))
                : nil
            let trimmed = rng.chance(0.25)
            let trimStart = trimmed ? rng.double(in: 0...0.5) : 0
            let trimEnd = trimmed ? rng.double(in: 0.4...1) : 1
            let color = Color(red: rng.double(in: 0...1), green: rng.double(in: 0...1),
                              blue: rng.double(in: 0...1), alpha: rng.double(in: 0.2...0.9))
            let pivot = Point(x: rng.double(in: 0...Double(width)), y: rng.double(in: 0...Double(height)))
            let transform = Transform(translationX: -pivot.x, y: -pivot.y)
                .concatenating(Transform(rotationAngle: rng.double(in: -3.2...3.2)))
                .concatenating(Transform(a: rng.double(in: 0.5...1.8), b: rng.double(in: -0.3...0.3),
                                         c: rng.double(in: -0.3...0.3), d: rng.double(in: 0.5...1.8), tx: 0, ty: 0))
                .concatenating(Transform(translationX: pivot.x, y: pivot.y))
            canvas.stroke(path, paint: .solid(color), style: style, dash: dash,
                          trimStart: trimStart, trimEnd: trimEnd,
                          transform: rng.chance(0.5) ? transform : .identity)
        }
    }

    static func renderBusyStrokes(width: Int, height: Int, threadCount: Int) throws -> [UInt8] {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: threadCount)
        drawBusyStrokes(on: canvas, width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap.bytes
    }

    /// The busy stroke scene gives the same bytes at 1, 2 and 8 threads, and on a warm canvas.
    @Test func busyStrokesAreIdenticalAtAnyThreadCount() throws {
        let (width, height) = (240, 160)
        let single = try Self.renderBusyStrokes(width: width, height: height, threadCount: 1)
        var distinct = Set<UInt32>()
        for i in stride(from: 0, to: single.count, by: 4) {
            distinct.insert(UInt32(single[i]) | UInt32(single[i + 1]) << 8 | UInt32(single[i + 2]) << 16 | UInt32(single[i + 3]) << 24)
        }
        #expect(distinct.count > 500, "the scene draws many different colors (\(distinct.count))")
        for threads in [2, 8] {
            let multi = try Self.renderBusyStrokes(width: width, height: height, threadCount: threads)
            let differing = zip(single, multi).filter { $0 != $1 }.count
            #expect(single == multi, "\(threads) threads: \(differing) of \(single.count) bytes differ")
        }
        let canvas = Canvas(threadCount: 8)
        let pixmap = try Pixmap(width: width, height: height)
        for _ in 0..<2 {
            Self.drawBusyStrokes(on: canvas, width: width, height: height)
            canvas.render(into: pixmap)
        }
        #expect(pixmap.bytes == single, "a warm canvas repeats itself")
    }
}
