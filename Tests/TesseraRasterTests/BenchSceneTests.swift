import Testing
@testable import BenchScenes
import TesseraRaster

/// The standard scenes of `Benchmarks/bench-scenes.md` are drawn bit for bit as specified.
///
/// Reference values were computed independently of this code, with a short Python 3 script
/// implementing the document's SplitMix64, `u()`, `box()`, `pt(box)` and `color()` word for word
/// (Python integers masked to 64 bits for `&+` and `&*`; `(z >> 11) * 2.0**-53` for `u()`), and
/// printed with `repr`, which gives the shortest decimal that reads back as the same `Double`. The
/// comparisons are therefore exact.
@Suite struct BenchSceneTests {
    // MARK: SplitMix64

    /// First outputs of SplitMix64 seeded with 42 (Python reference, see above).
    @Test func splitMixSeed42FirstOutputs() {
        var random = SplitMix64(seed: 42)
        let expected: [UInt64] = [
            0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52,
            0x581C_E1FF_0E4A_E394, 0x09BC_585A_2448_23F2,
        ]
        for value in expected {
            #expect(random.next() == value)
        }
    }

    /// `u()` is the top 53 bits scaled by 2⁻⁵³ (Python reference, see above).
    @Test func splitMixSeed42FirstUnits() {
        var random = SplitMix64(seed: 42)
        #expect(random.unit() == 0.7415648787718233)
        #expect(random.unit() == 0.1599103928769201)
        #expect(random.unit() == 0.27860113025513866)
        // 0xBDD732262FEB6E95 >> 11, scaled: the same value derived from the first output by hand.
        #expect(Double(UInt64(0xBDD7_3226_2FEB_6E95) >> 11) * 0x1.0p-53 == 0.7415648787718233)
    }

    @Test func unitStaysBelowOne() {
        var random = SplitMix64(seed: 0)
        for _ in 0..<10_000 {
            let u = random.unit()
            #expect(u >= 0 && u < 1)
        }
    }

    // MARK: The first polygon, by hand

