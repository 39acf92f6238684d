/// The README's raster example, verbatim but for the output path, so that it keeps compiling and
/// drawing what it says.
import Foundation
import Testing
import TesseraRaster

@Suite struct ReadmeExampleTests {
    @Test func readmeExampleDrawsAStarAndACircle() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-readme-star.png").path

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
}
