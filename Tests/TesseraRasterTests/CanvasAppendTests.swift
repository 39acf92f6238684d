import Testing
import GoldenSupport
import TesseraRaster

/// `Canvas.append`: calls recorded on other canvases, spliced in order, draw what the same calls
/// recorded on one canvas draw.
@Suite struct CanvasAppendTests {
    static let red = Paint.solid(Color(red: 1, green: 0, blue: 0))
    static let halfBlue = Paint.solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5))

    static func square(_ x: Double, _ y: Double, _ size: Double) -> Path {
        Path(rect: Rect(x: x, y: y, width: size, height: size))
    }

    /// A mask with a diagonal ramp, placed at (x, y).
    static func ramp(x: Int, y: Int) -> AlphaMask {
        var mask = AlphaMask(x: x, y: y, width: 12, height: 12)
        for j in 0..<12 { for i in 0..<12 { mask[x + i, y + j] = UInt8((i + j) * 10) } }
        return mask
    }

    // Three parts of one drawing: a background and a shape; a masked group with an alpha mask;
    // another alpha mask and a group left open.
    static func first(_ canvas: Canvas) {
        canvas.clear(.white)
        canvas.fill(square(2, 2, 20), paint: red)
    }

    static func second(_ canvas: Canvas) {
        canvas.beginGroup()
        canvas.fill(square(10, 10, 20), paint: halfBlue)
        canvas.fill(ramp(x: 4, y: 20), paint: red)
        canvas.beginMask()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 24, height: 40)), paint: .solid(.white))
        canvas.endGroup(opacity: 0.75)
    }

    static func third(_ canvas: Canvas) {
        canvas.fill(ramp(x: 24, y: 4), paint: halfBlue)
        canvas.beginGroup()
        canvas.fill(square(20, 20, 16), paint: red)
        canvas.fill(square(26, 26, 16), paint: red)
    }

    static func render(_ canvas: Canvas) throws -> Pixmap {
        let pixmap = try Pixmap(width: 40, height: 40)
        canvas.render(into: pixmap)
        return pixmap
    }

    @Test func splicedPartsDrawAsOneRecording() throws {
        let one = Canvas(threadCount: 1)
        Self.first(one)
        Self.second(one)
        Self.third(one)
        one.endGroup(opacity: 1)   // what append does with the group `third` leaves open
        let expected = try Self.render(one)

        let spliced = Canvas(threadCount: 2)
        let parts = [Canvas(threadCount: 1), Canvas(threadCount: 1), Canvas(threadCount: 1)]
        Self.first(parts[0])
        Self.second(parts[1])
        Self.third(parts[2])
        for part in parts { spliced.append(part) }
        // The parts keep their calls (the group left open now ended) until discarded.
        #expect(parts.map(\.recordedCount) == [2, 6, 5])
        #expect(spliced.recordedCount == 13)
        for part in parts { part.discardRecording() }
        #expect(parts.allSatisfy { $0.recordedCount == 0 })
        let image = try Self.render(spliced)
        #expect(GoldenImageStore.difference(expected, image)?.pixelCount == 0)
        // The second alpha mask (the third part's, its first) is the one blended at (24, 4):
        // red at 0 there, the ramp's blue over white.
        #expect(image[24, 4] == expected[24, 4] && image[24, 4].r == 255 && image[30, 8].r < 255)
    }

    /// Appending to a canvas with a group open puts the calls inside that group.
    @Test func appendedCallsJoinTheOpenGroup() throws {
        let direct = Canvas(threadCount: 1)
        direct.clear(.white)
        direct.beginGroup()
        direct.fill(Self.square(0, 0, 30), paint: Self.red)
        direct.fill(Self.square(10, 10, 30), paint: Self.red)
        direct.endGroup(opacity: 0.5)

        let spliced = Canvas(threadCount: 1)
        spliced.clear(.white)
        spliced.beginGroup()
        let part = Canvas(threadCount: 1)
        part.fill(Self.square(0, 0, 30), paint: Self.red)
        part.fill(Self.square(10, 10, 30), paint: Self.red)
        spliced.append(part)
        spliced.endGroup(opacity: 0.5)
        let image = try Self.render(spliced)
        #expect(GoldenImageStore.difference(try Self.render(direct), image)?.pixelCount == 0)
        // Group opacity: the overlap is no darker than the rest.
        #expect(image[20, 20] == image[5, 5] && image[5, 5].g == 127)
    }
}
