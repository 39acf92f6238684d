/// `PathMeasure`: the length of a path and the position and direction at a distance along it.
import Foundation
import Testing
import TesseraRaster

@Suite struct PathMeasureTests {
    static func expectClose(_ a: Point?, _ b: Point, tolerance: Double = 1e-9,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("nil, expected \(b)", sourceLocation: sourceLocation)
            return
        }
        let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        #expect(d <= tolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test func rectangle() {
        // (0,0) → (30,0) → (30,40) → (0,40) → closed back to (0,0): 140.
        let measure = PathMeasure(Path(rect: Rect(x: 0, y: 0, width: 30, height: 40)))
        #expect(measure.length == 140)
        Self.expectClose(measure.position(at: 0), Point(x: 0, y: 0))
        Self.expectClose(measure.position(at: 12), Point(x: 12, y: 0))
        Self.expectClose(measure.position(at: 35), Point(x: 30, y: 5))
        Self.expectClose(measure.position(at: 85), Point(x: 15, y: 40))
        // On the closing segment.
        Self.expectClose(measure.position(at: 135), Point(x: 0, y: 5))
        Self.expectClose(measure.position(at: 140), Point(x: 0, y: 0))
        Self.expectClose(measure.tangent(at: 10), Point(x: 1, y: 0))
        Self.expectClose(measure.tangent(at: 50), Point(x: 0, y: 1))
        Self.expectClose(measure.tangent(at: 80), Point(x: -1, y: 0))
        Self.expectClose(measure.tangent(at: 135), Point(x: 0, y: -1))
    }

    @Test func polyline() {
        // (0,0) → (3,4) → (3,10): 5 + 6.
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 3, y: 4))
        path.addLine(to: Point(x: 3, y: 10))
        let measure = PathMeasure(path)
        #expect(measure.length == 11)
        Self.expectClose(measure.position(at: 2.5), Point(x: 1.5, y: 2))
        Self.expectClose(measure.tangent(at: 2.5), Point(x: 0.6, y: 0.8))
        // At the vertex: the vertex, and the direction onwards.
        Self.expectClose(measure.position(at: 5), Point(x: 3, y: 4))
        Self.expectClose(measure.tangent(at: 5), Point(x: 0, y: 1))
        Self.expectClose(measure.position(at: 8), Point(x: 3, y: 7))
        // At the very end: the last segment's direction.
        Self.expectClose(measure.tangent(at: 11), Point(x: 0, y: 1))
    }

    @Test(arguments: [0.25, 0.05, 1.0])
    func circle(tolerance: Double) {
        let r = 100.0, center = Point(x: 150, y: 150)
        let measure = PathMeasure(Path(ellipseIn: Rect(x: 50, y: 50, width: 200, height: 200)), tolerance: tolerance)
        // Chords whose sagitta is at most τ fall short of a circle by at most 2πτ/3 in all
        // (each chord spanning θ loses rθ³/24, with rθ²/8 ≤ τ); the four Béziers stand within
        // 3·10⁻⁴ r of the circle.
        let circumference = 2 * Double.pi * r
        #expect(measure.length <= circumference * (1 + 3e-4))
        #expect(measure.length >= circumference * (1 - 3e-4) - 2 * Double.pi * tolerance / 3)
        // Positions lie on the circle (within the tolerance), a quarter turn per quarter length,
        // counterclockwise in y-up terms from (maxX, midY): (midX, maxY) after a quarter.
        for k in 0...16 {
            let d = measure.length * Double(k) / 16
            guard let p = measure.position(at: d), let t = measure.tangent(at: d) else {
                Issue.record("nil at \(d)")
                continue
            }
            let radius = ((p.x - center.x) * (p.x - center.x) + (p.y - center.y) * (p.y - center.y)).squareRoot()
            #expect(abs(radius - r) <= tolerance + 0.03)
            #expect(abs((t.x * t.x + t.y * t.y).squareRoot() - 1) < 1e-12)
            // The tangent is nearly perpendicular to the radius: off by at most half a chord's
            // angle, θ/2 with θ = √(8τ/r).
            let cosine = abs((p.x - center.x) * t.x + (p.y - center.y) * t.y) / radius
            #expect(cosine <= sin((8 * tolerance / r).squareRoot() / 2) + 1e-3)
        }
        Self.expectClose(measure.position(at: 0), Point(x: 250, y: 150))
        Self.expectClose(measure.position(at: measure.length / 4), Point(x: 150, y: 250), tolerance: 2 * tolerance + 0.05)
        Self.expectClose(measure.position(at: measure.length / 2), Point(x: 50, y: 150), tolerance: 2 * tolerance + 0.05)
    }

    @Test func distancesAreClamped() {
        let measure = PathMeasure(Path(rect: Rect(x: 0, y: 0, width: 30, height: 40)))
        Self.expectClose(measure.position(at: -5), Point(x: 0, y: 0))
        Self.expectClose(measure.position(at: -.infinity), Point(x: 0, y: 0))
        Self.expectClose(measure.position(at: 1e9), Point(x: 0, y: 0))
        Self.expectClose(measure.position(at: .infinity), Point(x: 0, y: 0))
        Self.expectClose(measure.tangent(at: -5), Point(x: 1, y: 0))
        Self.expectClose(measure.tangent(at: 1e9), Point(x: 0, y: -1))
        #expect(measure.position(at: .nan) == nil)
        #expect(measure.tangent(at: .nan) == nil)
    }

    @Test func emptyAndZeroLengthPathsGiveNil() {
        var dot = Path()
        dot.move(to: Point(x: 4, y: 4))
        dot.addLine(to: Point(x: 4, y: 4))
        var moveOnly = Path()
        moveOnly.move(to: Point(x: 1, y: 2))
        var nonFinite = Path()
        nonFinite.move(to: Point(x: 0, y: 0))
        nonFinite.addLine(to: Point(x: .nan, y: 3))
        for path in [Path(), dot, moveOnly, nonFinite] {
            let measure = PathMeasure(path)
            #expect(measure.length == 0)
            #expect(measure.position(at: 0) == nil)
            #expect(measure.tangent(at: 0) == nil)
        }
    }

    @Test func subpathsFollowOneAnother() {
        // A line of 10, then (after a move) a line of 20 going down: distance 10 is the second
        // subpath's start, with no length for the move between them.
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.move(to: Point(x: 50, y: 50))
        path.addLine(to: Point(x: 50, y: 30))
        let measure = PathMeasure(path)
        #expect(measure.length == 30)
        Self.expectClose(measure.position(at: 9), Point(x: 9, y: 0))
        Self.expectClose(measure.position(at: 10), Point(x: 50, y: 50))
        Self.expectClose(measure.position(at: 15), Point(x: 50, y: 45))
        Self.expectClose(measure.tangent(at: 15), Point(x: 0, y: -1))
    }
}
