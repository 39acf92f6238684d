/// Trimming of flattened subpaths (`DashTrim` with `trimStart`/`trimEnd`), alone and with a dash
/// pattern, as `CAShapeLayer.strokeStart`/`strokeEnd`.
import Testing
@testable import TesseraRaster

@Suite struct TrimTests {
    typealias S = DashTrimSupport

    /// An open L of 30 + 40, a closed 10 × 10 square (40), an open line of 50: 160 in all.
    static let mixed = S.polylines([
        S.open(S.p(0, 0), S.p(30, 0), S.p(30, 40)),
        S.closed(S.p(100, 0), S.p(110, 0), S.p(110, 10), S.p(100, 10)),
        S.open(S.p(0, 100), S.p(50, 100)),
    ])
    static let total = 160.0

    /// The point at global distance d along `mixed`.
    static func point(at d: Double) -> Point {
        if d <= 30 { return S.p(d, 0) }
        if d <= 70 { return S.p(30, d - 30) }
        if d <= 110 {
            let s = d - 70
            if s <= 10 { return S.p(100 + s, 0) }
            if s <= 20 { return S.p(110, s - 10) }
            if s <= 30 { return S.p(110 - (s - 20), 10) }
            return S.p(100, 10 - (s - 30))
        }
        return S.p(d - 110, 100)
    }

    @Test(arguments: [(0.0, 1.0), (0.1, 0.9), (0.25, 0.5), (0.0, 0.3), (0.5, 1.0), (0.44, 0.69), (0.7, 0.71),
                      (0.123, 0.987)])
    func drawnLengthIsTheTrimmedFraction(start: Double, end: Double) {
        let out = S.run(Self.mixed, dash: nil, start: start, end: end)
        let drawn = out.map(S.length).reduce(0, +)
        #expect(abs(drawn - (end - start) * Self.total) < 1e-9)
        // The kept part begins and ends where the fractions fall.
        S.expectClose(out.first!.points.first!, Self.point(at: start * Self.total))
        let last = out.last!
        S.expectClose(last.closed ? last.points.first! : last.points.last!, Self.point(at: end * Self.total))
    }

    @Test func emptyWhenStartIsNotBeforeEnd() {
        for (start, end) in [(0.5, 0.5), (0.6, 0.4), (1.0, 1.0), (0.0, 0.0), (1.0, 0.0), (2.0, 3.0), (-2.0, -1.0)] {
            #expect(S.run(Self.mixed, dash: nil, start: start, end: end).isEmpty)
            #expect(S.run(Self.mixed, dash: DashPattern(lengths: [3, 2]), start: start, end: end).isEmpty)
        }
    }

    @Test func fractionsAreClampedAndNaNReadsAsTheEnds() {
        let whole = S.pieces(Self.mixed)
        #expect(S.run(Self.mixed, dash: nil, start: -1, end: 2) == whole)
        #expect(S.run(Self.mixed, dash: nil, start: .nan, end: .nan) == whole)
        #expect(S.run(Self.mixed, dash: nil, start: -.infinity, end: .infinity) == whole)
        #expect(S.run(Self.mixed, dash: nil, start: .nan, end: 0.5) == S.run(Self.mixed, dash: nil, start: 0, end: 0.5))
        #expect(S.run(Self.mixed, dash: nil, start: 0.5, end: .nan) == S.run(Self.mixed, dash: nil, start: 0.5, end: 1))
        #expect(S.run(Self.mixed, dash: nil, start: -0.5, end: 0.25) == S.run(Self.mixed, dash: nil, start: 0, end: 0.25))
    }

