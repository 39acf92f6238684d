/// Dashing of flattened subpaths (`DashTrim` with a pattern): on/off lengths, phase, odd
/// patterns, dashes through corners, zero-length dashes, closed subpaths, the dash budget.
import Testing
@testable import TesseraRaster

/// Helpers shared by the dash and trim tests.
enum DashTrimSupport {
    /// One subpath of `Polylines`, in plain form.
    struct Piece: Equatable, CustomStringConvertible {
        var points: [Point]
        var closed: Bool
        var description: String {
            points.map { "(\($0.x), \($0.y))" }.joined(separator: " ") + (closed ? " closed" : "")
        }
    }

    static func polylines(_ pieces: [Piece]) -> Polylines {
        var lines = Polylines()
        for piece in pieces {
            lines.begin(piece.points[0])
            for p in piece.points.dropFirst() { lines.add(p) }
            if piece.closed { lines.close() }
        }
        return lines
    }

    static func open(_ points: Point...) -> Piece { Piece(points: points, closed: false) }
    static func closed(_ points: Point...) -> Piece { Piece(points: points, closed: true) }
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    static func pieces(_ lines: Polylines) -> [Piece] {
        lines.subpaths.map { Piece(points: Array(lines.points(of: $0)), closed: $0.closed) }
    }

    static func run(_ input: Polylines, dash: DashPattern?, start: Double = 0, end: Double = 1) -> [Piece] {
        var output = Polylines()
        DashTrim.apply(dash: dash, trimStart: start, trimEnd: end, to: input, into: &output)
        checkInvariants(output)
        return pieces(output)
    }

