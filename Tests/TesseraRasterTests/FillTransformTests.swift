/// The `transform:` argument of `Canvas.fill`: filling a path through a transform gives the same
/// pixels as filling the path with its points already mapped (`Path.applying`), and the expected
/// pixels in closed form for scale/translate and exact quarter turns.
import Testing
import TesseraRaster

@Suite struct FillTransformTests {
    typealias H = CoverageHarness

    /// Scale then translate, with exactly representable results: byte-identical to the
    /// pre-transformed rectangle, and equal to the rectangle (5.75, 4.25)–(15.75, 8.75) in closed form.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func scaleTranslateEqualsPreTransformed(rule: FillRule) throws {
        let rect = H.polygonPath([H.rectPolygon(x0: 1, y0: 1, x1: 5, y1: 4)])
        let transform = Transform(scaleX: 2.5, y: 1.5).concatenating(Transform(translationX: 3.25, y: 2.75))
        let viaTransform = try H.coverage(rect, rule: rule, transform: transform, width: 20, height: 12)
        let preTransformed = try H.coverage(rect.applying(transform), rule: rule, width: 20, height: 12)
        #expect(viaTransform == preTransformed)

        for y in 0..<12 {
            for x in 0..<20 {
                let fx = max(0, min(Double(x + 1), 15.75) - max(Double(x), 5.75))
                let fy = max(0, min(Double(y + 1), 8.75) - max(Double(y), 4.25))
                let exact = fx * fy * 255
                let got = Double(viaTransform[y * 20 + x])
                #expect(abs(got - exact) <= 1, "pixel (\(x), \(y)): \(got), expected \(exact) ± 1")
            }
        }
    }

    /// Rotations, skews and reflections: within 1 of the pre-transformed path (the two may round
    /// the mapped coordinates differently by an ulp), and not blank.
    @Test(arguments: [
        Transform(rotationAngle: 0.5).concatenating(Transform(translationX: 20, y: 4)),
        Transform(rotationAngle: -2.2).concatenating(Transform(translationX: 40, y: 40)),
        Transform(a: 1.2, b: 0.3, c: -0.7, d: 0.8, tx: 18.5, ty: 3.25),
        Transform(scaleX: 1, y: -1).concatenating(Transform(translationX: 0, y: 48)),
    ])
    func generalTransformEqualsPreTransformed(transform: Transform) throws {
        let shape = H.polygonPath([
            [Point(x: 2, y: 3), Point(x: 30.5, y: 5.25), Point(x: 22, y: 28), Point(x: 12, y: 14), Point(x: 4, y: 26)],
            H.rectPolygon(x0: 8, y0: 8, x1: 16.5, y1: 12.75),
        ])
        for rule in [FillRule.nonZero, .evenOdd] {
            let viaTransform = try H.coverage(shape, rule: rule, transform: transform, width: 48, height: 48)
            let preTransformed = try H.coverage(shape.applying(transform), rule: rule, width: 48, height: 48)
            let report = H.mismatch(viaTransform, preTransformed, width: 48, tolerance: 1)
            #expect(report == nil, "\(rule): \(report ?? "")")
            #expect(viaTransform.contains(255), "\(rule): the shape is drawn")
        }
    }

    /// An exact quarter turn (a = d = 0) maps a pixel-aligned rectangle onto pixel-aligned
    /// rectangle (x, y) ↦ (−y + 20, x): (2, 3)–(7, 9) becomes (11, 2)–(17, 7).
    @Test func quarterTurn() throws {
        let rect = H.polygonPath([H.rectPolygon(x0: 2, y0: 3, x1: 7, y1: 9)])
        let turn = Transform(a: 0, b: 1, c: -1, d: 0, tx: 20, ty: 0)
        let coverage = try H.coverage(rect, transform: turn, width: 20, height: 12)
        var expected = [UInt8](repeating: 0, count: 240)
        for y in 2..<7 { for x in 11..<17 { expected[y * 20 + x] = 255 } }
        let report = H.mismatch(coverage, expected, width: 20)
        #expect(report == nil, "\(report ?? "")")
    }

    /// Filling through `t1.concatenating(t2)` equals filling `path.applying(t1)` through `t2`.
    @Test func concatenationOrder() throws {
        let triangle = H.polygonPath([[Point(x: 0, y: 0), Point(x: 10, y: 1), Point(x: 3, y: 8)]])
        let t1 = Transform(scaleX: 2, y: 3)
        let t2 = Transform(rotationAngle: 0.25).concatenating(Transform(translationX: 10, y: 5))
        let combined = try H.coverage(triangle, transform: t1.concatenating(t2), width: 48, height: 48)
        let stepwise = try H.coverage(triangle.applying(t1), transform: t2, width: 48, height: 48)
        let report = H.mismatch(combined, stepwise, width: 48, tolerance: 1)
        #expect(report == nil, "\(report ?? "")")
        #expect(combined.contains(255))
    }
}
