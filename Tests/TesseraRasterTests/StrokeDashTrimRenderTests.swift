/// Dashes and trims through the whole renderer (``Canvas``): pixel-aligned strokes whose covered
/// pixels are known exactly, so that every byte is checked. Dash lengths are user-space lengths,
/// scaled with the path by any transform, uniform or not.
import Testing
import TesseraRaster

@Suite struct StrokeDashTrimRenderTests {
    typealias H = CoverageHarness
    static let width = 120, height = 40

    /// Strokes a horizontal line at height `y` from `x0` to `x1` (user space) in opaque white.
    static func render(x0: Double, x1: Double, y: Double, style: StrokeStyle, dash: DashPattern? = nil,
                       trimStart: Double = 0, trimEnd: Double = 1, transform: Transform = .identity,
                       threadCount: Int = 2) throws -> [UInt8] {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: threadCount)
        var path = Path()
        path.move(to: Point(x: x0, y: y))
        path.addLine(to: Point(x: x1, y: y))
        canvas.stroke(path, paint: .solid(.white), style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd,
                      transform: transform)
        canvas.render(into: pixmap)
        return H.alpha(of: pixmap)
    }

    /// Rows 18..<22 fully covered over the given device-space x intervals, nothing elsewhere.
    static func band(_ intervals: [(Int, Int)]) -> [UInt8] {
        var expected = [UInt8](repeating: 0, count: width * height)
        for (from, to) in intervals {
            for y in 18..<22 { for x in from..<to { expected[y * width + x] = 255 } }
        }
        return expected
    }

    static let butt4 = StrokeStyle(width: 4, cap: .butt)
    /// `[10, 5]` from x = 10 to 100: dashes on [10, 20], [25, 35], … [85, 95], and [100, 100] empty.
    static let dashes = band(stride(from: 10, to: 100, by: 15).map { ($0, $0 + 10) })

    @Test func dashedLineCoversExactlyTheOnIntervals() throws {
        let coverage = try Self.render(x0: 10, x1: 100, y: 20, style: Self.butt4, dash: DashPattern(lengths: [10, 5]))
        let report = H.mismatch(coverage, Self.dashes, width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }

    /// A uniform scale strokes in device space: the pattern scales with the width.
    @Test func uniformScaleScalesThePattern() throws {
        let coverage = try Self.render(x0: 5, x1: 50, y: 10, style: StrokeStyle(width: 2, cap: .butt),
                                       dash: DashPattern(lengths: [5, 2.5]), transform: Transform(scaleX: 2, y: 2))
        let report = H.mismatch(coverage, Self.dashes, width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }

    /// A non-uniform scale strokes in user space and transforms after: the pattern stretches with
    /// the path along x, the width stays 4 across it (y scale 1).
    @Test func nonUniformScaleStretchesThePattern() throws {
        let coverage = try Self.render(x0: 5, x1: 50, y: 20, style: Self.butt4,
                                       dash: DashPattern(lengths: [5, 2.5]), transform: Transform(scaleX: 2, y: 1))
        let report = H.mismatch(coverage, Self.dashes, width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }

    /// Phase 12 of `[10, 5]` starts 2 into the first gap; −3 wraps to 12.
    @Test(arguments: [12.0, -3.0, 27.0])
    func phaseShiftsThePattern(phase: Double) throws {
        let coverage = try Self.render(x0: 10, x1: 100, y: 20, style: Self.butt4,
                                       dash: DashPattern(lengths: [10, 5], phase: phase))
        // Gap until x = 13, then dashes on [13, 23], [28, 38], …, [88, 98].
        let expected = Self.band(stride(from: 13, to: 100, by: 15).map { ($0, min($0 + 10, 100)) })
        let report = H.mismatch(coverage, expected, width: Self.width)
        #expect(report == nil, "phase \(phase): \(report ?? "")")
    }

    /// Trimming keeps [start·L, end·L] of the line: 25 % … 75 % of [10, 90] is [30, 70].
    @Test func trimKeepsTheFraction() throws {
        let coverage = try Self.render(x0: 10, x1: 90, y: 20, style: Self.butt4, trimStart: 0.25, trimEnd: 0.75)
        let report = H.mismatch(coverage, Self.band([(30, 70)]), width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }

    /// The pattern is anchored at the untrimmed start: trimming cuts the dashes, never shifts them.
    @Test func trimCutsTheDashesWhereTheyAre() throws {
        // [10, 100] is 90 long: 1/3 … 8/9 is [40, 90]; dashes [40, 50], [55, 65], [70, 80], [85, 90].
        let coverage = try Self.render(x0: 10, x1: 100, y: 20, style: Self.butt4, dash: DashPattern(lengths: [10, 5]),
                                       trimStart: 1.0 / 3, trimEnd: 8.0 / 9)
        let report = H.mismatch(coverage, Self.band([(40, 50), (55, 65), (70, 80), (85, 90)]), width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }

    /// Start ≥ end draws nothing; fractions outside [0, 1] are clamped.
    @Test func emptyAndClampedTrims() throws {
        let empty = try Self.render(x0: 10, x1: 90, y: 20, style: Self.butt4, trimStart: 0.6, trimEnd: 0.6)
        #expect(empty.allSatisfy { $0 == 0 })
        let reversed = try Self.render(x0: 10, x1: 90, y: 20, style: Self.butt4, trimStart: 0.8, trimEnd: 0.2)
        #expect(reversed.allSatisfy { $0 == 0 })
        let clamped = try Self.render(x0: 10, x1: 90, y: 20, style: Self.butt4, trimStart: -3, trimEnd: 7)
        #expect(clamped == Self.band([(10, 90)]))
    }

    /// Patterns that cannot dash draw the solid line: NaN or negative entries, all zeros, empty.
    @Test(arguments: [[Double.nan, 5], [10, -5], [0, 0], [], [Double.infinity, 2]])
    func invalidPatternsDrawSolid(lengths: [Double]) throws {
        let coverage = try Self.render(x0: 10, x1: 90, y: 20, style: Self.butt4, dash: DashPattern(lengths: lengths))
        #expect(coverage == Self.band([(10, 90)]), "\(lengths)")
    }

    /// A non-finite phase counts as 0.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFinitePhaseIsZero(phase: Double) throws {
        let coverage = try Self.render(x0: 10, x1: 100, y: 20, style: Self.butt4,
                                       dash: DashPattern(lengths: [10, 5], phase: phase))
        #expect(coverage == Self.dashes)
    }

    /// Square caps extend every dash by w/2 at both ends.
    @Test func everyDashGetsTheCaps() throws {
        let coverage = try Self.render(x0: 10, x1: 100, y: 20, style: StrokeStyle(width: 4, cap: .square),
                                       dash: DashPattern(lengths: [10, 5]))
        let expected = Self.band(stride(from: 10, to: 100, by: 15).map { ($0 - 2, $0 + 12) })
        let report = H.mismatch(coverage, expected, width: Self.width)
        #expect(report == nil, "\(report ?? "")")
    }
}
