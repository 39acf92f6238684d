/// Canvas.renderAlphaMask renders into 8-bit alpha rows: its bytes are the alpha channel of
/// render(into:) on a transparent pixmap for the same recording, byte for byte (the oracle), over
/// random scenes of every command kind: fills under both rules, rectangles, strokes, gradients with
/// transparent stops, images with alpha, every blend mode (those reaching outside the shape
/// included), groups with opacities, masks and blend modes, alpha-mask commands with any paint,
/// clears, projected and non-finite paths; at several thread counts and target sizes. Plus exact
/// coverage of shapes of known area, and bad input.
import Testing
@testable import TesseraRaster

@Suite struct AlphaTargetTests {
    typealias Random = CoverageHarness.SplitMix64

    /// The alpha of `draw`'s calls rendered into a transparent RGBA pixmap, and as placed by
    /// renderAlphaMask into a plane of zeros, both `width × height`, row by row.
    static func bothWays(width: Int, height: Int, threads: Int = 1, _ draw: (Canvas) -> Void) throws
        -> (rgba: [UInt8], alpha: [UInt8], mask: AlphaMask?) {
        let rgbaCanvas = Canvas(threadCount: threads)
        draw(rgbaCanvas)
        let pixmap = try Pixmap(width: width, height: height)
        rgbaCanvas.render(into: pixmap)
        let rgba = CoverageHarness.alpha(of: pixmap)

        let alphaCanvas = Canvas(threadCount: threads)
        draw(alphaCanvas)
        let mask = try alphaCanvas.renderAlphaMask(width: width, height: height)
        var plane = [UInt8](repeating: 0, count: width * height)
        if let mask {
            for y in 0..<mask.height {
                for x in 0..<mask.width { plane[(mask.y + y) * width + mask.x + x] = mask.values[y * mask.width + x] }
            }
        }
        return (rgba, plane, mask)
    }

    // MARK: Random scenes

