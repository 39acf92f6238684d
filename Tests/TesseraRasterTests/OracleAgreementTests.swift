/// The rasterizer against the reference rasterizer (`ReferenceRasterizer`), pixel by pixel, on 300
/// seeded random polygons under both fill rules: 3–12 vertices, sometimes two subpaths, often
/// self-intersecting, partly outside the 48×48 canvas, with coordinates that are continuous,
/// on a 1/256 grid, on half pixels or on whole pixels. Every pixel must be within 1/255 of the oracle.
/// Also: the oracle itself against values known in closed form, so that it is not trusted blindly.
import Testing
import TesseraRaster

@Suite struct OracleAgreementTests {
    typealias H = CoverageHarness
    typealias Oracle = ReferenceRasterizer

    static let size = 48
    static let caseCount = 300

    /// The subpaths of random case `index`; the same on every run.
    static func randomPolygons(case index: Int) -> [[Point]] {
        var rng = H.SplitMix64(seed: 0x7E55_E7A0_0000 &+ UInt64(index) &* 0x9E37_79B9)
        // How coordinates are quantized: edges on pixel boundaries and half pixels are the
        // classic off-by-one territory of a scan converter.
        let grid: Double? = switch rng.int(in: 0...5) {
        case 0: 1
        case 1: 0.5
        case 2: 1.0 / 256
        default: nil
        }
        func coordinate() -> Double {
            let v = rng.double(in: -10...58)
            guard let grid else { return v }
            return (v / grid).rounded() * grid
        }
        let subpathCount = rng.chance(0.3) ? 2 : 1
        return (0..<subpathCount).map { _ in
            let n = rng.int(in: 3...12)
            if rng.chance(0.35) {
                // Star-shaped (simple) polygon around a random center.
                let center = Point(x: coordinate(), y: coordinate())
                let sector = 2 * Double.pi / Double(n)
                return (0..<n).map { i in
                    let angle = Double(i) * sector + rng.double(in: 0...(0.9 * sector))
                    let r = rng.double(in: 2...30)
                    return Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
                }
            }
            // Free vertices: usually self-intersecting.
            return (0..<n).map { _ in Point(x: coordinate(), y: coordinate()) }
        }
    }

