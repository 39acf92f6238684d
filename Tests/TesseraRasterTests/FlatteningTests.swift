/// Curve flattening: the segment count follows the curve (Wang's formula), and every chord stays
/// within the tolerance of the curve it replaces.
import Testing
@testable import TesseraRaster

@Suite struct FlatteningTests {
    /// The largest distance from the cubic, sampled finely, to the polyline through its n + 1
    /// uniformly spaced points.
    private func maxDeviation(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, segments n: Int) -> Double {
        var worst = 0.0
        for k in 0..<n {
            let a = CurveFlattener.point(cubic: p0, p1, p2, p3, at: Double(k) / Double(n))
            let b = CurveFlattener.point(cubic: p0, p1, p2, p3, at: Double(k + 1) / Double(n))
            for s in 1..<50 {
                let t = (Double(k) + Double(s) / 50) / Double(n)
                let p = CurveFlattener.point(cubic: p0, p1, p2, p3, at: t)
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                let distance = length == 0
                    ? ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
                    : abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length
                worst = max(worst, distance)
            }
        }
        return worst
    }

    @Test(arguments: [0.25, 0.05, 1.0])
    func cubicChordsStayWithinTolerance(tolerance: Double) {
        var random = CoverageHarness.SplitMix64(seed: 7)
        for _ in 0..<200 {
            let points = (0..<4).map { _ in Point(x: random.double(in: 0...400), y: random.double(in: 0...400)) }
            let n = CurveFlattener.segmentCount(cubic: points[0], points[1], points[2], points[3], tolerance: tolerance)
            #expect(maxDeviation(points[0], points[1], points[2], points[3], segments: n) <= tolerance)
        }
    }

    @Test func segmentCountFollowsTheCurve() {
        let straight = CurveFlattener.segmentCount(cubic: Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 3, y: 3), tolerance: 0.25)
        #expect(straight == 1)
        let small = CurveFlattener.segmentCount(cubic: .zero, Point(x: 0, y: 4), Point(x: 4, y: 4), Point(x: 4, y: 0), tolerance: 0.25)
        let large = CurveFlattener.segmentCount(cubic: .zero, Point(x: 0, y: 400), Point(x: 400, y: 400), Point(x: 400, y: 0), tolerance: 0.25)
        // Wang's formula, n = ⌈√(¾ · M / tol)⌉ with M = |p0 − 2p1 + p2| = 4√2 here: ⌈√16.97⌉ = 5;
        // a hundred times the size needs ten times the segments: ⌈√1697⌉ = 42.
        #expect(small == 5)
        #expect(large == 42)
        #expect(CurveFlattener.segmentCount(cubic: .zero, Point(x: 0, y: 1e300), Point(x: 1e300, y: 0), .zero, tolerance: 0.25) == CurveFlattener.maximumSegments)
    }

    @Test func quadraticCount() {
        // |p0 − 2p1 + p2| = 8: n = ⌈√(¼ · 8 / 0.25)⌉ = ⌈√8⌉ = 3.
        #expect(CurveFlattener.segmentCount(quadratic: .zero, Point(x: 2, y: 4), Point(x: 4, y: 0), tolerance: 0.25) == 3)
    }
}