    /// A random colour; its alpha often 1, sometimes 0.
    static func color(_ random: inout Random) -> Color {
        let alpha = [1, 1, 0, random.double(in: 0...1), random.double(in: 0...1)][random.int(in: 0...4)]
        return Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
                     alpha: alpha)
    }

    static func blendMode(_ random: inout Random) -> BlendMode {
        random.chance(0.5) ? .normal : BlendMode.allCases[random.int(in: 0...BlendMode.allCases.count - 1)]
    }

    static func point(_ random: inout Random, _ width: Int, _ height: Int) -> Point {
        Point(x: random.double(in: -15...Double(width + 15)), y: random.double(in: -15...Double(height + 15)))
    }

    static func path(_ random: inout Random, _ width: Int, _ height: Int) -> Path {
        var path = Path()
        for _ in 0..<(random.chance(0.3) ? 2 : 1) {
            let center = point(&random, width, height)
            func near() -> Point {
                Point(x: center.x + random.double(in: -40...40), y: center.y + random.double(in: -40...40))
            }
            path.move(to: near())
            for _ in 0..<random.int(in: 2...7) {
                switch random.int(in: 0...4) {
                case 0: path.addQuadCurve(to: near(), control: near())
                case 1: path.addCurve(to: near(), control1: near(), control2: near())
                default: path.addLine(to: near())
                }
            }
            path.closeSubpath()
        }
        return path
    }

    static func transform(_ random: inout Random) -> Transform {
        guard random.chance(0.5) else { return .identity }
        return Transform(a: random.double(in: 0.6...1.4), b: random.double(in: -0.4...0.4), c: random.double(in: -0.4...0.4),
                         d: random.double(in: 0.6...1.4), tx: random.double(in: -10...10), ty: random.double(in: -10...10))
    }

    /// A small image with transparent, translucent and opaque texels.
    static func image(_ random: inout Random) throws -> Image {
        let (w, h) = (random.int(in: 1...9), random.int(in: 1...9))
        if random.chance(0.2) {
            return try Image(width: w, height: h, alpha: (0..<w * h).map { _ in UInt8(random.int(in: 0...255)) })
        }
        var bytes: [UInt8] = []
        for _ in 0..<w * h {
            let a = [0, 255, random.int(in: 0...255)][random.int(in: 0...2)]
            bytes += [random.int(in: 0...a), random.int(in: 0...a), random.int(in: 0...a), a].map { UInt8($0) }
        }
        return try Image(width: w, height: h, premultipliedRGBA: bytes)
    }

    static func paint(_ random: inout Random, _ width: Int, _ height: Int) throws -> Paint {
        switch random.int(in: 0...3) {
        case 0:
            return .solid(color(&random))
        case 1, 2:
            let kinds: [Gradient.Kind] = [
                .linear(start: point(&random, width, height), end: point(&random, width, height)),
                .radial(startCenter: point(&random, width, height), startRadius: random.double(in: 0...10),
                        endCenter: point(&random, width, height), endRadius: random.double(in: 5...60)),
                .conic(center: point(&random, width, height), startAngle: random.double(in: 0...6)),
            ]
            let stops = (0..<random.int(in: 2...4)).map { _ in
                Gradient.Stop(offset: random.double(in: 0...1),
                              color: random.chance(0.4) ? Color(red: 1, green: 1, blue: 1, alpha: 0) : color(&random))
            }
            let extend: [Gradient.Extend] = [.pad, .repeat, .reflect]
            return .gradient(Gradient(kinds[random.int(in: 0...2)], stops: stops, extend: extend[random.int(in: 0...2)]))
        default:
            let placement = Transform(a: random.double(in: 0.5...6), b: 0, c: 0, d: random.double(in: 0.5...6),
                                      tx: random.double(in: -5...Double(width)), ty: random.double(in: -5...Double(height)))
            let extend: [ImagePattern.Extend] = [.pad, .repeat, .reflect, .none]
            let filter: [ImagePattern.Filter] = [.nearest, .bilinear]
            return .image(ImagePattern(image: try image(&random), transform: placement, extend: extend[random.int(in: 0...3)],
                                       filter: filter[random.int(in: 0...1)]))
        }
    }

    static func mask(_ random: inout Random, _ width: Int, _ height: Int) -> AlphaMask {
        var mask = AlphaMask(x: random.int(in: -20...width), y: random.int(in: -20...height),
                             width: random.int(in: 0...50), height: random.int(in: 0...40))
        let solid = random.chance(0.3)
        for i in mask.values.indices { mask.values[i] = solid ? 255 : UInt8(random.int(in: 0...255)) }
        return random.chance(0.3) ? mask.blurred(horizontally: GaussianKernel(sigma: 2), vertically: GaussianKernel(sigma: 1))
            : mask
    }

    /// Draws a random scene of `count` calls (the same for the same generator state).
    static func drawScene(on canvas: Canvas, _ random: inout Random, width: Int, height: Int, count: Int) throws {
        var openGroups = 0
        for _ in 0..<count {
            switch random.int(in: 0...15) {
            case 0, 1:
                canvas.fill(path(&random, width, height), paint: try paint(&random, width, height),
                            rule: random.chance(0.5) ? .nonZero : .evenOdd, transform: transform(&random),
                            blendMode: blendMode(&random))
            case 2:
                canvas.fill(path(&random, width, height), paint: .solid(color(&random)),
                            rule: random.chance(0.5) ? .nonZero : .evenOdd, transform: transform(&random))
            case 3:
                // Axis-aligned rectangles: the rectangle fast path for solid source-over paints.
                var rect = Rect(x: random.double(in: -10...Double(width)), y: random.double(in: -10...Double(height)),
                                width: random.double(in: 0...40), height: random.double(in: 0...40))
                if random.chance(0.4) { rect = Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(),
                                                    height: rect.height.rounded()) }
                let paint: Paint = random.chance(0.8) ? .solid(color(&random)) : try paint(&random, width, height)
                canvas.fill(Path(rect: rect), paint: paint, blendMode: random.chance(0.8) ? .normal : blendMode(&random))
            case 4:
                let style = StrokeStyle(width: random.double(in: 0.3...9), cap: [.butt, .round, .square][random.int(in: 0...2)],
                                        join: [.miter, .round, .bevel][random.int(in: 0...2)])
                let dash = random.chance(0.3) ? DashPattern(lengths: [random.double(in: 1...9), random.double(in: 1...9)]) : nil
                canvas.stroke(path(&random, width, height), paint: try paint(&random, width, height), style: style, dash: dash,
                              transform: transform(&random), blendMode: blendMode(&random))
            case 5:
                let rect = Rect(x: random.double(in: -10...Double(width)), y: random.double(in: -10...Double(height)),
                                width: random.double(in: 1...50), height: random.double(in: 1...50))
                canvas.drawImage(try image(&random), in: rect, transform: transform(&random),
                                 filter: random.chance(0.5) ? .nearest : .bilinear, opacity: random.double(in: 0...1.2),
                                 blendMode: blendMode(&random))
            case 6, 7:
                canvas.fill(mask(&random, width, height), paint: try paint(&random, width, height),
                            blendMode: random.chance(0.6) ? .normal : blendMode(&random))
            case 8, 9:
                guard openGroups < 3 else { break }
                canvas.beginGroup()
                openGroups += 1
            case 10:
                guard openGroups > 0 else { break }
                if random.chance(0.7) {
                    canvas.beginMask()
                } else {
                    canvas.beginMask(opaqueInside: MaskInterior(minX: 0, minY: 0, maxX: Double(width / 2),
                                                                maxY: Double(height / 2), radius: 0))
                    canvas.fill(Path(rect: Rect(x: -1, y: -1, width: Double(width / 2 + 2), height: Double(height / 2 + 2))),
                                paint: .solid(.black))
                }
            case 11, 12:
                guard openGroups > 0 else { break }
                canvas.endGroup(opacity: [1, 1, random.double(in: 0...1), 0][random.int(in: 0...3)],
                                blendMode: blendMode(&random))
                openGroups -= 1
            case 13:
                if random.chance(0.3) { canvas.clear(color(&random)) }
            case 14:
                // A perspective plane.
                let projection = Projection(a: 1, b: random.double(in: -0.2...0.2), c: random.double(in: -0.2...0.2), d: 1,
                                            tx: random.double(in: 0...20), ty: random.double(in: 0...20),
                                            wx: random.double(in: -0.004...0.004), wy: random.double(in: -0.004...0.004), w0: 1)
                canvas.fill(path(&random, width, height), paint: try paint(&random, width, height), projection: projection)
            default:
                // Bad input draws nothing.
                var bad = path(&random, width, height)
                bad.addLine(to: Point(x: [Double.nan, .infinity, -.infinity][random.int(in: 0...2)], y: 3))
                canvas.fill(bad, paint: .solid(.black))
                canvas.stroke(bad, paint: .solid(.black), style: StrokeStyle(width: .nan))
            }
        }
        // Groups left open are ended by the render.
    }

    @Test(arguments: [1, 2, 3])
    func randomScenesMatchTheRGBAAlphaChannel(threads: Int) throws {
        var drawn = 0, total = 0, values = Set<UInt8>()
        for scene in 0..<60 {
            let seed = 0xA1FA_0000 + UInt64(scene) * 31 + UInt64(threads)
            var sizeRandom = Random(seed: seed)
            let width = [1, 7, 33, 64, 97, 150][scene % 6] + sizeRandom.int(in: 0...3)
            let height = [1, 40, 70, 97, 130][scene % 5]
            let result = try Self.bothWays(width: width, height: height, threads: threads) { canvas in
                var random = Random(seed: seed)
                try? Self.drawScene(on: canvas, &random, width: width, height: height, count: 10 + scene % 40)
            }
            if let mismatch = CoverageHarness.mismatch(result.alpha, result.rgba, width: width) {
                Issue.record("scene \(scene) (seed \(seed), \(width)×\(height), \(threads) threads): \(mismatch)")
            }
            drawn += result.rgba.count { $0 != 0 }
            total += result.rgba.count
            values.formUnion(result.rgba)
        }
        // The scenes draw something, and varied: not a comparison of empty targets.
        #expect(drawn * 4 > total && values.count > 200, "\(drawn) of \(total) bytes drawn, \(values.count) values")
    }

    /// Many scenes on one canvas, of sizes that grow and shrink: the kept target is transparent
    /// again for every call (no trace of an earlier one).
    @Test func warmCanvasKeepsMatching() throws {
        let alphaCanvas = Canvas(threadCount: 2), rgbaCanvas = Canvas(threadCount: 2)
        for scene in 0..<40 {
            let (width, height) = ([50, 120, 20, 121, 3][scene % 5], [90, 30, 64, 33, 200][scene % 5])
            let seed = 0x5CE_0000 + UInt64(scene)
            var random = Random(seed: seed), again = Random(seed: seed)
            try Self.drawScene(on: rgbaCanvas, &random, width: width, height: height, count: 25)
            try Self.drawScene(on: alphaCanvas, &again, width: width, height: height, count: 25)
            let pixmap = try Pixmap(width: width, height: height)
            rgbaCanvas.render(into: pixmap)
            var plane = [UInt8](repeating: 0, count: width * height)
            if let mask = try alphaCanvas.renderAlphaMask(width: width, height: height) {
                for y in 0..<mask.height {
                    for x in 0..<mask.width { plane[(mask.y + y) * width + mask.x + x] = mask.values[y * mask.width + x] }
                }
            }
            if let mismatch = CoverageHarness.mismatch(plane, CoverageHarness.alpha(of: pixmap), width: width) {
                Issue.record("scene \(scene) (\(width)×\(height)): \(mismatch)")
            }
        }
    }

    /// Each blend mode on its own, through a fill, a stroke, a mask and a group, over a background
    /// that is not opaque: the modes that change pixels outside the source (copy, sourceIn, …)
    /// change the whole target in both.
    @Test(arguments: BlendMode.allCases)
    func everyBlendModeMatches(mode: BlendMode) throws {
        var random = Random(seed: 0xB1E0 + UInt64(mode.rawValue))
        let (width, height) = (70, 50)
        let backdrop = try Self.paint(&random, width, height)
        let source = try Self.paint(&random, width, height)
        let mask = Self.mask(&random, width, height)
        let result = try Self.bothWays(width: width, height: height) { canvas in
            canvas.fill(Path(ellipseIn: Rect(x: 3, y: 2, width: 60, height: 40)), paint: backdrop)
            canvas.fill(Path(rect: Rect(x: 10.5, y: 5.25, width: 30, height: 20)), paint: .solid(Color(red: 0, green: 1, blue: 0, alpha: 0.6)))
            canvas.beginGroup()
            canvas.fill(Path(ellipseIn: Rect(x: 20, y: 10, width: 40, height: 30)), paint: source, blendMode: mode)
            canvas.stroke(Path(ellipseIn: Rect(x: 5, y: 5, width: 30, height: 30)), paint: source,
                          style: StrokeStyle(width: 3), blendMode: mode)
            canvas.fill(mask, paint: source, blendMode: mode)
            canvas.endGroup(opacity: 0.8, blendMode: mode)
        }
        if let mismatch = CoverageHarness.mismatch(result.alpha, result.rgba, width: width) { Issue.record("\(mismatch)") }
    }

    // MARK: Exact coverage

    /// A 10×10 square at integer coordinates covers exactly 100 pixels fully: as a rectangle, as a
    /// general path (rotated by a whole turn, so not recognised as one), under even-odd, painted
    /// with an opaque gradient and through a mask.
    @Test func squareAtIntegerCoordinatesGivesOneHundredFullBytes() throws {
        let square = Path(rect: Rect(x: 12, y: 7, width: 10, height: 10))
        var polygon = Path()
        polygon.move(to: Point(x: 12, y: 7))
        for p in [Point(x: 17, y: 7), Point(x: 22, y: 7), Point(x: 22, y: 17), Point(x: 12, y: 17)] { polygon.addLine(to: p) }
        polygon.closeSubpath()
        let opaqueGradient = Paint.gradient(Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 40, y: 0)),
                                                     colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]))
        var full = AlphaMask(x: 12, y: 7, width: 10, height: 10)
        for i in full.values.indices { full.values[i] = 255 }
        let draws: [(String, (Canvas) -> Void)] = [
            ("rect", { $0.fill(square, paint: .solid(.black)) }),
            ("polygon", { $0.fill(polygon, paint: .solid(.black)) }),
            ("even-odd", { $0.fill(polygon, paint: .solid(.black), rule: .evenOdd) }),
            ("gradient", { $0.fill(square, paint: opaqueGradient) }),
            ("mask", { $0.fill(full, paint: .solid(.black)) }),
            ("gradient mask", { $0.fill(full, paint: opaqueGradient) }),
            ("group", { $0.beginGroup(); $0.fill(polygon, paint: .solid(.black)); $0.endGroup() }),
        ]
        for (name, draw) in draws {
            let canvas = Canvas(threadCount: 1)
            draw(canvas)
            let mask = try #require(try canvas.renderAlphaMask(width: 40, height: 30), "\(name)")
            #expect(mask.x == 12 && mask.y == 7 && mask.width == 10 && mask.height == 10, "\(name)")
            #expect(mask.values.count == 100 && mask.values.allSatisfy { $0 == 255 }, "\(name)")
        }
    }

    /// A right triangle with legs of 10 pixels at integer corners: pixels below the diagonal full,
    /// those it crosses half covered (round(0.5 × 255) = 128), the rest empty; 45 + 10 × 0.5 = 50
    /// pixels of area. A half-transparent colour halves the full ones (128).
    @Test func triangleHasItsExactArea() throws {
        var triangle = Path()
        triangle.move(to: Point(x: 5, y: 5))
        triangle.addLine(to: Point(x: 15, y: 5))
        triangle.addLine(to: Point(x: 5, y: 15))
        triangle.closeSubpath()
        let canvas = Canvas(threadCount: 1)
        canvas.fill(triangle, paint: .solid(.black))
        let mask = try #require(try canvas.renderAlphaMask(width: 20, height: 20))
        #expect(mask.x == 5 && mask.y == 5 && mask.width == 10 && mask.height == 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let expected: UInt8 = x + y < 9 ? 255 : (x + y == 9 ? 128 : 0)
                #expect(mask[5 + x, 5 + y] == expected, "(\(x), \(y))")
            }
        }
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 3)), paint: .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.5)))
        let half = try #require(try canvas.renderAlphaMask(width: 20, height: 20))
        #expect(half.width == 4 && half.height == 3 && half.values.allSatisfy { $0 == 128 })
    }

    /// A group at opacity 0.5 over nothing: its alpha is 128 where it drew, once (not doubled where
    /// its shapes overlap); a mask halves it again.
    @Test func groupOpacityAndMaskScaleTheAlpha() throws {
        let canvas = Canvas(threadCount: 1)
        canvas.beginGroup()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 8, height: 4)), paint: .solid(.black))
        canvas.fill(Path(rect: Rect(x: 4, y: 0, width: 8, height: 4)), paint: .solid(.black))
        canvas.endGroup(opacity: 0.5)
        let mask = try #require(try canvas.renderAlphaMask(width: 16, height: 16))
        #expect(mask.width == 12 && mask.height == 4 && mask.values.allSatisfy { $0 == 128 })

        canvas.beginGroup()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 8, height: 4)), paint: .solid(.black))
        canvas.beginMask()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)), paint: .solid(.black))
        canvas.endGroup(opacity: 0.5)
        let masked = try #require(try canvas.renderAlphaMask(width: 16, height: 16))
        #expect(masked.width == 8 && (0..<4).allSatisfy { y in (0..<8).allSatisfy { x in masked[x, y] == (x < 4 ? 128 : 0) } })
    }

    // MARK: Bad input

    /// Non-finite coordinates, empty and off-target shapes, empty or absurd targets: no trap, nil
    /// or an error, and the canvas still works.
    @Test func badInputNeverTraps() throws {
        let canvas = Canvas(threadCount: 2)
        var nanPath = Path()
        nanPath.move(to: Point(x: .nan, y: 1))
        nanPath.addLine(to: Point(x: 10, y: .infinity))
        nanPath.addLine(to: Point(x: 3, y: 3))
        canvas.fill(nanPath, paint: .solid(.black))
        canvas.stroke(nanPath, paint: .solid(.black), style: StrokeStyle(width: .nan))
        canvas.fill(Path(rect: Rect(x: .nan, y: 0, width: 5, height: 5)), paint: .solid(.black))
        canvas.fill(Path(rect: Rect(x: 1e300, y: -1e300, width: 1e308, height: .infinity)), paint: .solid(.black))
        canvas.fill(AlphaMask(x: .max - 3, y: .min, width: 10, height: 10), paint: .solid(.black), blendMode: .copy)
        canvas.fill(AlphaMask(x: 5, y: 5, width: -3, height: 4), paint: .solid(.black))
        canvas.endGroup(opacity: .nan)
        #expect(try canvas.renderAlphaMask(width: 30, height: 30) == nil)

        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)), paint: .solid(.black))
        #expect(try canvas.renderAlphaMask(width: 0, height: 30) == nil)
        #expect(canvas.recordedCount == 0)
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)), paint: .solid(.black))
        #expect(throws: RasterError.self) { try canvas.renderAlphaMask(width: Pixmap.maximumDimension + 1, height: 3) }
        #expect(throws: RasterError.self) { try canvas.renderAlphaMask(width: 60_000, height: 60_000) }
        #expect(canvas.recordedCount == 0)

        canvas.fill(Path(rect: Rect(x: 1, y: 2, width: 3, height: 4)), paint: .solid(.black))
        let after = try #require(try canvas.renderAlphaMask(width: 10, height: 10))
        #expect(after.x == 1 && after.y == 2 && after.width == 3 && after.height == 4 && after.values.allSatisfy { $0 == 255 })
    }
}
