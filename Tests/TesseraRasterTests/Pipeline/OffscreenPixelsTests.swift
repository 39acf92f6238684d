import Testing
@testable import TesseraRaster

/// Canvas.renderPixmap: the drawn pixels cropped and placed, the same pixels a frame gets, and
/// a target left transparent for the next call.
@Suite struct OffscreenPixelsTests {
    @Test func cropsToWhatWasDrawnWithTheFramesPixels() throws {
        let canvas = Canvas(threadCount: 2)
        let path = Path(ellipseIn: Rect(x: 10.3, y: 20.6, width: 30, height: 12))
        canvas.fill(path, paint: .solid(Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)))
        let offscreen = try #require(try canvas.renderPixmap(width: 100, height: 80))
        #expect(offscreen.x <= 10 && offscreen.y <= 20)
        #expect(offscreen.x + offscreen.pixmap.width >= 41 && offscreen.y + offscreen.pixmap.height >= 33)
        #expect(offscreen.pixmap.width < 100 && offscreen.pixmap.height < 80)
        // The same bytes as a frame of the target's size, where the crop lies.
        let frame = try Pixmap(width: 100, height: 80)
        canvas.fill(path, paint: .solid(Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)))
        canvas.render(into: frame)
        var nonZero = 0
        for y in 0..<80 {
            for x in 0..<100 {
                let inside = x >= offscreen.x && x < offscreen.x + offscreen.pixmap.width
                    && y >= offscreen.y && y < offscreen.y + offscreen.pixmap.height
                let pixel = inside ? offscreen.pixmap[x - offscreen.x, y - offscreen.y] : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
                #expect(pixel == frame[x, y], "(\(x), \(y))")
                if frame[x, y].a > 0 { nonZero += 1 }
            }
        }
        #expect(nonZero > 300)
        // The next call starts from a transparent target: a small square alone.
        canvas.fill(Path(rect: Rect(x: 70, y: 60, width: 4, height: 4)), paint: .solid(.black))
        let second = try #require(try canvas.renderPixmap(width: 100, height: 80))
        #expect(second.x == 70 && second.y == 60 && second.pixmap.width == 4 && second.pixmap.height == 4)
        #expect(try canvas.renderPixmap(width: 100, height: 80) == nil, "nothing recorded, nothing drawn")
    }
}