    /// The invariants `Polylines` promises the stroker.
    static func checkInvariants(_ lines: Polylines) {
        var next = 0
        for s in lines.subpaths {
            #expect(s.start == next)
            #expect(s.count >= 1)
            if s.count == 1 { #expect(!s.closed) }
            let pts = Array(lines.points(of: s))
            for k in 1..<max(pts.count, 1) { #expect(pts[k] != pts[k - 1]) }
            if s.closed { #expect(pts.first != pts.last) }
            next += s.count
        }
        #expect(next == lines.points.count)
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// Length of a piece, its closing segment included when closed.
    static func length(_ piece: Piece) -> Double {
        var total = 0.0
        for k in piece.points.indices.dropFirst() { total += distance(piece.points[k - 1], piece.points[k]) }
        if piece.closed, let first = piece.points.first, let last = piece.points.last { total += distance(last, first) }
        return total
    }

    /// For pieces lying on the x axis and running in +x: their [start, end] x ranges, in order.
    static func xRanges(_ pieces: [Piece]) -> [(Double, Double)] {
        pieces.map { ($0.points.first!.x, $0.points.last!.x) }
    }

    /// The dashes a pattern (already of even count) makes on an open straight line of length
    /// `length`, computed from absolute positions: "on" interval i of repetition k covers
    /// [k·P + cᵢ − phase, k·P + cᵢ − phase + lᵢ], where cᵢ is the sum of the lengths before it.
    /// A positive dash is kept when it overlaps (0, length); a zero-length one when it lies in
    /// [0, length].
    static func referenceDashes(_ lengths: [Double], phase: Double, length: Double) -> [(Double, Double)] {
        let period = lengths.reduce(0, +)
        var offsets: [Double] = []
        var sum = 0.0
        for l in lengths { offsets.append(sum); sum += l }
        var result: [(Double, Double)] = []
        let first = Int((phase / period).rounded(.down)) - 2
        let last = Int(((length + phase) / period).rounded(.down)) + 2
        for k in first...last {
            for i in stride(from: 0, to: lengths.count, by: 2) {
                let s = Double(k) * period + offsets[i] - phase
                let e = s + lengths[i]
                if lengths[i] > 0 {
                    if e > 0 && s < length { result.append((max(s, 0), min(e, length))) }
                } else if s >= 0 && s <= length {
                    result.append((s, s))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    static func expectRanges(_ actual: [(Double, Double)], _ expected: [(Double, Double)],
                             tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.0 - e.0) <= tolerance && abs(a.1 - e.1) <= tolerance,
                    "\(a) vs \(e)", sourceLocation: sourceLocation)
        }
    }

    static func expectClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(distance(a, b) <= tolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
    }
}

@Suite struct DashTests {
    typealias S = DashTrimSupport

    static let line100 = S.polylines([S.open(S.p(0, 0), S.p(100, 0))])

    @Test func onAndOffLengthsAlongALine() {
        let out = S.run(Self.line100, dash: DashPattern(lengths: [10, 5]))
        // Every dash is an open two-point piece on the axis.
        for piece in out {
            #expect(!piece.closed)
            #expect(piece.points.count == 2)
            #expect(piece.points.allSatisfy { $0.y == 0 })
        }
        let ranges = S.xRanges(out)
        S.expectRanges(ranges, [(0, 10), (15, 25), (30, 40), (45, 55), (60, 70), (75, 85), (90, 100)])
        // Measured: every dash but the clipped last is 10 long, every gap 5.
        for (k, r) in ranges.enumerated() {
            if k < ranges.count - 1 {
                #expect(abs((r.1 - r.0) - 10) < 1e-9)
                #expect(abs((ranges[k + 1].0 - r.1) - 5) < 1e-9)
            }
        }
    }

    @Test(arguments: [
        ([10.0, 5.0], 0.0), ([3.0, 7.0, 1.0, 2.0], 0.0), ([10.0, 5.0], 4.0), ([2.5, 2.5], 1.25),
        ([0.0, 4.0], 0.0), ([0.0, 4.0, 3.0, 1.0], 2.0), ([7.0, 0.0], 3.0), ([33.0, 1.0], 0.5),
    ])
    func dashesMatchTheirAbsolutePositions(lengths: [Double], phase: Double) {
        let out = S.run(Self.line100, dash: DashPattern(lengths: lengths, phase: phase))
        S.expectRanges(S.xRanges(out), S.referenceDashes(lengths, phase: phase, length: 100))
    }

    @Test func oddPatternIsRepeatedOnce() {
        // [10, 5, 3] is 10 on, 5 off, 3 on, 10 off, 5 on, 3 off: a period of 36.
        let line = S.polylines([S.open(S.p(0, 0), S.p(72, 0))])
        let out = S.run(line, dash: DashPattern(lengths: [10, 5, 3]))
        S.expectRanges(S.xRanges(out), [(0, 10), (15, 18), (28, 33), (36, 46), (51, 54), (64, 69)])
        // A single length is on and off alike.
        let single = S.run(S.polylines([S.open(S.p(0, 0), S.p(20, 0))]), dash: DashPattern(lengths: [4]))
        S.expectRanges(S.xRanges(single), [(0, 4), (8, 12), (16, 20)])
    }

    @Test func negativePhaseWrapsAroundThePattern() {
        // Phase −3 of [10, 5] is phase 12: 3 units of gap, then dashes.
        let out = S.run(Self.line100, dash: DashPattern(lengths: [10, 5], phase: -3))
        S.expectRanges(S.xRanges(out), [(3, 13), (18, 28), (33, 43), (48, 58), (63, 73), (78, 88), (93, 100)])
        // −33 is the same phase.
        let same = S.run(Self.line100, dash: DashPattern(lengths: [10, 5], phase: -33))
        S.expectRanges(S.xRanges(same), S.xRanges(out))
    }

    @Test func phaseLargerThanThePattern() {
        // Phase 32 of [10, 5] is phase 2: the first dash is 8 long.
        let out = S.run(Self.line100, dash: DashPattern(lengths: [10, 5], phase: 32))
        S.expectRanges(S.xRanges(out), [(0, 8), (13, 23), (28, 38), (43, 53), (58, 68), (73, 83), (88, 98)])
    }

    @Test func phaseAtTheEndOfADashStartsOnTheGap() {
        // Phase 10 of [10, 10]: no zero-length dash at the start, the gap comes first.
        let out = S.run(Self.line100, dash: DashPattern(lengths: [10, 10], phase: 10))
        S.expectRanges(S.xRanges(out), [(10, 20), (30, 40), (50, 60), (70, 80), (90, 100)])
    }

    @Test func dashesRunThroughCorners() {
        // An L of 10 + 10; the first dash, 14 long, turns the corner.
        let input = S.polylines([S.open(S.p(0, 0), S.p(10, 0), S.p(10, 10))])
        let out = S.run(input, dash: DashPattern(lengths: [14, 2]))
        #expect(out.count == 2)
        #expect(out[0] == S.open(S.p(0, 0), S.p(10, 0), S.p(10, 4)))
        #expect(out[1] == S.open(S.p(10, 6), S.p(10, 10)))
        let onLength = out.map(S.length).reduce(0, +)
        #expect(abs(onLength - 18) < 1e-12)
    }

    @Test func totalOnLengthAlongAZigzag() {
        // A zigzag of 3-4-5 triangles' hypotenuses: 40 segments of length 5, 200 in all.
        var points: [Point] = []
        for k in 0...40 { points.append(S.p(Double(k) * 3, k % 2 == 0 ? 0 : 4)) }
        let input = S.polylines([S.Piece(points: points, closed: false)])
        let lengths = [7.0, 2.0, 1.5, 3.0], phase = 4.0
        let out = S.run(input, dash: DashPattern(lengths: lengths, phase: phase))
        let expected = S.referenceDashes(lengths, phase: phase, length: 200)
        #expect(out.count == expected.count)
        let expectedOn = expected.map { $0.1 - $0.0 }.reduce(0, +)
        #expect(abs(out.map(S.length).reduce(0, +) - expectedOn) < 1e-9)
        // Each dash holds exactly the vertices inside it, at multiples of 5.
        for (piece, range) in zip(out, expected) {
            let inner = piece.points.dropFirst().dropLast()
            let vertexCount = (1...39).filter { Double($0) * 5 > range.0 && Double($0) * 5 < range.1 }.count
            #expect(inner.count == vertexCount)
            #expect(inner.allSatisfy { points.contains($0) })
            #expect(abs(S.length(piece) - (range.1 - range.0)) < 1e-9)
        }
    }

    @Test func zeroLengthDashesAreSinglePoints() {
        // The dotted line [0, 5]: dots at 0, 5, …, and one at the very end of an open line.
        let line = S.polylines([S.open(S.p(0, 0), S.p(20, 0))])
        let out = S.run(line, dash: DashPattern(lengths: [0, 5]))
        #expect(out == [0.0, 5, 10, 15, 20].map { S.open(S.p($0, 0)) })
        // Along a diagonal, with a phase: a dot 1 unit in (3-4-5), then every 5.
        let diagonal = S.polylines([S.open(S.p(0, 0), S.p(12, 16))])
        let dots = S.run(diagonal, dash: DashPattern(lengths: [0, 5], phase: 4))
        #expect(dots.count == 4)
        for (k, piece) in dots.enumerated() {
            #expect(piece.points.count == 1)
            let d = 1 + 5 * Double(k)
            S.expectClose(piece.points[0], S.p(0.6 * d, 0.8 * d))
        }
    }

    @Test func zeroLengthDashesOnAClosedSubpath() {
        // A 10 × 10 square: dots at its corners, none doubled at the start.
        let square = S.polylines([S.closed(S.p(0, 0), S.p(10, 0), S.p(10, 10), S.p(0, 10))])
        let out = S.run(square, dash: DashPattern(lengths: [0, 10]))
        #expect(out == [S.open(S.p(0, 0)), S.open(S.p(10, 0)), S.open(S.p(10, 10)), S.open(S.p(0, 10))])
    }

    @Test func patternRestartsAtEverySubpath() {
        let input = S.polylines([S.open(S.p(0, 0), S.p(12, 0)), S.open(S.p(0, 5), S.p(12, 5))])
        let out = S.run(input, dash: DashPattern(lengths: [5, 5], phase: 2))
        #expect(out == [S.open(S.p(0, 0), S.p(3, 0)), S.open(S.p(8, 0), S.p(12, 0)),
                        S.open(S.p(0, 5), S.p(3, 5)), S.open(S.p(8, 5), S.p(12, 5))])
    }

    static let square = S.polylines([S.closed(S.p(0, 0), S.p(10, 0), S.p(10, 10), S.p(0, 10))])

    @Test func closedSubpathJoinsItsLastDashToItsFirst() {
        // Perimeter 40, [15, 10]: on 0–15, off 15–25, on 25–40. The dash at 25 runs to the end
        // and on through the start point into the first dash: one dash, 25 → 40 → 15.
        let out = S.run(Self.square, dash: DashPattern(lengths: [15, 10]))
        #expect(out == [S.open(S.p(5, 10), S.p(0, 10), S.p(0, 0), S.p(10, 0), S.p(10, 5))])
        #expect(abs(S.length(out[0]) - 30) < 1e-12)
    }

    @Test func closedSubpathDashesThatDoNotMeetStaySeparate() {
        // Phase 5 of [15, 10]: on 0–10, off 10–20, on 20–35, off 35–40.
        let out = S.run(Self.square, dash: DashPattern(lengths: [15, 10], phase: 5))
        #expect(Set(out.map(\.description)) == Set([
            S.open(S.p(0, 0), S.p(10, 0)), S.open(S.p(10, 10), S.p(0, 10), S.p(0, 5)),
        ].map(\.description)))
        // Off at the start: [10, 10] with phase 15 is on 5–15 and 25–35.
        let off = S.run(Self.square, dash: DashPattern(lengths: [10, 10], phase: 15))
        #expect(off == [S.open(S.p(5, 0), S.p(10, 0), S.p(10, 5)), S.open(S.p(5, 10), S.p(0, 10), S.p(0, 5))])
    }