    /// Every case, both rules: each pixel within 1 of the oracle. Failures list the case index and
    /// its vertices so a case can be replayed alone.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomPolygonsMatchOracle(rule: FillRule) throws {
        var failures: [String] = []
        var drawnCases = 0
        for index in 0..<Self.caseCount {
            let polygons = Self.randomPolygons(case: index)
            let path = H.polygonPath(polygons, close: index.isMultiple(of: 3))
            let actual = try H.coverage(path, rule: rule, width: Self.size, height: Self.size)
            let expected = Oracle.coverage(of: polygons, rule: rule, width: Self.size, height: Self.size)
            if expected.contains(where: { $0 != 0 }) { drawnCases += 1 }
            if let report = H.mismatch(actual, expected, width: Self.size, tolerance: 1) {
                failures.append("case \(index) \(H.describe(polygons)): \(report)")
            }
        }
        // The generator must produce something to compare: most cases touch the canvas.
        #expect(drawnCases > Self.caseCount * 3 / 4)
        #expect(failures.isEmpty, """
            \(failures.count) of \(Self.caseCount) cases differ from the oracle (\(rule)); first ones:
            \(failures.prefix(4).joined(separator: "\n"))
            """)
    }

    /// The same comparison under transforms (rotation, scale, translation, skew, reflection):
    /// the oracle maps the vertices with the same transform.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func transformedPolygonsMatchOracle(rule: FillRule) throws {
        let transforms: [Transform] = [
            Transform(rotationAngle: 0.37).concatenating(Transform(translationX: 12.5, y: -3.25)),
            Transform(scaleX: 0.6, y: 1.3).concatenating(Transform(rotationAngle: -1.1)).concatenating(Transform(translationX: 10, y: 30)),
            Transform(a: 1, b: 0.2, c: -0.45, d: 0.9, tx: 7.125, ty: 2.5),
            Transform(scaleX: -1, y: 1).concatenating(Transform(translationX: 48, y: 0)),
        ]
        var failures: [String] = []
        for index in 0..<60 {
            let transform = transforms[index % transforms.count]
            let polygons = Self.randomPolygons(case: 1000 + index)
            let path = H.polygonPath(polygons)
            let actual = try H.coverage(path, rule: rule, transform: transform, width: Self.size, height: Self.size)
            let expected = Oracle.coverage(of: path, rule: rule, transform: transform, width: Self.size, height: Self.size)
            if let report = H.mismatch(actual, expected, width: Self.size, tolerance: 1) {
                failures.append("case \(1000 + index) transform \(transform): \(report)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) transformed cases differ:\n\(failures.prefix(4).joined(separator: "\n"))")
    }

    // MARK: The oracle itself

    /// The oracle reproduces closed-form values: a half-pixel rectangle's edges and corners, a
    /// triangle's exact pixel areas, and the area of a random polygon.
    @Test func oracleMatchesClosedForms() {
        let rect = Oracle.windingIntegrals(
            of: [H.rectPolygon(x0: 1.5, y0: 1.25, x1: 3.5, y1: 3)], width: 5, height: 4)
        #expect(rect[1 * 5 + 1] == 0.5 * 0.75)   // corner
        #expect(rect[1 * 5 + 2] == 0.75)         // top edge
        #expect(rect[2 * 5 + 2] == 1)            // interior
        #expect(rect[2 * 5 + 3] == 0.5)          // right edge
        #expect(rect[0] == 0 && rect[3 * 5 + 2] == 0 && rect[2 * 5 + 4] == 0)

        // The diagonal of a unit pixel splits it in half.
        let triangle = Oracle.windingIntegrals(
            of: [[Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 0, y: 2)]], width: 2, height: 2)
        #expect(triangle == [1, 0.5, 0.5, 0])

        // Reversed winding gives the negated integral; coverage is the same.
        let reversed = Oracle.windingIntegrals(
            of: [[Point(x: 0, y: 2), Point(x: 2, y: 0), Point(x: 0, y: 0)]], width: 2, height: 2)
        #expect(reversed == [-1, -0.5, -0.5, 0])

        // Sum of integrals = shoelace area for a polygon inside the canvas.
        var rng = H.SplitMix64(seed: 42)
        let polygon = (0..<9).map { _ in Point(x: rng.double(in: 1...30), y: rng.double(in: 1...30)) }
        let sum = Oracle.windingIntegrals(of: [polygon], width: 32, height: 32).reduce(0, +)
        #expect(abs(sum - Oracle.signedArea(polygon)) < 1e-9)
    }

    /// The fill rules' treatment of winding-number integrals.
    @Test func oracleFillRules() {
        let cases: [(w: Double, nonZero: Double, evenOdd: Double)] = [
            (0, 0, 0), (0.25, 0.25, 0.25), (-0.25, 0.25, 0.25), (1, 1, 1), (-1, 1, 1),
            (1.5, 1, 0.5), (2, 1, 0), (-2, 1, 0), (2.75, 1, 0.75), (3, 1, 1), (3.5, 1, 0.5),
        ]
        for c in cases {
            #expect(Oracle.coverage(windingIntegral: c.w, rule: .nonZero) == c.nonZero, "w = \(c.w)")
            #expect(Oracle.coverage(windingIntegral: c.w, rule: .evenOdd) == c.evenOdd, "w = \(c.w)")
        }
    }

    /// The pentagram: winding 2 in the center pentagon, 1 in the points.
    @Test func oraclePentagram() {
        let star = (0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 20 + 16 * cos(angle), y: 20 + 16 * sin(angle))
        }
        let w = Oracle.windingIntegrals(of: [star], width: 40, height: 40)
        #expect(abs(abs(w[19 * 40 + 19]) - 2) < 1e-12)
        #expect(abs(abs(w[10 * 40 + 19]) - 1) < 1e-12)  // inside the top point, 10 px above the center
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
