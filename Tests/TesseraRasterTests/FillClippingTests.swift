/// Clipping to the target: shapes partly or entirely outside the pixmap, on every side, and
/// shapes with coordinates of ±1e6 and ±1e30. The expected pixels come from the reference
/// rasterizer, or — where a vertex is 1e30 away — from the equivalent finite shape (the same edges
/// inside the canvas, to within 1e-27 px), or in closed form.
import Testing
import TesseraRaster

@Suite struct FillClippingTests {
    typealias H = CoverageHarness
    typealias Oracle = ReferenceRasterizer

    static let rules: [FillRule] = [.nonZero, .evenOdd]

    func expectMatch(_ actual: [UInt8], _ expected: [UInt8], width: Int, _ what: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let report = H.mismatch(actual, expected, width: width, tolerance: 1)
        #expect(report == nil, "\(what): \(report ?? "")", sourceLocation: sourceLocation)
    }

    /// Triangles far larger than the canvas, containing it: every pixel fully covered.
    @Test(arguments: [1e4, 1e6, 1e15, 1e30])
    func hugeTriangleCoversEverything(scale: Double) throws {
        let triangle = H.polygonPath([[
            Point(x: -scale, y: -scale), Point(x: 3 * scale, y: -scale), Point(x: -scale, y: 3 * scale),
        ]])
        for rule in Self.rules {
            let coverage = try H.coverage(triangle, rule: rule, width: 40, height: 30)
            #expect(coverage.allSatisfy { $0 == 255 }, "\(rule), ±\(scale): \(coverage.filter { $0 != 255 }.count) pixels not full")
        }
    }

    /// A rectangle whose left side is at x = −1e30 and right side at 20.25, rows 10.5…30.75:
    /// columns 0–19 full, column 20 a quarter; row 10 half, row 30 three quarters.
    @Test(arguments: rules)
    func rectangleFromMinus1e30(rule: FillRule) throws {
        let path = H.polygonPath([H.rectPolygon(x0: -1e30, y0: 10.5, x1: 20.25, y1: 30.75)])
        let coverage = try H.coverage(path, rule: rule, width: 48, height: 48)
        for y in 0..<48 {
            for x in 0..<48 {
                let fx = x < 20 ? 1 : x == 20 ? 0.25 : 0
                let fy = (11...29).contains(y) ? 1 : y == 10 ? 0.5 : y == 30 ? 0.75 : 0
                let exact = fx * fy * 255
                let got = Double(coverage[y * 48 + x])
                #expect(abs(got - exact) <= 1, "pixel (\(x), \(y)): \(got), expected \(exact) ± 1")
            }
        }
    }

    /// Triangles with one vertex 1e30 away, whose edges cross the canvas at a slope: equal to the
    /// finite polygon with the same edges inside the canvas.
    @Test(arguments: rules)
    func slantedEdgesFromFarAway(rule: FillRule) throws {
        // Edges from (−1e30, −5e29) to (40, 8) and (40, 40): slope ½ to within 1e-29, so inside the
        // canvas the triangle is the parallelogram (0, −12), (40, 8), (40, 40), (0, 20).
        let far = H.polygonPath([[Point(x: -1e30, y: -5e29), Point(x: 40, y: 8), Point(x: 40, y: 40)]])
        let parallelogram = [Point(x: 0, y: -12), Point(x: 40, y: 8), Point(x: 40, y: 40), Point(x: 0, y: 20)]
        expectMatch(try H.coverage(far, rule: rule, width: 48, height: 48),
                    Oracle.coverage(of: [parallelogram], rule: rule, width: 48, height: 48),
                    width: 48, "far vertex to the left")

        // Nearly horizontal edges from (−1e30, 24) to (40, 4) and (40, 44): the rectangle
        // x ∈ [0, 40], y ∈ [4, 44].
        let flat = H.polygonPath([[Point(x: -1e30, y: 24), Point(x: 40, y: 4), Point(x: 40, y: 44)]])
        var rectangle = [UInt8](repeating: 0, count: 48 * 48)
        for y in 4..<44 { for x in 0..<40 { rectangle[y * 48 + x] = 255 } }
        expectMatch(try H.coverage(flat, rule: rule, width: 48, height: 48), rectangle, width: 48, "flat edges")

        // From the lower right: vertex (1e30, 1e30), edges of slope 1 (to within 1e-29) through
        // (10, 5) and (10, 30): inside the canvas, the band between y = x − 5 and y = x + 20, x ≥ 10.
        let below = H.polygonPath([[Point(x: 1e30, y: 1e30), Point(x: 10, y: 5), Point(x: 10, y: 30)]])
        let band = [Point(x: 10, y: 5), Point(x: 48, y: 43), Point(x: 48, y: 68), Point(x: 10, y: 30)]
        expectMatch(try H.coverage(below, rule: rule, width: 48, height: 48),
                    Oracle.coverage(of: [band], rule: rule, width: 48, height: 48),
                    width: 48, "far vertex to the lower right")
    }

