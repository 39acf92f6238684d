import Testing
@testable import TesseraRaster

/// Quick end-to-end checks of the canvas: the detailed coverage suites live in their own files.
@Suite struct SmokeTests {
    @Test func pixmapStartsTransparent() throws {
        let p = try Pixmap(width: 3, height: 2)
        #expect(p[2, 1] == .transparent)
    }

    /// A triangle (general edge path, not the rectangle kernel) with half its area in each of two
    /// pixels of a row: each pixel's coverage is exactly what its area says.
    @Test func triangleCoverageMatchesArea() throws {
        let pixmap = try Pixmap(width: 4, height: 4)
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 4, y: 0))
        path.addLine(to: Point(x: 0, y: 4))
        path.closeSubpath()
        let canvas = Canvas(threadCount: 1)
        canvas.fill(path, paint: .solid(.white))
        canvas.render(into: pixmap)
        // Pixels on the diagonal x + y = 3 are half covered; those above it fully, below it not.
        for y in 0..<4 {
            for x in 0..<4 {
                let expected: UInt8 = x + y < 3 ? 255 : (x + y == 3 ? 128 : 0)
                #expect(pixmap[x, y].a == expected, "pixel (\(x), \(y))")
            }
        }
    }
}
