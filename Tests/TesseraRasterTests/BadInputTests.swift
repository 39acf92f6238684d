/// Bad input is an error or a documented no-op, never a crash or a hang (DESIGN.md principle 6):
/// non-finite coordinates and transforms draw nothing (and do not spoil the rest of the
/// recording), degenerate paths draw nothing, empty and absurd pixmap sizes, bad row lengths, and
/// rendering into a caller's buffer leaves its row padding alone.
import Testing
import TesseraRaster

@Suite struct BadInputTests {
    typealias H = CoverageHarness

    /// A recognisable starting image, so that "unchanged" means something.
    static func patternedPixmap(width: Int = 24, height: Int = 24) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt8((x * 7 + y * 13) % 200)
                pixmap[x, y] = PremultipliedRGBA8(r: v / 2, g: v / 3, b: v / 4, a: v)
            }
        }
        return pixmap
    }

    static let triangle = [Point(x: 2, y: 2), Point(x: 20, y: 4), Point(x: 6, y: 21)]

    /// `triangle` with one coordinate replaced by a non-finite value.
    static let nonFinitePaths: [Path] = {
        var result: [Path] = []
        for bad in [Double.nan, .infinity, -.infinity] {
            for index in 0..<3 {
                for onX in [true, false] {
                    var points = triangle
                    if onX { points[index].x = bad } else { points[index].y = bad }
                    result.append(H.polygonPath([points]))
                }
            }
        }
        // In a curve's control point, and in a second subpath.
        var curve = Path()
        curve.move(to: Point(x: 2, y: 2))
        curve.addCurve(to: Point(x: 20, y: 20), control1: Point(x: .nan, y: 3), control2: Point(x: 15, y: 2))
        result.append(curve)
        var quad = Path()
        quad.move(to: Point(x: 2, y: 2))
        quad.addQuadCurve(to: Point(x: 20, y: 20), control: Point(x: 10, y: -.infinity))
        result.append(quad)
        result.append(H.polygonPath([triangle, [Point(x: 1, y: 1), Point(x: .nan, y: .nan), Point(x: 9, y: 3)]]))
        return result
    }()

    /// Transforms that are non-finite, or that overflow finite coordinates to infinity.
    static let nonFiniteTransforms: [Transform] = [
        Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        Transform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0),
        Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: .infinity),
        Transform(a: 1, b: .nan, c: 0, d: 1, tx: 0, ty: 0),
        Transform(a: 1, b: 0, c: -.infinity, d: 1, tx: 0, ty: 0),
        Transform(scaleX: 1e308, y: 1e308),  // 20 × 1e308 overflows
    ]

    @Test(arguments: 0..<nonFinitePaths.count)
    func nonFinitePathDrawsNothing(index: Int) throws {
        let pixmap = try Self.patternedPixmap()
        let before = pixmap.bytes
        let canvas = Canvas(threadCount: 1)
        canvas.fill(Self.nonFinitePaths[index], paint: .solid(.white))
        canvas.fill(Self.nonFinitePaths[index], paint: .solid(.black), rule: .evenOdd)
        canvas.render(into: pixmap)
        #expect(pixmap.bytes == before)
    }

    @Test(arguments: nonFiniteTransforms)
    func nonFiniteTransformDrawsNothing(transform: Transform) throws {
        let pixmap = try Self.patternedPixmap()
        let before = pixmap.bytes
        let canvas = Canvas(threadCount: 1)
        canvas.fill(H.polygonPath([Self.triangle]), paint: .solid(.white), transform: transform)
        canvas.render(into: pixmap)
        #expect(pixmap.bytes == before)
    }

    /// A bad fill in the middle of a recording is skipped; the fills around it still draw.
    @Test func badFillDoesNotSpoilTheRecording() throws {
        let good = H.polygonPath([Self.triangle])
        let shifted = H.polygonPath([Self.triangle.map { Point(x: $0.x + 1.5, y: $0.y + 0.5) }])
        let reference = try Pixmap(width: 24, height: 24)
        let expectedCanvas = Canvas(threadCount: 1)
        expectedCanvas.fill(good, paint: .solid(Color(red: 1, green: 0, blue: 0)))
        expectedCanvas.fill(shifted, paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        expectedCanvas.render(into: reference)

        let pixmap = try Pixmap(width: 24, height: 24)
        let canvas = Canvas(threadCount: 2)
        canvas.fill(good, paint: .solid(Color(red: 1, green: 0, blue: 0)))
        for path in Self.nonFinitePaths { canvas.fill(path, paint: .solid(.white)) }
        for transform in Self.nonFiniteTransforms { canvas.fill(good, paint: .solid(.white), transform: transform) }
        canvas.fill(shifted, paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        canvas.render(into: pixmap)

        #expect(pixmap.bytes == reference.bytes)
        #expect(reference[8, 8].a == 255, "the good fills draw")
    }

    /// Paths with no area: nothing drawn, no crash.
    @Test func degeneratePathsDrawNothing() throws {
        var onlyMove = Path()
        onlyMove.move(to: Point(x: 5, y: 5))
        var movesOnly = Path()
        movesOnly.move(to: Point(x: 5, y: 5)); movesOnly.closeSubpath()
        var line = Path()
        line.move(to: Point(x: 1, y: 1)); line.addLine(to: Point(x: 20, y: 17))
        var backAndForth = Path()
        backAndForth.move(to: Point(x: 1, y: 1)); backAndForth.addLine(to: Point(x: 20, y: 17))
        backAndForth.addLine(to: Point(x: 1, y: 1)); backAndForth.closeSubpath()
        let collinear = H.polygonPath([[Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 20, y: 20)]])
        let samePoint = H.polygonPath([[Point(x: 7.5, y: 7.5), Point(x: 7.5, y: 7.5), Point(x: 7.5, y: 7.5)]])
        let collapsed = H.polygonPath([Self.triangle])  // drawn through a zero-scale transform below
        for rule in [FillRule.nonZero, .evenOdd] {
            for path in [Path(), onlyMove, movesOnly, line, backAndForth, collinear, samePoint] {
                let coverage = try H.coverage(path, rule: rule, width: 24, height: 24)
                #expect(coverage.allSatisfy { $0 == 0 }, "\(path.elements)")
            }
            let flattened = try H.coverage(collapsed, rule: rule, transform: Transform(scaleX: 0, y: 1), width: 24, height: 24)
            #expect(flattened.allSatisfy { $0 == 0 }, "zero-scale transform")
        }
    }

    /// Zero-sized pixmaps are valid and render nothing, without crashing, at any thread count.
    @Test(arguments: [(0, 0), (0, 10), (10, 0)])
    func emptyPixmap(width: Int, height: Int) throws {
        let pixmap = try Pixmap(width: width, height: height)
        #expect(pixmap.bytes.isEmpty)
        for threads in [1, 8] {
            let canvas = Canvas(threadCount: threads)
            canvas.clear(.white)
            canvas.fill(H.polygonPath([Self.triangle]), paint: .solid(.black))
            canvas.render(into: pixmap)
            #expect(canvas.recordedCount == 0)
        }
    }

    /// Absurd sizes are refused with an error, before any allocation.
    @Test(arguments: [
        (100_000, 100_000), (65_536, 1), (1, 65_536), (Int.max, Int.max), (Int.max, 1), (1, Int.max),
    ])
    func tooLargeSizesThrow(width: Int, height: Int) {
        #expect(throws: RasterError.self) { _ = try Pixmap(width: width, height: height) }
    }

    /// Within the per-side limit but over the pixel-count limit: `tooLarge`, not an allocation.
    @Test func pixelCountLimit() {
        #expect(throws: RasterError.tooLarge(width: 65_535, height: 65_535)) {
            _ = try Pixmap(width: 65_535, height: 65_535)
        }
    }

    @Test(arguments: [(-1, 10), (10, -1), (-1, -1), (Int.min, 5), (5, Int.min)])
    func negativeSizesThrow(width: Int, height: Int) {
        #expect(throws: RasterError.invalidSize(width: width, height: height)) {
            _ = try Pixmap(width: width, height: height)
        }
    }

    @Test func wrappingWithShortOrNegativeRowsThrows() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: RasterError.invalidBytesPerRow(bytesPerRow: 39, width: 10)) {
            _ = try Pixmap(wrapping: memory, width: 10, height: 10, bytesPerRow: 39)
        }
        #expect(throws: RasterError.self) { _ = try Pixmap(wrapping: memory, width: 10, height: 10, bytesPerRow: -40) }
        #expect(throws: RasterError.self) { _ = try Pixmap(wrapping: memory, width: -10, height: 10, bytesPerRow: 40) }
        #expect(throws: RasterError.self) { _ = try Pixmap(wrapping: memory, width: 100_000, height: 1, bytesPerRow: 400_000) }
    }

    /// Rendering into a caller's buffer with padded rows writes only the pixels: the padding at the
    /// end of each row (and a guard area after the buffer) keeps its sentinel bytes, at any thread count.
    @Test(arguments: [1, 3, 8])
    func wrappedBufferPaddingIsUntouched(threads: Int) throws {
        let (width, height, bytesPerRow) = (21, 13, 21 * 4 + 12)
        let guardBytes = 64
        let byteCount = height * bytesPerRow + guardBytes
        let sentinel: UInt8 = 0xA7
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: sentinel)

        let pixmap = try Pixmap(wrapping: memory.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow)
        let canvas = Canvas(threadCount: threads)
        canvas.clear(Color(red: 0, green: 0.5, blue: 0, alpha: 1))
        canvas.fill(H.polygonPath([[Point(x: -1e6, y: -1e6), Point(x: 1e6, y: -1e6), Point(x: 0, y: 1e6)]]),
                    paint: .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        canvas.fill(H.polygonPath([[Point(x: 3.5, y: 2.25), Point(x: 30, y: 7), Point(x: 4, y: 20)]]),
                    paint: .solid(.white), rule: .evenOdd)
        canvas.render(into: pixmap)

        var touched: [Int] = []
        for offset in 0..<byteCount {
            let inPixels = offset < height * bytesPerRow && offset % bytesPerRow < width * 4
            if !inPixels && memory[offset] != sentinel { touched.append(offset) }
        }
        #expect(touched.isEmpty, "padding bytes written at offsets \(touched.prefix(10))")
        // The pixels themselves were drawn: opaque, red-tinted, and the white triangle on top.
        #expect(pixmap[0, 0].a == 255 && pixmap[0, 0].r > 100 && pixmap[width - 1, height - 1].a == 255)
        #expect(pixmap[8, 8] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    /// Odd canvas settings are clamped, not trusted: thread counts below 1 render as 1; a NaN
    /// tolerance is the default 0.25, others are clamped to [0.01, 16] (as `Canvas` documents).
    @Test func oddCanvasSettings() throws {
        let triangle = H.polygonPath([Self.triangle])
        let expected = try H.coverage(triangle, width: 24, height: 24)
        #expect(expected.contains(255))
        for threads in [0, -5, Int.min] {
            let coverage = try H.coverage(triangle, width: 24, height: 24, threadCount: threads)
            #expect(coverage == expected, "threadCount \(threads)")
        }

        var blob = Path()
        blob.move(to: Point(x: 2, y: 12))
        blob.addCurve(to: Point(x: 22, y: 12), control1: Point(x: 2, y: -4), control2: Point(x: 22, y: -4))
        blob.addQuadCurve(to: Point(x: 2, y: 12), control: Point(x: 12, y: 30))
        let clamped: [(Double, Double)] = [
            (.nan, 0.25), (-1, 0.01), (0, 0.01), (1e-300, 0.01), (.infinity, 16), (1e300, 16),
        ]
        for (odd, equivalent) in clamped {
            let coverage = try H.coverage(blob, width: 24, height: 24, tolerance: odd)
            let reference = try H.coverage(blob, width: 24, height: 24, tolerance: equivalent)
            #expect(coverage == reference, "tolerance \(odd) renders as \(equivalent)")
            #expect(coverage.contains(255), "tolerance \(odd): drawn")
        }
    }
}
