/// The README's raster example, verbatim but for the output path, so that it keeps compiling and
/// drawing what it says.
import Foundation
import Testing
import TesseraRaster

@Suite struct ReadmeExampleTests {
    @Test func readmeExampleDrawsAStarAndACircle() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-readme-star-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }

        let pixmap = try Pixmap(width: 256, height: 256)        // premultiplied RGBA8, owned memory
        let canvas = Canvas()                                   // threadCount defaults to every core

        var star = Path()
        star.move(to: Point(x: 128, y: 16))
        for k in 1..<5 {
            let angle = Double(k) * 4 * .pi / 5 - .pi / 2
            star.addLine(to: Point(x: 128 + 112 * cos(angle), y: 136 + 112 * sin(angle)))
        }
        star.closeSubpath()

        canvas.clear(.white)
        canvas.fill(star, paint: .solid(Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8)), rule: .evenOdd)
        canvas.fill(Path(ellipseIn: Rect(x: 96, y: 96, width: 64, height: 64)), paint: .solid(.black),
                    transform: Transform(rotationAngle: 0.3))
        canvas.render(into: pixmap)                              // draws everything recorded, in parallel
        try pixmap.writePNG(to: output)

        // A star arm is red over white; the pentagon at the center is hollow under even-odd; the
        // image round-trips through the PNG file.
        #expect(pixmap[128, 40] == Color(red: 0.9 * 0.8 + 0.2, green: 0.2 * 0.8 + 0.2, blue: 0.1 * 0.8 + 0.2).premultiplied)
        #expect(pixmap[128, 150] == Color.white.premultiplied)
        let reread = try Pixmap(contentsOfPNGFile: output)
        #expect(reread.bytes == pixmap.bytes)
    }

    /// The README's stroke call, on its star: a dashed, trimmed outline.
    @Test func readmeStrokeExampleDrawsADashedTrimmedOutline() throws {
        let pixmap = try Pixmap(width: 256, height: 256)
        let canvas = Canvas()
        var star = Path()
        star.move(to: Point(x: 128, y: 16))
        for k in 1..<5 {
            let angle = Double(k) * 4 * .pi / 5 - .pi / 2
            star.addLine(to: Point(x: 128 + 112 * cos(angle), y: 136 + 112 * sin(angle)))
        }
        star.closeSubpath()

        canvas.stroke(star, paint: .solid(.black),
                      style: StrokeStyle(width: 6, cap: .round, join: .miter, miterLimit: 4),
                      dash: DashPattern(lengths: [12, 6], phase: 3),
                      trimStart: 0, trimEnd: 0.75)
        canvas.render(into: pixmap)

        // Some of the outline is drawn, the last quarter (the closing edge back to the top) is not.
        let covered = stride(from: 3, to: pixmap.bytes.count, by: 4).filter { pixmap.bytes[$0] > 0 }.count
        #expect(covered > 1_000)
        // The five edges are equally long, so the closing edge is the last 20 %; its middle is
        // crossed by no other edge.
        let lastAngle = 4 * 4 * Double.pi / 5 - .pi / 2
        let last = Point(x: 128 + 112 * cos(lastAngle), y: 136 + 112 * sin(lastAngle))
        let closingEdgeMiddle = Point(x: (last.x + 128) / 2, y: (last.y + 16) / 2)
        #expect(pixmap[Int(closingEdgeMiddle.x), Int(closingEdgeMiddle.y)].a == 0)
        // The middle of the first edge is drawn (dashes of 12 with round caps of 3 leave gaps of
        // 6 − 6 = 0: the first edge is solid).
        let first = Point(x: 128 + 112 * cos(4 * Double.pi / 5 - .pi / 2), y: 136 + 112 * sin(4 * Double.pi / 5 - .pi / 2))
        #expect(pixmap[Int((first.x + 128) / 2), Int((first.y + 16) / 2)].a > 128)
    }

    /// The README's paint example: a gradient sky, an image drawn at half size, a multiplied star.
    @Test func readmePaintExample() throws {
        let pixmap = try Pixmap(width: 256, height: 256)
        let canvas = Canvas()
        canvas.clear(.white)
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 256, height: 256)), paint: .solid(Color(red: 0, green: 0.5, blue: 0)))
        canvas.render(into: pixmap)
        var star = Path()
        star.move(to: Point(x: 128, y: 16))
        for k in 1..<5 {
            let angle = Double(k) * 4 * .pi / 5 - .pi / 2
            star.addLine(to: Point(x: 128 + 112 * cos(angle), y: 136 + 112 * sin(angle)))
        }
        star.closeSubpath()

        let sky = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 0, y: 256)),
                           colors: [Color(red: 0.2, green: 0.4, blue: 0.9), .white])  // also .radial, .conic
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 256, height: 128)), paint: .gradient(sky))
        let photo = try Image(pixmap: pixmap)                    // or Image(pngData:)
        canvas.drawImage(photo, in: Rect(x: 0, y: 128, width: 128, height: 128))   // bilinear, exact edges
        canvas.fill(star, paint: .solid(Color(red: 1, green: 0.8, blue: 0)), blendMode: .multiply)
        canvas.render(into: pixmap)

        // The sky at the top is the first colour; the photo (all green) keeps its colour at half
        // size; where the star multiplies over green only green is left, at 0.8 × 0.5.
        #expect(pixmap[5, 0].b > 220 && pixmap[5, 0].r < 60)
        #expect(pixmap[20, 230] == Color(red: 0, green: 0.5, blue: 0).premultiplied)
        let multiplied = pixmap[150, 140]
        #expect(multiplied.r == 0 && abs(Int(multiplied.g) - 102) <= 1 && multiplied.b == 0)
    }
}