    @Test func closedSubpathCoveredByOneDashStaysClosed() {
        for lengths in [[50.0, 10], [40.0, 1]] {
            let out = S.run(Self.square, dash: DashPattern(lengths: lengths))
            #expect(out == S.pieces(Self.square))
        }
    }

    @Test func zeroLengthSubpathIsDrawnWhenThePatternIsOnAtItsStart() {
        let dot = S.polylines([S.open(S.p(3, 4))])
        #expect(S.run(dot, dash: DashPattern(lengths: [5, 5])) == [S.open(S.p(3, 4))])
        #expect(S.run(dot, dash: DashPattern(lengths: [0, 5])) == [S.open(S.p(3, 4))])
        #expect(S.run(dot, dash: DashPattern(lengths: [5, 5], phase: 6)).isEmpty)
    }

    @Test func tooManyDashesDrawSolidQuickly() {
        // 10⁶ pixels of [0.0001, 0.0001] would be 5·10⁹ dashes.
        let line = S.polylines([S.open(S.p(0, 0), S.p(1_000_000, 0))])
        let clock = ContinuousClock()
        var out: [DashTrimSupport.Piece] = []
        let elapsed = clock.measure {
            out = S.run(line, dash: DashPattern(lengths: [0.0001, 0.0001]))
        }
        #expect(out == S.pieces(line))
        #expect(elapsed < .seconds(1))
    }

