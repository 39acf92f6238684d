import GoldenSupport
import Testing
import TesseraRaster

/// A canvas keeps its workers' scratch memory from frame to frame. Frames of other widths and
/// worker counts must still each get scratch wide enough: a narrow target drawn by two workers,
/// after a wide one drawn by one, left the second worker's scratch narrow for the next wide frame
/// (address sanitizer caught the reads past it).
@Suite struct ScratchReuseTests {
    static func draw(on canvas: Canvas, width: Int, height: Int) throws -> Pixmap {
        canvas.clear(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
        let gradient = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: Double(width), y: Double(height))),
                                colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)])
        canvas.fill(Path(ellipseIn: Rect(x: 2, y: 3, width: Double(width) - 4, height: Double(height) - 5)),
                    paint: .gradient(gradient), blendMode: .sourceIn)
        canvas.stroke(Path(ellipseIn: Rect(x: 5, y: 5, width: Double(width) / 2, height: Double(height) / 2)),
                      paint: .solid(Color(red: 0, green: 1, blue: 0)), style: StrokeStyle(width: 3))
        let pixmap = try Pixmap(width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap
    }

    @Test func everyWorkerGetsScratchForTheWidestTarget() throws {
        let warm = Canvas(threadCount: 2)
        // One band (one worker) narrow, one band wide, then many bands (two workers) narrow and wide.
        for (width, height) in [(20, 30), (300, 30), (20, 320), (300, 320), (20, 320), (300, 320)] {
            let drawn = try Self.draw(on: warm, width: width, height: height)
            let fresh = try Self.draw(on: Canvas(threadCount: 1), width: width, height: height)
            #expect(GoldenImageStore.difference(drawn, fresh)?.pixelCount == 0, "\(width)×\(height)")
        }
    }
}
