import TesseraRaster

// The standard scenes of Benchmarks/bench-scenes.md, bit for bit: every scene restarts SplitMix64
// at seed 42, and numbers are drawn in exactly the order the document gives.

extension BenchScene {
    /// Every scene the bench knows, in the order it runs them.
    public static let all: [BenchScene] = [
        fillPolygons, fillPolygonsEvenOdd, fillCurves, fillRects,
        strokePolylinesMiter, strokeCurvesRound, strokeDashedBevel,
        fillLinearGradient, fillRadialGradient, fillImage, drawImages, fillPolygonsMultiply,
    ]

    /// The names of ``all``, in order.
    public static var names: [String] { all.map(\.name) }

    /// The scene called `name`, or `nil` when there is none.
    public static func named(_ name: String) -> BenchScene? {
        all.first { $0.name == name }
    }

    /// `fill-polygons`: 1,000 ten-vertex polygons, non-zero winding.
    public static let fillPolygons = BenchScene(
        name: "fill-polygons",
        summary: "1,000 random 10-vertex polygons in 200×200 boxes, filled non-zero, alpha 0.5"
    ) {
        StandardScenes.polygons(rule: .nonZero)
    }

    /// `fill-polygons-evenodd`: the geometry of `fill-polygons`, filled under the even-odd rule.
    public static let fillPolygonsEvenOdd = BenchScene(
        name: "fill-polygons-evenodd",
        summary: "the polygons of fill-polygons, filled even-odd"
    ) {
        StandardScenes.polygons(rule: .evenOdd)
    }

    /// `fill-curves`: 1,000 closed shapes of four cubic Béziers each, non-zero winding.
    public static let fillCurves = BenchScene(
        name: "fill-curves",
        summary: "1,000 random closed shapes of 4 cubic Béziers in 200×200 boxes, filled non-zero"
    ) {
        StandardScenes.curves()
    }

    /// `fill-rects`: 10,000 small axis-aligned rectangles at fractional coordinates.
    public static let fillRects = BenchScene(
        name: "fill-rects",
        summary: "10,000 axis-aligned rectangles 8–64 px at fractional coordinates, filled"
    ) {
        StandardScenes.rects()
    }

    /// `stroke-polylines-miter`: 1,000 open ten-vertex polylines, width 5, miter joins (limit 10),
    /// butt caps.
    public static let strokePolylinesMiter = BenchScene(
        name: "stroke-polylines-miter",
        summary: "1,000 random open 10-vertex polylines in 200×200 boxes, stroked 5 wide, miter joins (limit 10), butt caps"
    ) {
        StandardScenes.polylines(style: StandardScenes.polylinesMiterStyle, dash: nil)
    }

    /// `stroke-curves-round`: 1,000 open shapes of four cubic Béziers, width 3, round joins and caps.
    public static let strokeCurvesRound = BenchScene(
        name: "stroke-curves-round",
        summary: "1,000 random open shapes of 4 cubic Béziers in 200×200 boxes, stroked 3 wide, round joins and caps"
    ) {
        StandardScenes.openCurves()
    }

    /// `stroke-dashed-bevel`: the geometry of `stroke-polylines-miter`, width 4, bevel joins, square
    /// caps, dashed `[12, 6, 3, 6]` from phase 0.
    public static let strokeDashedBevel = BenchScene(
        name: "stroke-dashed-bevel",
        summary: "the polylines of stroke-polylines-miter, stroked 4 wide, bevel joins, square caps, dashed [12, 6, 3, 6]"
    ) {
        StandardScenes.polylines(style: StandardScenes.dashedBevelStyle, dash: StandardScenes.dashedBevelPattern)
    }
}

/// The random-number recipes of `bench-scenes.md`, over one generator.
struct SceneRandom {
    /// The side of a ``box()``.
    static let boxSide = 200.0
    /// The canvas the standard scenes are laid out for.
    static let canvasWidth = 1920.0
    static let canvasHeight = 1080.0

    var generator: SplitMix64

    /// A generator at the standard seed, 42.
    init(seed: UInt64 = 42) {
        generator = SplitMix64(seed: seed)
    }

    /// `u()`: uniform in [0, 1).
    mutating func u() -> Double { generator.unit() }

    /// `box()`: the top-left corner of a 200 × 200 square inside the canvas (x drawn first).
    mutating func box() -> Point {
        let x = u() * (Self.canvasWidth - Self.boxSide)
        let y = u() * (Self.canvasHeight - Self.boxSide)
        return Point(x: x, y: y)
    }

    /// `pt(box)`: a point inside the box whose top-left corner is `box` (x drawn first).
    mutating func point(in box: Point) -> Point {
        let x = box.x + u() * Self.boxSide
        let y = box.y + u() * Self.boxSide
        return Point(x: x, y: y)
    }

    /// `color()`: straight-alpha RGBA `(u(), u(), u(), 0.5)`, drawn r, g, b.
    mutating func color() -> Color {
        let r = u()
        let g = u()
        let b = u()
        return Color(red: r, green: g, blue: b, alpha: 0.5)
    }
}

/// Builders of the standard scenes' shapes.
enum StandardScenes {
    /// Shapes in each polygon and curve scene.
    static let shapeCount = 1_000
    /// Rectangles in `fill-rects`.
    static let rectCount = 10_000
    /// Vertices of each polygon.
    static let polygonVertices = 10
    /// Cubic segments of each curve shape.
    static let curveSegments = 4

