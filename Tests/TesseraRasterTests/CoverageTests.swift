/// Coverage of simple shapes against values known in closed form: pixel-aligned and half-pixel
/// rectangles (exact per-pixel values), and the summed coverage of a circle, a star and random
/// star-shaped polygons (equal to their analytic area within 0.1 %).
import Testing
import TesseraRaster

@Suite struct CoverageTests {
    typealias H = CoverageHarness

    /// A rectangle on integer coordinates covers exactly its pixels, fully, and nothing else.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func pixelAlignedRectangle(rule: FillRule) throws {
        let path = H.polygonPath([H.rectPolygon(x0: 2, y0: 3, x1: 7, y1: 9)])
        let coverage = try H.coverage(path, rule: rule, width: 12, height: 12)
        var expected = [UInt8](repeating: 0, count: 144)
        for y in 3..<9 { for x in 2..<7 { expected[y * 12 + x] = 255 } }
        let report = H.mismatch(coverage, expected, width: 12)
        #expect(report == nil, "\(report ?? "")")
    }

    /// Shifted by half a pixel: edges are half covered (127.5), corners a quarter (63.75), each
    /// within 1; the interior is 255 and everything outside 0.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func halfPixelRectangle(rule: FillRule) throws {
        let path = H.polygonPath([H.rectPolygon(x0: 2.5, y0: 3.5, x1: 7.5, y1: 9.5)])
        let coverage = try H.coverage(path, rule: rule, width: 12, height: 12)
        for y in 0..<12 {
            for x in 0..<12 {
                // Fraction of the pixel's width and height inside the rectangle.
                let fx = x == 2 || x == 7 ? 0.5 : (3...6).contains(x) ? 1 : 0
                let fy = y == 3 || y == 9 ? 0.5 : (4...8).contains(y) ? 1 : 0
                let exact = fx * fy * 255
                let got = Double(coverage[y * 12 + x])
                #expect(abs(got - exact) <= 1, "pixel (\(x), \(y)): \(got), expected \(exact) ± 1")
            }
        }
    }

    /// Opaque white over transparent black is gray: red = green = blue = alpha everywhere.
    @Test func whiteCoverageIsGray() throws {
        let path = H.polygonPath([[Point(x: 1.3, y: 2.1), Point(x: 30.7, y: 9.4), Point(x: 12.2, y: 28.9)]])
        let pixmap = try H.render(path, width: 32, height: 32)
        var partial = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let p = pixmap[x, y]
                #expect(p.r == p.a && p.g == p.a && p.b == p.a, "pixel (\(x), \(y)) is \(p)")
                if p.a > 0 && p.a < 255 { partial += 1 }
            }
        }
        #expect(partial > 20, "anti-aliased edges expected, found \(partial) partial pixels")
    }

    // MARK: Summed coverage equals area

    /// Sum of coverage over the pixmap, in pixels.
    static func coveredArea(_ coverage: [UInt8]) -> Double {
        coverage.reduce(0.0) { $0 + Double($1) } / 255
    }

    static func expectArea(_ coverage: [UInt8], equals area: Double, _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let measured = coveredArea(coverage)
        #expect(abs(measured - area) <= 0.001 * area,
                "\(what): summed coverage \(measured), area \(area) (relative error \((measured - area) / area))",
                sourceLocation: sourceLocation)
    }

    /// A circle of four cubic Béziers (kappa 0.5522847498), flattened at the finest tolerance. Its
    /// area is computed exactly with Green's theorem: on a cubic, `x·y′ − y·x′` is a polynomial of
    /// degree 5, which 3-point Gauss–Legendre quadrature integrates exactly.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func cubicCircleArea(rule: FillRule) throws {
        let (cx, cy, r) = (50.0, 50.0, 40.0), k = 0.5522847498 * r
        let segments: [(Point, Point, Point, Point)] = [
            (Point(x: cx + r, y: cy), Point(x: cx + r, y: cy + k), Point(x: cx + k, y: cy + r), Point(x: cx, y: cy + r)),
            (Point(x: cx, y: cy + r), Point(x: cx - k, y: cy + r), Point(x: cx - r, y: cy + k), Point(x: cx - r, y: cy)),
            (Point(x: cx - r, y: cy), Point(x: cx - r, y: cy - k), Point(x: cx - k, y: cy - r), Point(x: cx, y: cy - r)),
            (Point(x: cx, y: cy - r), Point(x: cx + k, y: cy - r), Point(x: cx + r, y: cy - k), Point(x: cx + r, y: cy)),
        ]
        var path = Path()
        path.move(to: segments[0].0)
        for s in segments { path.addCurve(to: s.3, control1: s.1, control2: s.2) }
        path.closeSubpath()

        let nodes = [0.5 - 0.5 * (0.6).squareRoot(), 0.5, 0.5 + 0.5 * (0.6).squareRoot()]
        let weights = [5.0 / 18, 8.0 / 18, 5.0 / 18]
        var twiceArea = 0.0
        for (p0, p1, p2, p3) in segments {
            for (t, weight) in zip(nodes, weights) {
                let u = 1 - t
                let p = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
                let d = (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
                twiceArea += weight * (p.x * d.y - p.y * d.x)
            }
        }
        let area = abs(twiceArea) / 2
        // The 4-cubic circle is about 0.03 % larger than the true circle.
        #expect(abs(area / (Double.pi * r * r) - 1) < 5e-4)

        let coverage = try H.coverage(path, rule: rule, width: 100, height: 100, tolerance: 0.01)
        Self.expectArea(coverage, equals: area, "4-cubic circle")
    }

    /// A circle as a 720-gon, whose shoelace area is exact.
    @Test func polygonCircleArea() throws {
        let polygon = H.regularPolygon(center: Point(x: 47.3, y: 51.6), radius: 38.2, count: 720)
        let coverage = try H.coverage(H.polygonPath([polygon]), width: 100, height: 100)
        Self.expectArea(coverage, equals: H.area(ofSimplePolygon: polygon), "720-gon")
    }

    /// A five-pointed star drawn as its (non-self-intersecting) outline of ten vertices.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func starOutlineArea(rule: FillRule) throws {
        let polygon = (0..<10).map { i in
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            let radius = i.isMultiple(of: 2) ? 44.0 : 17.5
            return Point(x: 50.2 + radius * cos(angle), y: 49.7 + radius * sin(angle))
        }
        let coverage = try H.coverage(H.polygonPath([polygon]), rule: rule, width: 100, height: 100)
        Self.expectArea(coverage, equals: H.area(ofSimplePolygon: polygon), "star outline")
    }

    /// Random simple polygons: star-shaped around a center, random radii at increasing random angles.
    @Test(arguments: 0..<6)
    func randomSimplePolygonArea(seed: Int) throws {
        var rng = H.SplitMix64(seed: 0x5EED_A4EA + UInt64(seed))
        let count = rng.int(in: 8...40)
        // One angle in each of `count` equal sectors: increasing, with gaps under π, so the
        // polygon is simple (star-shaped around `center`).
        let sector = 2 * Double.pi / Double(count)
        let angles = (0..<count).map { i in Double(i) * sector + rng.double(in: 0...(0.9 * sector)) }
        let center = Point(x: rng.double(in: 45...55), y: rng.double(in: 45...55))
        let polygon = angles.map { angle in
            let radius = rng.double(in: 12...44)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let rule: FillRule = seed.isMultiple(of: 2) ? .nonZero : .evenOdd
        let coverage = try H.coverage(H.polygonPath([polygon]), rule: rule, width: 100, height: 100)
        Self.expectArea(coverage, equals: H.area(ofSimplePolygon: polygon), "random star-shaped polygon \(seed)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