    @Test func dashCountCapIsWhereTheEstimateCrossesIt() {
        // [0.5, 0.5] over a line of n: n dashes.
        let cap = DashTrim.maximumDashCount
        let atCap = S.polylines([S.open(S.p(0, 0), S.p(Double(cap), 0))])
        var output = Polylines()
        DashTrim.apply(dash: DashPattern(lengths: [0.5, 0.5]), trimStart: 0, trimEnd: 1, to: atCap, into: &output)
        #expect(output.subpaths.count == cap)
        let over = S.polylines([S.open(S.p(0, 0), S.p(Double(cap) + 2, 0))])
        output.removeAll()
        DashTrim.apply(dash: DashPattern(lengths: [0.5, 0.5]), trimStart: 0, trimEnd: 1, to: over, into: &output)
        #expect(S.pieces(output) == S.pieces(over))
        // The estimate counts what the trim keeps: half of the longer line dashes again.
        output.removeAll()
        DashTrim.apply(dash: DashPattern(lengths: [0.5, 0.5]), trimStart: 0.5, trimEnd: 1, to: over, into: &output)
        #expect(output.subpaths.count == (cap + 2) / 2)
    }

    @Test func nonFiniteHugeAndTinyInputNeverTraps() {
        // The flattener refuses non-finite points, but nothing here may trap or hang on them, nor on
        // lengths that overflow to ∞ or underflow to 0.
        let inputs = [
            S.polylines([S.open(S.p(0, 0), S.p(.nan, 5), S.p(10, 10))]),
            S.polylines([S.open(S.p(0, 0), S.p(.infinity, 0)), S.open(S.p(0, 0), S.p(5, 0))]),
            S.polylines([S.closed(S.p(-1e308, 0), S.p(1e308, 0), S.p(1e308, 1e308))]),
            S.polylines([S.open(S.p(0, 0), S.p(1e-320, 0), S.p(2e-320, 1e-320)), S.open(S.p(0, 0), S.p(1, 0))]),
        ]
        let dashes: [DashPattern?] = [nil, DashPattern(lengths: [3, 2]), DashPattern(lengths: [0, 1e-300]),
                                      DashPattern(lengths: [1e308, 1e308], phase: 1e300),
                                      DashPattern(lengths: [1e-300, 1])]
        for input in inputs {
            for dash in dashes {
                for (start, end) in [(0.0, 1.0), (0.2, 0.7), (1e-300, 1.0)] {
                    var output = Polylines()
                    DashTrim.apply(dash: dash, trimStart: start, trimEnd: end, to: input, into: &output)
                    #expect(output.points.count <= 4 * DashTrim.maximumDashCount)
                }
            }
        }
    }