    /// `fill-polygons` (and `-evenodd`): `moveTo(pt)`, 9 × `lineTo(pt)`, `close`.
    static func polygons(rule: FillRule) -> [BenchShape] {
        polygonShapes(closed: true, style: .fill(rule))
    }

    /// `fill-curves`: `moveTo(pt)`, 4 × `cubicTo(pt, pt, pt)` (control 1, control 2, end), `close`.
    static func curves() -> [BenchShape] {
        curveShapes(closed: true, style: .fill(.nonZero))
    }

    /// The pen of `stroke-polylines-miter`.
    static let polylinesMiterStyle = StrokeStyle(width: 5, cap: .butt, join: .miter, miterLimit: 10)
    /// The pen of `stroke-curves-round`.
    static let curvesRoundStyle = StrokeStyle(width: 3, cap: .round, join: .round)
    /// The pen of `stroke-dashed-bevel`.
    static let dashedBevelStyle = StrokeStyle(width: 4, cap: .square, join: .bevel)
    /// The dash pattern of `stroke-dashed-bevel`.
    static let dashedBevelPattern = DashPattern(lengths: [12, 6, 3, 6], phase: 0)

    /// `stroke-polylines-miter` and `stroke-dashed-bevel`: `moveTo(pt)`, 9 × `lineTo(pt)`, open
    /// (the points of `fill-polygons`, without the close).
    static func polylines(style: StrokeStyle, dash: DashPattern?) -> [BenchShape] {
        polygonShapes(closed: false, style: .stroke(style, dash))
    }

    /// `stroke-curves-round`: `moveTo(pt)`, 4 × `cubicTo(pt, pt, pt)`, open.
    static func openCurves() -> [BenchShape] {
        curveShapes(closed: false, style: .stroke(curvesRoundStyle, nil))
    }

    /// For each shape: box(), `moveTo(pt)`, 9 × `lineTo(pt)`, `close` when `closed`, color().
    static func polygonShapes(closed: Bool, style: BenchShapeStyle, blendMode: BlendMode = .normal) -> [BenchShape] {
        polygonShapes(closed: closed, style: style) { random, _ in .solid(random.color()) }
            .map { BenchShape(path: $0.path, paint: $0.paint, style: $0.style, blendMode: blendMode) }
    }

    /// For each shape: box(), `moveTo(pt)`, 9 × `lineTo(pt)`, `close` when `closed`, then the
    /// draws of `paint` (given the generator and the box).
    static func polygonShapes(
        closed: Bool, style: BenchShapeStyle,
        paint: (inout SceneRandom, Point) -> Paint
    ) -> [BenchShape] {
        var random = SceneRandom()
        var shapes: [BenchShape] = []
        shapes.reserveCapacity(shapeCount)
        for _ in 0..<shapeCount {
            let box = random.box()
            var path = Path()
            path.reserveCapacity(verbs: polygonVertices + 1, points: polygonVertices)
            path.move(to: random.point(in: box))
            for _ in 1..<polygonVertices {
                path.addLine(to: random.point(in: box))
            }
            if closed { path.closeSubpath() }
            shapes.append(BenchShape(path: path, paint: paint(&random, box), style: style))
        }
        return shapes
    }

    /// For each shape: box(), `moveTo(pt)`, 4 × `cubicTo(pt, pt, pt)` (control 1, control 2, end),
    /// `close` when `closed`, color().
    private static func curveShapes(closed: Bool, style: BenchShapeStyle) -> [BenchShape] {
        var random = SceneRandom()
        var shapes: [BenchShape] = []
        shapes.reserveCapacity(shapeCount)
        for _ in 0..<shapeCount {
            let box = random.box()
            var path = Path()
            path.reserveCapacity(verbs: curveSegments + 2, points: 1 + 3 * curveSegments)
            path.move(to: random.point(in: box))
            for _ in 0..<curveSegments {
                let control1 = random.point(in: box)
                let control2 = random.point(in: box)
                let end = random.point(in: box)
                path.addCurve(to: end, control1: control1, control2: control2)
            }
            if closed { path.closeSubpath() }
            shapes.append(BenchShape(path: path, paint: .solid(random.color()), style: style))
        }
        return shapes
    }

    /// `fill-rects`: x = u()·1856, y = u()·1016, w = 8 + u()·56, h = 8 + u()·56, then the color.
    /// Drawn as a rectangle (``BenchShapeStyle/fillRect(_:)``); the path runs as CoreGraphics'
    /// `addRect`: move (x, y), line (x+w, y), line (x+w, y+h), line (x, y+h), close.
    static func rects() -> [BenchShape] {
        var random = SceneRandom()
        var shapes: [BenchShape] = []
        shapes.reserveCapacity(rectCount)
        for _ in 0..<rectCount {
            let x = random.u() * 1856
            let y = random.u() * 1016
            let w = 8 + random.u() * 56
            let h = 8 + random.u() * 56
            var path = Path()
            path.reserveCapacity(verbs: 5, points: 4)
            path.move(to: Point(x: x, y: y))
            path.addLine(to: Point(x: x + w, y: y))
            path.addLine(to: Point(x: x + w, y: y + h))
            path.addLine(to: Point(x: x, y: y + h))
            path.closeSubpath()
            let rect = Rect(x: x, y: y, width: w, height: h)
            shapes.append(BenchShape(path: path, paint: .solid(random.color()), style: .fillRect(rect)))
        }
        return shapes
    }
}
