/// Golden images of strokes, compared pixel for pixel with `Golden/stroke-*.png`:
///
/// - `stroke-joins-caps`: a sharp zigzag polyline in each join (rows: miter, round, bevel) × cap
///   (columns: butt, round, square), 48 × 48 cells;
/// - `stroke-dashed-trimmed`: dashed, trimmed, and dashed-and-trimmed polylines and circles;
/// - `stroke-wide-curves`: wide strokes of tight curves (a cubic loop at width 20 with round
///   joins, a cusp, a hairpin) where the offset curves fold over themselves.
///
/// Strokes are drawn half-transparent on opaque white, so that any part covered twice (a stroke
/// must cover its overlaps once) shows darker. Opaque images survive the PNG round trip exactly.
import Testing
import TesseraRaster

@Suite struct StrokeGoldenTests {
    static let cell = 48

    /// Colors that show overlaps: straight alpha 0.7.
    static let ink = Color(red: 0.1, green: 0.25, blue: 0.6, alpha: 0.7)
    static let accent = Color(red: 0.75, green: 0.2, blue: 0.1, alpha: 0.7)

    /// A thin dark line along the path itself, to see where the pen is centered.
    static let spine = StrokeStyle(width: 0.75, cap: .butt, join: .round)
    static let spineColor = Color(red: 0, green: 0, blue: 0, alpha: 0.8)