    @Test func walkStalledByRoundingFallsBackToSolid() {
        // At 10¹⁷ a double steps by 16, so adding a dash of 1 does not move: the estimate (the last
        // 10⁵ units, 5·10⁴ dashes) passes, the walk stalls, and the trimmed line comes out solid.
        let line = S.polylines([S.open(S.p(0, 0), S.p(1e17, 0))])
        let out = S.run(line, dash: DashPattern(lengths: [1, 1]), start: 1 - 1e-12, end: 1)
        #expect(out.count == 1)
        #expect(out.first?.points.count == 2)
        #expect(out.first?.points.last == S.p(1e17, 0))
        #expect(abs((out.first?.points.first?.x ?? 0) - (1 - 1e-12) * 1e17) <= 64)
    }

    @Test func solidPatternsPassThrough() {
        let input = S.polylines([S.open(S.p(0, 0), S.p(5, 5), S.p(9, 1)), S.open(S.p(2, 2)),
                                 S.closed(S.p(0, 0), S.p(10, 0), S.p(10, 10))])
        let solids: [DashPattern?] = [nil, DashPattern(lengths: []), DashPattern(lengths: [0, 0]),
                                      DashPattern(lengths: [5, -1]), DashPattern(lengths: [.nan, 2])]
        for dash in solids {
            #expect(S.run(input, dash: dash) == S.pieces(input))
        }
    }

    @Test func appendsToExistingOutput() {
        var output = S.polylines([S.open(S.p(-5, -5), S.p(-1, -1))])
        DashTrim.apply(dash: DashPattern(lengths: [10, 5]), trimStart: 0, trimEnd: 1, to: Self.line100, into: &output)
        S.checkInvariants(output)
        let pieces = S.pieces(output)
        #expect(pieces.first == S.open(S.p(-5, -5), S.p(-1, -1)))
        #expect(pieces.count == 8)
    }

    @Test func smoothFlagsFollowTheirVertices() {
        // Vertices 1 and 2 smooth; a dash through both keeps them, ends are never smooth.
        let input = S.polylines([S.open(S.p(0, 0), S.p(10, 0), S.p(20, 0), S.p(30, 0))])
        let smooth = [false, true, true, false]
        var output = Polylines(), flags: [Bool] = []
        DashTrim.apply(dash: DashPattern(lengths: [25, 2]), trimStart: 0, trimEnd: 1, to: input, smooth: smooth,
                       into: &output, smooth: &flags, using: Polylines.WriteBuffer())
        #expect(flags.count == output.points.count)
        #expect(S.pieces(output) == [S.open(S.p(0, 0), S.p(10, 0), S.p(20, 0), S.p(25, 0)),
                                     S.open(S.p(27, 0), S.p(30, 0))])
        #expect(flags == [false, true, true, false, false, false])
        // Without a pattern or trim, the flags are copied.
        output.removeAll(); flags.removeAll()
        DashTrim.apply(dash: nil, trimStart: 0, trimEnd: 1, to: input, smooth: smooth, into: &output, smooth: &flags,
                       using: Polylines.WriteBuffer())
        #expect(flags == smooth)
    }
}