    @Test func closedSubpathInsideTheRangeStaysClosed() {
        // 0.3 of 160 is 48, inside the L; the square (70–110) and the line are kept whole.
        let out = S.run(Self.mixed, dash: nil, start: 0.3, end: 1)
        #expect(out == [S.open(S.p(30, 18), S.p(30, 40)),
                        S.closed(S.p(100, 0), S.p(110, 0), S.p(110, 10), S.p(100, 10)),
                        S.open(S.p(0, 100), S.p(50, 100))])
        // Exactly the square's range: the square alone, closed (no zero-length leftovers).
        let exact = S.run(Self.mixed, dash: nil, start: 70 / 160, end: 110 / 160)
        #expect(exact == [S.closed(S.p(100, 0), S.p(110, 0), S.p(110, 10), S.p(100, 10))])
    }

    @Test func cutClosedSubpathBecomesOpen() {
        // End at 80: 10 into the square, along its first side.
        let out = S.run(Self.mixed, dash: nil, start: 0, end: 0.5)
        #expect(out == [S.open(S.p(0, 0), S.p(30, 0), S.p(30, 40)), S.open(S.p(100, 0), S.p(110, 0))])
        // Start at 95: 25 into the square, to its end (its start point).
        let tail = S.run(Self.mixed, dash: nil, start: 95 / 160, end: 110 / 160)
        #expect(tail == [S.open(S.p(105, 10), S.p(100, 10), S.p(100, 0))])
    }

    @Test func dotsAreKeptWhereTheyLie() {
        // A line of 10, a dot, a line of 10: the dot lies at 10 of 20.
        let input = S.polylines([S.open(S.p(0, 0), S.p(10, 0)), S.open(S.p(5, 5)), S.open(S.p(0, 9), S.p(10, 9))])
        #expect(S.run(input, dash: nil, start: 0.25, end: 0.75) ==
                [S.open(S.p(5, 0), S.p(10, 0)), S.open(S.p(5, 5)), S.open(S.p(0, 9), S.p(5, 9))])
        #expect(S.run(input, dash: nil, start: 0.6, end: 1) == [S.open(S.p(2, 9), S.p(10, 9))])
        #expect(S.run(input, dash: nil, start: 0, end: 0.4) == [S.open(S.p(0, 0), S.p(8, 0))])
    }

    @Test func dashPhaseStaysAnchoredAtTheUntrimmedStart() {
        // [10, 10] on a line of 100 trimmed to [0.05, 1]: the first visible dash is 5–10.
        let line = S.polylines([S.open(S.p(0, 0), S.p(100, 0))])
        let out = S.run(line, dash: DashPattern(lengths: [10, 10]), start: 0.05, end: 1)
        S.expectRanges(S.xRanges(out), [(5, 10), (20, 30), (40, 50), (60, 70), (80, 90)])
        // And at the end: trimmed to [0, 0.85], the last dash is 80–85.
        let end = S.run(line, dash: DashPattern(lengths: [10, 10]), start: 0, end: 0.85)
        S.expectRanges(S.xRanges(end), [(0, 10), (20, 30), (40, 50), (60, 70), (80, 85)])
        // A trim that falls in a gap shortens nothing.
        let gap = S.run(line, dash: DashPattern(lengths: [10, 10]), start: 0.15, end: 0.75)
        S.expectRanges(S.xRanges(gap), [(20, 30), (40, 50), (60, 70)])
    }

    @Test(arguments: [(0.05, 1.0), (0.0, 0.5), (0.33, 0.77), (0.52, 0.53), (0.9, 1.0)])
    func dashThenTrimEqualsTheDashesIntersectedWithTheRange(start: Double, end: Double) {
        // Two lines of 100 on the x axis, each dashed from its own start; the trim cuts globally.
        let input = S.polylines([S.open(S.p(0, 0), S.p(100, 0)), S.open(S.p(0, 10), S.p(100, 10))])
        let lengths = [7.0, 3.0, 2.0, 5.0], phase = 6.0
        let out = S.run(input, dash: DashPattern(lengths: lengths, phase: phase), start: start, end: end)
        var expected: [(Double, Double)] = []
        for (index, y) in [0.0, 10.0].enumerated() {
            let low = start * 200 - Double(index) * 100, high = end * 200 - Double(index) * 100
            for (s, e) in S.referenceDashes(lengths, phase: phase, length: 100) {
                let from = max(s, low), to = min(e, high)
                if to > from { expected.append((from + y * 1000, to + y * 1000)) }
            }
        }
        // Key each piece by its line (y · 1000 + x) to compare both lines at once.
        let actual = out.map { ($0.points.first!.x + $0.points.first!.y * 1000, $0.points.last!.x + $0.points.last!.y * 1000) }
        S.expectRanges(actual, expected)
    }

    @Test func dashAndTrimOnAClosedSubpath() {
        // The square of perimeter 40 with [15, 10] is one dash 25 → 40 → 15 (see DashTests).
        // Trimmed to [0.125, 1] (from 5), the dash is cut at the start point's side: 25–40 and 5–15.
        let square = S.polylines([S.closed(S.p(0, 0), S.p(10, 0), S.p(10, 10), S.p(0, 10))])
        let out = S.run(square, dash: DashPattern(lengths: [15, 10]), start: 0.125, end: 1)
        #expect(Set(out.map(\.description)) == Set([
            S.open(S.p(5, 10), S.p(0, 10), S.p(0, 0)), S.open(S.p(5, 0), S.p(10, 0), S.p(10, 5)),
        ].map(\.description)))
        // Trimmed to [0, 0.75] (to 30): 0–15 and 25–30.
        let head = S.run(square, dash: DashPattern(lengths: [15, 10]), start: 0, end: 0.75)
        #expect(Set(head.map(\.description)) == Set([
            S.open(S.p(0, 0), S.p(10, 0), S.p(10, 5)), S.open(S.p(5, 10), S.p(0, 10)),
        ].map(\.description)))
    }

    @Test func trimOfAHugeDashedPathDoesOnlyTheVisibleWork() {
        // 10⁶ long, [0.5, 0.5], trimmed to its last 0.01 %: 100 dashes, not 10⁶ walked.
        let line = S.polylines([S.open(S.p(0, 0), S.p(1_000_000, 0))])
        let out = S.run(line, dash: DashPattern(lengths: [0.5, 0.5]), start: 0.9999, end: 1)
        #expect(out.count == 100)
        S.expectRanges(Array(S.xRanges(out).prefix(2)), [(999_900, 999_900.5), (999_901, 999_901.5)], tolerance: 1e-6)
    }
}