    /// Shapes with vertices a million pixels away, against the oracle (which clips in double).
    @Test(arguments: rules)
    func millionPixelVertices(rule: FillRule) throws {
        let shapes: [[[Point]]] = [
            [[Point(x: -1e6, y: -3e5), Point(x: 30.5, y: 20.25), Point(x: -1e6, y: 7e5)]],
            [[Point(x: 1e6, y: 17.3), Point(x: 5.5, y: 2.5), Point(x: 9.25, y: 44.75)]],
            [[Point(x: 20.1, y: -1e6), Point(x: 33.7, y: 1e6), Point(x: 3.3, y: 1e6), Point(x: 40.2, y: -1e6)]],
            [[Point(x: -1e6, y: -1e6), Point(x: 1e6, y: -1e6), Point(x: 1e6, y: 1e6), Point(x: -1e6, y: 1e6)],
             [Point(x: 10.5, y: 10.5), Point(x: 30.25, y: 12), Point(x: 20, y: 35.75)]],
        ]
        for (i, polygons) in shapes.enumerated() {
            expectMatch(try H.coverage(H.polygonPath(polygons), rule: rule, width: 48, height: 48),
                        Oracle.coverage(of: polygons, rule: rule, width: 48, height: 48),
                        width: 48, "shape \(i)")
        }
    }

    /// Polygons sticking out of each side of the canvas, and across corners. Edges clipped on the
    /// left still count for the pixels to their right.
    @Test(arguments: rules)
    func partlyOutsideEachSide(rule: FillRule) throws {
        let shapes: [(String, [Point])] = [
            ("left", [Point(x: -30, y: 5), Point(x: 20, y: 10.5), Point(x: -10, y: 40)]),
            ("right", [Point(x: 70, y: 3), Point(x: 30.5, y: 22), Point(x: 60, y: 45.5)]),
            ("top", [Point(x: 5, y: -20), Point(x: 40, y: -35), Point(x: 22.5, y: 17.25)]),
            ("bottom", [Point(x: 3.75, y: 70), Point(x: 25, y: 30.5), Point(x: 45, y: 90)]),
            ("top-left corner", [Point(x: -20, y: -20), Point(x: 15.5, y: -2), Point(x: 8, y: 9), Point(x: -3, y: 14)]),
            ("bottom-right corner", [Point(x: 60, y: 60), Point(x: 35, y: 50), Point(x: 44, y: 30.5)]),
            ("across", [Point(x: -15, y: 24), Point(x: 24, y: -15), Point(x: 63, y: 24), Point(x: 24, y: 63)]),
            ("bow tie across", [Point(x: -10, y: -10), Point(x: 58, y: 58), Point(x: 58, y: -10), Point(x: -10, y: 58)]),
        ]
        for (name, polygon) in shapes {
            let coverage = try H.coverage(H.polygonPath([polygon]), rule: rule, width: 48, height: 48)
            expectMatch(coverage, Oracle.coverage(of: [polygon], rule: rule, width: 48, height: 48), width: 48, name)
            #expect(coverage.contains { $0 != 0 }, "\(name): drawn")
        }
    }

    /// Shapes entirely outside (each side, and straddling the left edge's extension) draw nothing.
    @Test(arguments: rules)
    func entirelyOutsideDrawsNothing(rule: FillRule) throws {
        let shapes: [(String, [Point])] = [
            ("left, spanning all rows", [Point(x: -30, y: -5), Point(x: -0.5, y: 20), Point(x: -40, y: 60)]),
            ("left, touching x = 0", [Point(x: -30, y: 5), Point(x: 0, y: 20), Point(x: -40, y: 40)]),
            ("right", [Point(x: 48, y: 5), Point(x: 70, y: 20), Point(x: 50, y: 40)]),
            ("above", [Point(x: -5, y: -30), Point(x: 60, y: -1), Point(x: 20, y: -50)]),
            ("below", [Point(x: 5, y: 48), Point(x: 60, y: 70), Point(x: -20, y: 1e6)]),
            ("far away", [Point(x: 1e6, y: 1e6), Point(x: 1e6 + 10, y: 1e6), Point(x: 1e6, y: 1e6 + 10)]),
            ("far left, big", [Point(x: -1e30, y: -1e30), Point(x: -1e29, y: 0), Point(x: -1e30, y: 1e30)]),
        ]
        for (name, polygon) in shapes {
            let coverage = try H.coverage(H.polygonPath([polygon]), rule: rule, width: 48, height: 48)
            #expect(coverage.allSatisfy { $0 == 0 }, "\(name): \(coverage.filter { $0 != 0 }.count) pixels drawn")
        }
    }

    /// Random polygons whose vertices are sometimes thousands of pixels away, against the oracle.
    @Test(arguments: rules)
    func randomFarVertices(rule: FillRule) throws {
        var rng = H.SplitMix64(seed: 0xC11B_0FF5)
        var failures: [String] = []
        for index in 0..<80 {
            let n = rng.int(in: 3...8)
            let polygon = (0..<n).map { _ in
                rng.chance(0.3)
                    ? Point(x: rng.double(in: -5e3...5e3), y: rng.double(in: -5e3...5e3))
                    : Point(x: rng.double(in: -8...40), y: rng.double(in: -8...40))
            }
            let coverage = try H.coverage(H.polygonPath([polygon]), rule: rule, width: 32, height: 32)
            if let report = H.mismatch(coverage, Oracle.coverage(of: [polygon], rule: rule, width: 32, height: 32),
                                       width: 32, tolerance: 1) {
                failures.append("case \(index) \(H.describe([polygon])): \(report)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ:\n\(failures.prefix(4).joined(separator: "\n"))")
    }
}