    static func render(width: Int, height: Int, _ draw: (Canvas) -> Void) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: 1)
        canvas.clear(.white)
        draw(canvas)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// A zigzag in one cell, with a sharp angle (about 37°, miter ratio 3.1 < 10), a right angle
    /// and an obtuse one, so that each join shows at several angles; open, so both caps show.
    static func zigzag(in column: Int, _ row: Int) -> Path {
        let x = Double(column * cell), y = Double(row * cell)
        var path = Path()
        path.move(to: Point(x: x + 8, y: y + 38))
        path.addLine(to: Point(x: x + 17, y: y + 12))
        path.addLine(to: Point(x: x + 26, y: y + 38))
        path.addLine(to: Point(x: x + 36, y: y + 28))
        path.addLine(to: Point(x: x + 41, y: y + 14))
        return path
    }

    /// Rows: miter, round, bevel joins; columns: butt, round, square caps. Width 6.
    @Test func joinsAndCaps() throws {
        let joins: [LineJoin] = [.miter, .round, .bevel]
        let caps: [LineCap] = [.butt, .round, .square]
        let pixmap = try Self.render(width: 3 * Self.cell, height: 3 * Self.cell) { canvas in
            for (row, join) in joins.enumerated() {
                for (column, cap) in caps.enumerated() {
                    let path = Self.zigzag(in: column, row)
                    canvas.stroke(path, paint: .solid(Self.ink), style: StrokeStyle(width: 6, cap: cap, join: join))
                    canvas.stroke(path, paint: .solid(Self.spineColor), style: Self.spine)
                }
            }
        }
        goldenImages.expectMatch(pixmap, named: "stroke-joins-caps")
    }

    /// Top row, on the zigzag: dashed `[8, 4]` with butt caps (width 4); dashed `[6, 3, 1, 3]`
    /// phase 2 with round caps and joins (width 2, so that the caps leave the gaps open); dashed
    /// `[10, 5]` and trimmed to 15 %…85 % with square caps (width 4). Bottom row, on a circle of
    /// radius 16 (width 5): trimmed to 0…60 % with round caps; dashed `[5]` with phase −2.5 and
    /// butt caps; dashed `[12, 4, 2, 4]` and trimmed 25 %…100 % with butt caps, under a
    /// non-uniform scale (an elliptic pen).
    @Test func dashedAndTrimmed() throws {
        let pixmap = try Self.render(width: 3 * Self.cell, height: 2 * Self.cell) { canvas in
            canvas.stroke(Self.zigzag(in: 0, 0), paint: .solid(Self.ink), style: StrokeStyle(width: 4, cap: .butt),
                          dash: DashPattern(lengths: [8, 4]))
            canvas.stroke(Self.zigzag(in: 1, 0), paint: .solid(Self.ink), style: StrokeStyle(width: 2, cap: .round, join: .round),
                          dash: DashPattern(lengths: [6, 3, 1, 3], phase: 2))
            canvas.stroke(Self.zigzag(in: 2, 0), paint: .solid(Self.ink), style: StrokeStyle(width: 4, cap: .square, join: .bevel),
                          dash: DashPattern(lengths: [10, 5]), trimStart: 0.15, trimEnd: 0.85)

            func circle(in column: Int) -> Path {
                let c = Double(column * Self.cell) + 24
                return Path(ellipseIn: Rect(x: c - 16, y: 48 + 24 - 16, width: 32, height: 32))
            }
            canvas.stroke(circle(in: 0), paint: .solid(Self.accent), style: StrokeStyle(width: 5, cap: .round),
                          trimStart: 0, trimEnd: 0.6)
            canvas.stroke(circle(in: 1), paint: .solid(Self.accent), style: StrokeStyle(width: 5, cap: .butt),
                          dash: DashPattern(lengths: [5], phase: -2.5))
            // Scaled by (1.3, 0.8) about the cell's center.
            let center = Point(x: 2 * 48 + 24, y: 48 + 24)
            let squash = Transform(translationX: -center.x, y: -center.y)
                .concatenating(Transform(scaleX: 1.3, y: 0.8))
                .concatenating(Transform(translationX: center.x, y: center.y))
            canvas.stroke(circle(in: 2), paint: .solid(Self.accent), style: StrokeStyle(width: 5, cap: .butt),
                          dash: DashPattern(lengths: [12, 4, 2, 4]), trimStart: 0.25, trimEnd: 1, transform: squash)
        }
        goldenImages.expectMatch(pixmap, named: "stroke-dashed-trimmed")
    }

    /// 96 × 96 cells. A cubic loop at width 20 with round joins and butt caps; a cubic with a cusp
    /// at width 16 with miter joins and round caps; a tight quadratic hairpin at width 18 with
    /// bevel joins and square caps. The wide pen folds the inner offsets over themselves; the
    /// stroke must still cover every point within w/2 of the curve exactly once.
    @Test func wideStrokesOfTightCurves() throws {
        let size = 96.0
        let pixmap = try Self.render(width: 3 * Int(size), height: Int(size)) { canvas in
            var loop = Path()
            loop.move(to: Point(x: 16, y: 78))
            loop.addCurve(to: Point(x: 80, y: 78), control1: Point(x: 124, y: 4), control2: Point(x: -28, y: 4))
            canvas.stroke(loop, paint: .solid(Self.ink), style: StrokeStyle(width: 20, cap: .butt, join: .round))
            canvas.stroke(loop, paint: .solid(Self.spineColor), style: Self.spine)

            var cusp = Path()
            cusp.move(to: Point(x: size + 14, y: 70))
            // A symmetric crossed control polygon: the derivative vanishes at t = 1/2, a cusp.
            cusp.addCurve(to: Point(x: size + 82, y: 70), control1: Point(x: size + 82, y: 8), control2: Point(x: size + 14, y: 8))
            // A sharp turn back up: the miter (ratio about 2.7) reaches y ≈ 92.
            cusp.addLine(to: Point(x: size + 82, y: 36))
            canvas.stroke(cusp, paint: .solid(Self.accent), style: StrokeStyle(width: 16, cap: .round, join: .miter))
            canvas.stroke(cusp, paint: .solid(Self.spineColor), style: Self.spine)

            var hairpin = Path()
            hairpin.move(to: Point(x: 2 * size + 30, y: 84))
            hairpin.addQuadCurve(to: Point(x: 2 * size + 40, y: 84), control: Point(x: 2 * size + 35, y: 0))
            hairpin.addLine(to: Point(x: 2 * size + 76, y: 60))
            hairpin.addLine(to: Point(x: 2 * size + 60, y: 30))
            canvas.stroke(hairpin, paint: .solid(Self.ink), style: StrokeStyle(width: 18, cap: .square, join: .bevel))
            canvas.stroke(hairpin, paint: .solid(Self.spineColor), style: Self.spine)
        }
        goldenImages.expectMatch(pixmap, named: "stroke-wide-curves")
    }
}
