import Testing
import TesseraRaster

/// A path that is one axis-aligned rectangle is drawn by the rectangle kernel, not through edges
/// and accumulation; it must give the bytes of the general path. The general path is forced by the
/// same rectangle with one more vertex, on its top side (collinear: the same outline).
@Suite struct RectFastPathTests {
    /// The rectangle (x0, y0)–(x1, y1): as CoreGraphics' `addRect` draws it, or with the top
    /// side's midpoint as a vertex of its own.
    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, splitTop: Bool) -> Path {
        var path = Path()
        path.move(to: Point(x: x0, y: y0))
        if splitTop { path.addLine(to: Point(x: (x0 + x1) / 2, y: y0)) }
        path.addLine(to: Point(x: x1, y: y0))
        path.addLine(to: Point(x: x1, y: y1))
        path.addLine(to: Point(x: x0, y: y1))
        path.closeSubpath()
        return path
    }

    /// Rectangles at integer and fractional positions, thin and one-pixel ones, and ones the
    /// 64×40 target clips on every side; drawn in turn over a translucent background.
    static let rectangles: [(Double, Double, Double, Double)] = [
        (2, 3, 30, 20), (2.25, 3.75, 30.5, 20.125), (0.5, 0.5, 1.25, 39.5), (10.3, 7.7, 10.9, 8.1),
        (40.1, 2, 63.9, 2.6), (-5.5, -3.25, 12.75, 9.5), (50.25, 30.5, 70, 45), (-1e6, 18.4, 1e6, 22.6),
        (20.5, 10, 28.5, 40), (33, 11.5, 41, 11.75), (7.5, 25.5, 57.5, 37.5), (3.9, 28.2, 11.1, 35.8),
    ]

    static func draw(splitTop: Bool, color: Color) throws -> [UInt8] {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(Color(red: 0.1, green: 0.5, blue: 0.3, alpha: 0.6))
        for (i, (x0, y0, x1, y1)) in Self.rectangles.enumerated() {
            var shade = color
            shade.red = Double(i) / Double(Self.rectangles.count)
            canvas.fill(Self.rectangle(x0, y0, x1, y1, splitTop: splitTop), paint: .solid(shade))
        }
        let pixmap = try Pixmap(width: 64, height: 40)
        canvas.render(into: pixmap)
        return pixmap.bytes
    }

    @Test(arguments: [
        Color(red: 0.2, green: 0.7, blue: 0.9, alpha: 1), Color(red: 0.2, green: 0.7, blue: 0.9, alpha: 0.5),
        Color(red: 1, green: 0.05, blue: 0.4, alpha: 0.13),
    ])
    func sameBytesAsTheGeneralPath(color: Color) throws {
        let fast = try Self.draw(splitTop: false, color: color)
        let general = try Self.draw(splitTop: true, color: color)
        let differing = zip(fast, general).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }

    /// ``Canvas/fill(_:paint:transform:blendMode:)`` of a `Rect` draws the bytes of the fill of
    /// `Path(rect:)`, whether it is recorded as a rectangle (a solid colour, source-over, through a
    /// scale and translation) or as that path: rectangles of either orientation, clipped and not,
    /// degenerate and non-finite, through scales (negative too), a rotation and a shear, with
    /// solid colours and a gradient, source-over and multiply.
    @Test(arguments: [
        Transform.identity, Transform(scaleX: 1.5, y: 0.75).concatenating(Transform(translationX: 3.25, y: -2.5)),
        Transform(scaleX: -1, y: 1).concatenating(Transform(translationX: 60.5, y: 0)),
        Transform(rotationAngle: 0.3), Transform(a: 1, b: 0, c: 0.4, d: 1, tx: 0, ty: 0),
    ])
    func rectFillDrawsThePathsBytes(transform: Transform) throws {
        let rects =
            Self.rectangles.map { Rect(x: $0.0, y: $0.1, width: $0.2 - $0.0, height: $0.3 - $0.1) } + [
                Rect(x: 30.5, y: 20.25, width: -12.75, height: -9.5), Rect(x: 5, y: 5, width: 0, height: 10),
                Rect(x: .nan, y: 3, width: 10, height: 10), Rect(x: 3, y: 3, width: .infinity, height: 10),
            ]
        let gradient = Paint.gradient(
            Gradient(
                .linear(start: Point(x: 0, y: 0), end: Point(x: 64, y: 40)),
                colors: [Color(red: 1, green: 0, blue: 0, alpha: 0.8), Color(red: 0, green: 0, blue: 1, alpha: 0.4)]))
        let paints: [Paint] = [
            .solid(Color(red: 0.2, green: 0.7, blue: 0.9, alpha: 1)),
            .solid(Color(red: 1, green: 0.05, blue: 0.4, alpha: 0.43)), gradient,
        ]
        func draw(asRects: Bool) throws -> [UInt8] {
            let canvas = Canvas(threadCount: 1)
            canvas.clear(Color(red: 0.1, green: 0.5, blue: 0.3, alpha: 0.6))
            for (i, rect) in rects.enumerated() {
                let paint = paints[i % paints.count], blendMode: BlendMode = i % 4 == 3 ? .multiply : .normal
                if asRects {
                    canvas.fill(rect, paint: paint, transform: transform, blendMode: blendMode)
                } else {
                    canvas.fill(Path(rect: rect), paint: paint, transform: transform, blendMode: blendMode)
                }
            }
            let pixmap = try Pixmap(width: 64, height: 40)
            canvas.render(into: pixmap)
            return pixmap.bytes
        }
        let rectangles = try draw(asRects: true), paths = try draw(asRects: false)
        #expect(rectangles.contains { $0 != 0 })
        let differing = zip(rectangles, paths).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }
}