    /// box() = (u₁·1720, u₂·880); the first point = (box.x + u₃·200, box.y + u₄·200); after the
    /// ten points, color() = (u₂₃, u₂₄, u₂₅, 0.5).
    @Test func firstPolygonMatchesSpecification() throws {
        var random = SceneRandom()
        let box = random.box()
        // 0.7415648787718233 × 1720 and 0.1599103928769201 × 880.
        #expect(box == Point(x: 1275.4915914875362, y: 140.7211457316897))

        let shapes = BenchScene.fillPolygons.prepare().shapes
        let first = try #require(shapes.first)
        // 1275.4915914875362 + 0.27860113025513866 × 200 = 1331.211817538564; y likewise.
        #expect(first.path.points[0] == Point(x: 1331.211817538564, y: 209.5592890364172))
        #expect(first.paint == .solid(Color(red: 0.5998163039337572, green: 0.6198190348990976,
                                            blue: 0.07416081106359129, alpha: 0.5)))
        #expect(first.style == .fill(.nonZero))
        for point in first.path.points {
            #expect(point.x >= box.x && point.x < box.x + 200)
            #expect(point.y >= box.y && point.y < box.y + 200)
        }
    }

    // MARK: Whole sequences (the last shape depends on every number drawn before it)

    @Test func lastPolygonMatchesReference() throws {
        let last = try #require(BenchScene.fillPolygons.prepare().shapes.last)
        #expect(last.path.points.first == Point(x: 299.38703717793095, y: 432.4819624948851))
        #expect(last.path.points.last == Point(x: 397.17283009301167, y: 364.55621016726747))
        #expect(last.paint == .solid(Color(red: 0.759797619953284, green: 0.3126318335034709,
                                           blue: 0.05549879343548725, alpha: 0.5)))
    }

    @Test func curvesMatchReference() throws {
        let shapes = BenchScene.fillCurves.prepare().shapes
        let first = try #require(shapes.first)
        // Same seed and the same first draws as the polygons: same box and first point.
        #expect(first.path.points[0] == Point(x: 1331.211817538564, y: 209.5592890364172))
        #expect(first.paint == .solid(Color(red: 0.9419273254004864, green: 0.6941775743210611,
                                            blue: 0.7899082678505488, alpha: 0.5)))
        let last = try #require(shapes.last)
        #expect(last.path.points.first == Point(x: 568.0614347824911, y: 473.45928712813867))
        #expect(last.path.points.last == Point(x: 748.1523799567376, y: 331.83108866853615))
        #expect(last.paint == .solid(Color(red: 0.3120064633932875, green: 0.025472695086795394,
                                           blue: 0.8439278894584236, alpha: 0.5)))
    }

    @Test func rectsMatchReference() throws {
        let shapes = BenchScene.fillRects.prepare().shapes
        let first = try #require(shapes.first)
        let x = 1376.3444150005041, y = 162.46895916295082
        let w = 23.601663294287764, h = 27.2746801253237
        #expect(first.path.verbs == [.move, .line, .line, .line, .close])
        #expect(first.style == .fillRect(Rect(x: x, y: y, width: w, height: h)))
        #expect(first.path.points == [
            Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h),
        ])
        #expect(first.paint == .solid(Color(red: 0.03803016854024621, green: 0.8682280765465323,
                                            blue: 0.21840519371218436, alpha: 0.5)))
        let last = try #require(shapes.last)
        #expect(last.path.points[0] == Point(x: 1648.6489094065423, y: 37.2307110919581))
        #expect(last.path.points[2] == Point(x: 1679.8553091113727, y: 77.70642616987531))
        #expect(last.paint == .solid(Color(red: 0.75943205042361, green: 0.1717887249840041,
                                           blue: 0.7411133448672794, alpha: 0.5)))
    }

    // MARK: Counts and rules

    @Test(arguments: [
        // name, shapes, verbs per shape, points per shape
        ("fill-polygons", 1_000, [Path.Verb.move] + Array(repeating: .line, count: 9) + [.close], 10),
        ("fill-polygons-evenodd", 1_000, [Path.Verb.move] + Array(repeating: .line, count: 9) + [.close], 10),
        ("fill-curves", 1_000, [Path.Verb.move] + Array(repeating: .cubic, count: 4) + [.close], 13),
        ("fill-rects", 10_000, [Path.Verb.move, .line, .line, .line, .close], 4),
        ("stroke-polylines-miter", 1_000, [Path.Verb.move] + Array(repeating: .line, count: 9), 10),
        ("stroke-curves-round", 1_000, [Path.Verb.move] + Array(repeating: .cubic, count: 4), 13),
        ("stroke-dashed-bevel", 1_000, [Path.Verb.move] + Array(repeating: .line, count: 9), 10),
    ])
    func shapeAndVertexCounts(name: String, shapes: Int, verbs: [Path.Verb], points: Int) throws {
        let scene = try #require(BenchScene.named(name))
        #expect(scene.width == 1920 && scene.height == 1080)
        let prepared = scene.prepare()
        #expect(prepared.shapes.count == shapes)
        for shape in prepared.shapes {
            #expect(shape.path.verbs == verbs)
            #expect(shape.path.points.count == points)
            guard case .solid(let color) = shape.paint else {
                Issue.record("not a solid paint")
                continue
            }
            #expect(color.alpha == 0.5)
        }
    }

    @Test func evenOddHasThePolygonsGeometryAndTheEvenOddRule() {
        let nonZero = BenchScene.fillPolygons.prepare().shapes
        let evenOdd = BenchScene.fillPolygonsEvenOdd.prepare().shapes
        #expect(nonZero.map(\.path) == evenOdd.map(\.path))
        #expect(nonZero.map(\.paint) == evenOdd.map(\.paint))
        #expect(nonZero.allSatisfy { $0.style == .fill(.nonZero) })
        #expect(evenOdd.allSatisfy { $0.style == .fill(.evenOdd) })
    }

    // MARK: Stroke scenes

    /// Every number a scene draws, folded in order: the sum of all point coordinates (x then y of
    /// each point, shape after shape) and of all color components (r, g, b). The reference sums
    /// were folded in the same order, left to right, in Python, so they match exactly.
    static func sums(_ shapes: [BenchShape]) -> (coordinates: Double, colors: Double) {
        var coordinates = 0.0, colors = 0.0
        for shape in shapes {
            for point in shape.path.points {
                coordinates += point.x
                coordinates += point.y
            }
            if case .solid(let color) = shape.paint {
                colors += color.red
                colors += color.green
                colors += color.blue
            }
        }
        return (coordinates, colors)
    }

    /// The polylines are the points of `fill-polygons` without the close: box(), ten pt(box), then
    /// color(), so the first and last shapes have the polygons' points and colors.
    @Test func strokePolylinesMiterMatchesReference() throws {
        let shapes = BenchScene.strokePolylinesMiter.prepare().shapes
        let first = try #require(shapes.first)
        #expect(first.path.points[0] == Point(x: 1331.211817538564, y: 209.5592890364172))
        #expect(first.path.points[1] == Point(x: 1283.0976251955854, y: 314.36676104099615))
        #expect(first.path.points[9] == Point(x: 1466.9566390198531, y: 155.33189955238265))
        #expect(first.paint == .solid(Color(red: 0.5998163039337572, green: 0.6198190348990976,
                                            blue: 0.07416081106359129, alpha: 0.5)))
        let second = shapes[1]
        #expect(second.path.points[0] == Point(x: 634.5157854745761, y: 841.3272542464154))
        #expect(second.path.points[9] == Point(x: 541.6941514429166, y: 669.8381446263104))
        #expect(second.paint == .solid(Color(red: 0.14250189976805827, green: 0.5048711642726905,
                                             blue: 0.9693712379675522, alpha: 0.5)))
        let last = try #require(shapes.last)
        #expect(last.path.points[0] == Point(x: 299.38703717793095, y: 432.4819624948851))
        #expect(last.path.points[1] == Point(x: 339.37205756964954, y: 346.4529255794576))
        #expect(last.path.points[9] == Point(x: 397.17283009301167, y: 364.55621016726747))
        #expect(last.paint == .solid(Color(red: 0.759797619953284, green: 0.3126318335034709,
                                           blue: 0.05549879343548725, alpha: 0.5)))
        let sums = Self.sums(shapes)
        #expect(sums.coordinates == 14967301.028952895)
        #expect(sums.colors == 1496.4592345465646)
        let pen = StrokeStyle(width: 5, cap: .butt, join: .miter, miterLimit: 10)
        #expect(shapes.allSatisfy { $0.style == .stroke(pen, nil) })
    }

    /// The open curves draw the numbers of `fill-curves` in the same order (only the close is gone).
    @Test func strokeCurvesRoundMatchesReference() throws {
        let shapes = BenchScene.strokeCurvesRound.prepare().shapes
        let first = try #require(shapes.first)
        #expect(first.path.points[0] == Point(x: 1331.211817538564, y: 209.5592890364172))
        // The first cubic's first control point, then the fourth cubic's end.
        #expect(first.path.points[1] == Point(x: 1283.0976251955854, y: 314.36676104099615))
        #expect(first.path.points[12] == Point(x: 1423.8874526616994, y: 297.8210376309097))
        #expect(first.paint == .solid(Color(red: 0.9419273254004864, green: 0.6941775743210611,
                                            blue: 0.7899082678505488, alpha: 0.5)))
        let second = shapes[1]
        #expect(second.path.points[0] == Point(x: 1602.1196070193173, y: 696.9491034327218))
        #expect(second.path.points[1] == Point(x: 1521.69292290699, y: 582.0482693735509))
        #expect(second.path.points[12] == Point(x: 1556.8813486913916, y: 744.4711973591798))
        #expect(second.paint == .solid(Color(red: 0.03226028154110694, green: 0.2591476326236626,
                                             blue: 0.9648026850143406, alpha: 0.5)))
        let last = try #require(shapes.last)
        #expect(last.path.points[0] == Point(x: 568.0614347824911, y: 473.45928712813867))
        #expect(last.path.points[1] == Point(x: 669.2213832302705, y: 324.77697665903406))
        #expect(last.path.points[12] == Point(x: 748.1523799567376, y: 331.83108866853615))
        #expect(last.paint == .solid(Color(red: 0.3120064633932875, green: 0.025472695086795394,
                                           blue: 0.8439278894584236, alpha: 0.5)))
        let sums = Self.sums(shapes)
        #expect(sums.coordinates == 19760971.35742419)
        #expect(sums.colors == 1519.9957755511698)
        let pen = StrokeStyle(width: 3, cap: .round, join: .round)
        #expect(shapes.allSatisfy { $0.style == .stroke(pen, nil) })
    }

    /// `stroke-dashed-bevel` has the geometry and paints of `stroke-polylines-miter`, with its own
    /// pen and dash pattern.
    @Test func strokeDashedBevelHasThePolylinesGeometry() {
        let miter = BenchScene.strokePolylinesMiter.prepare().shapes
        let dashed = BenchScene.strokeDashedBevel.prepare().shapes
        #expect(miter.map(\.path) == dashed.map(\.path))
        #expect(miter.map(\.paint) == dashed.map(\.paint))
        let pen = StrokeStyle(width: 4, cap: .square, join: .bevel)
        let dash = DashPattern(lengths: [12, 6, 3, 6], phase: 0)
        #expect(dash.lengths == [12, 6, 3, 6] && dash.phase == 0 && !dash.isSolid)
        #expect(dashed.allSatisfy { $0.style == .stroke(pen, dash) })
        // The pen's miter limit is the default (10); bevel joins never read it.
        #expect(pen.miterLimit == 10)
    }

    @Test func preparingTwiceGivesTheSameShapes() {
        for scene in BenchScene.all {
            #expect(scene.prepare().shapes == scene.prepare().shapes, "\(scene.name)")
        }
    }

    // MARK: Catalog and drawing

    @Test func catalogNamesAndLookup() {
        #expect(BenchScene.names == [
            "fill-polygons", "fill-polygons-evenodd", "fill-curves", "fill-rects",
            "stroke-polylines-miter", "stroke-curves-round", "stroke-dashed-bevel",
            "fill-linear-gradient", "fill-radial-gradient", "fill-image", "draw-images", "fill-polygons-multiply",
        ])
        #expect(BenchScene.named("stroke-dashed-bevel")?.name == "stroke-dashed-bevel")
        #expect(BenchScene.named("fill-rects")?.name == "fill-rects")
        #expect(BenchScene.named("no-such-scene") == nil)
        #expect(BenchScene.all.allSatisfy { !$0.summary.isEmpty && !$0.summary.contains("\n") })
    }

    /// A frame records a clear and then one fill or stroke per shape.
    @Test(arguments: ["fill-curves", "stroke-polylines-miter", "stroke-curves-round", "stroke-dashed-bevel"])
    func drawRecordsClearThenEveryShape(name: String) throws {
        let canvas = Canvas(threadCount: 1)
        let scene = try #require(BenchScene.named(name)).prepare()
        scene.draw(on: canvas)
        #expect(canvas.recordedCount == 1 + scene.shapes.count)
        canvas.discardRecording()
    }

    /// A frame recorded in parts (the clear, then ``PreparedScene/drawShapes(_:on:transform:)`` of
    /// uneven ranges on canvases of their own, spliced in order), as the bench records on several
    /// threads, draws the bytes of ``PreparedScene/draw(on:transform:)``; one part left out does
    /// not.
    @Test(arguments: ["fill-rects", "fill-polygons-multiply"])
    func framesRecordedInPartsMatchOneRecording(name: String) throws {
        let scene = try #require(BenchScene.named(name)).prepare()
        let scale = Transform(scaleX: 0.25, y: 0.25)
        func render(skipping skipped: Int?) throws -> [UInt32] {
            let canvas = Canvas(threadCount: 2)
            let pixmap = try Pixmap(width: 480, height: 270)
            if skipped == -1 {
                scene.draw(on: canvas, transform: scale)
            } else {
                canvas.clear(scene.background)
                let bounds = [0, 1, 333, 700, scene.shapes.count]
                let parts = (0..<4).map { _ in Canvas(threadCount: 1) }
                for k in 0..<4 where k != skipped {
                    scene.drawShapes(bounds[k]..<bounds[k + 1], on: parts[k], transform: scale)
                    canvas.append(parts[k])
                }
            }
            canvas.render(into: pixmap)
            return (0..<pixmap.height).flatMap { y in (0..<pixmap.width).map { x in pixmap[x, y].packed } }
        }
        let whole = try render(skipping: -1)
        #expect(try render(skipping: nil) == whole)
        #expect(try render(skipping: 2) != whole)
    }

    /// The scene scaled down by 10 onto a 192 × 108 canvas: the white clear leaves every pixel
    /// opaque (the half-transparent shapes blend over it); the shapes cover most pixels (about 88%)
    /// but leave some white.
    @Test func scaledDownFrameIsOpaqueAndNotBlank() throws {
        let pixmap = try Pixmap(width: 192, height: 108)
        let canvas = Canvas(threadCount: 1)
        BenchScene.fillPolygons.prepare().draw(on: canvas, transform: Transform(scaleX: 0.1, y: 0.1))
        canvas.render(into: pixmap)
        var opaque = true
        var changed = 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let pixel = pixmap[x, y]
                if pixel.a != 255 { opaque = false }
                if pixel != PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) { changed += 1 }
            }
        }
        #expect(opaque)
        #expect(changed > pixmap.width * pixmap.height / 2)
        #expect(changed < pixmap.width * pixmap.height)
    }
}
