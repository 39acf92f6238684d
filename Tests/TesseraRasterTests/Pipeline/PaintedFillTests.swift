import CTesseraSIMD
import Testing
@testable import TesseraRaster

/// Fills and strokes whose paint is a gradient or an image, or whose blend mode is not
/// source-over, through the whole pipeline: coverage, then the paint's colours, then the blend,
/// the same bytes at any thread count.
@Suite struct PaintedFillTests {
    static func render(threads: Int = 1, width: Int = 64, height: Int = 48, background: Color? = .white,
                       _ draw: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas(threadCount: threads)
        if let background { canvas.clear(background) }
        draw(canvas)
        let pixmap = try Pixmap(width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// Inside a shape (full coverage), a gradient fill over transparency shows the gradient's own
    /// colours, as its kernel computes them; outside, nothing changes.
    @Test func gradientFillShowsTheGradientInside() throws {
        let gradient = Gradient(.linear(start: Point(x: 8, y: 0), end: Point(x: 56, y: 0)), colors: [Self.red, Self.blue])
        let pixmap = try Self.render(background: nil) { canvas in
            canvas.fill(Path(rect: Rect(x: 4, y: 4, width: 56, height: 40)), paint: .gradient(gradient))
        }
        var expected = [UInt32](repeating: 0, count: 56)
        var parameters = try #require(gradient.kernelParameters(userToDevice: .identity))
        tsr_gradient_row(&parameters, 4, 20, 56, &expected)
        for x in 4..<60 {
            #expect(pixmap[x, 20] == PremultipliedRGBA8(packed: expected[x - 4]), "x = \(x)")
        }
        #expect(pixmap[2, 20] == .transparent && pixmap[62, 20] == .transparent && pixmap[30, 2] == .transparent)
        #expect(pixmap[8, 20].r > 250 && pixmap[56, 20].b > 250)
    }

    /// The drawing call's transform moves the gradient with the shape.
    @Test func gradientFollowsTheTransform() throws {
        let gradient = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 20, y: 0)), colors: [Self.red, Self.blue])
        let shape = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        let here = try Self.render { $0.fill(shape, paint: .gradient(gradient)) }
        let moved = try Self.render { $0.fill(shape, paint: .gradient(gradient), transform: Transform(translationX: 30, y: 10)) }
        for x in 0..<20 { #expect(here[x, 5] == moved[x + 30, 15], "x = \(x)") }
    }

    /// An image drawn into a rect at integer positions and its own size gives its texels back.
    @Test func imageAtItsSizeGivesItsTexels() throws {
        var bytes: [UInt8] = []
        for i in 0..<(8 * 6) { bytes += [UInt8(i * 5), UInt8(255 - i * 5), UInt8(i % 7 * 30), 255] }
        let image = try Image(width: 8, height: 6, premultipliedRGBA: bytes)
        let pixmap = try Self.render { $0.drawImage(image, in: Rect(x: 10, y: 20, width: 8, height: 6)) }
        for y in 0..<6 {
            for x in 0..<8 { #expect(pixmap[10 + x, 20 + y] == image[x, y], "texel (\(x), \(y))") }
        }
        #expect(pixmap[9, 22] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    /// Multiply over opaque white is source-over (bench-scenes.md); where two shapes overlap the
    /// colours multiply.
    @Test func multiplyDarkensOverlaps() throws {
        let half = Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.5)
        let over = try Self.render { $0.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 30)), paint: .solid(half)) }
        let multiplied = try Self.render { canvas in
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 30)), paint: .solid(half), blendMode: .multiply)
            canvas.fill(Path(rect: Rect(x: 20, y: 20, width: 30, height: 30)), paint: .solid(Self.red), blendMode: .multiply)
        }
        for channel in [\PremultipliedRGBA8.r, \.g, \.b, \.a] {
            #expect(abs(Int(over[10, 10][keyPath: channel]) - Int(multiplied[10, 10][keyPath: channel])) <= 1)
        }
        // Red multiplied over (0.6, 0.8, 1): only red is left, at 0.6.
        let overlap = multiplied[25, 25]
        #expect(abs(Int(overlap.r) - 153) <= 1 && overlap.g == 0 && overlap.b == 0 && overlap.a == 255)
    }

    /// Copy replaces what is below inside the shape and, as in CoreGraphics, clears it outside.
    @Test func copyClearsOutsideTheShape() throws {
        let pixmap = try Self.render { canvas in
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 48)), paint: .solid(Self.red))
            canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 20, height: 20)),
                        paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)), blendMode: .copy)
        }
        #expect(pixmap[20, 20] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 128))
        #expect(pixmap[40, 40] == .transparent && pixmap[5, 5] == .transparent && pixmap[63, 0] == .transparent)
    }

    /// A group composited with a blend mode: screen lightens what is below.
    @Test func groupWithABlendMode() throws {
        let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
        let pixmap = try Self.render { canvas in
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 48)), paint: .solid(gray))
            canvas.beginGroup()
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 32, height: 48)), paint: .solid(gray))
            canvas.endGroup(opacity: 1, blendMode: .screen)
        }
        // screen(0.5, 0.5) = 0.75.
        #expect(abs(Int(pixmap[10, 10].r) - 191) <= 1 && pixmap[10, 10].a == 255)
        #expect(pixmap[40, 10] == gray.premultiplied)
    }

    /// Painted fills and strokes give the same bytes at any thread count.
    @Test func sameBytesAtAnyThreadCount() throws {
        func draw(_ canvas: Canvas) {
            let gradient = Gradient(.radial(startCenter: Point(x: 100, y: 60), startRadius: 0,
                                            endCenter: Point(x: 100, y: 60), endRadius: 80),
                                    colors: [Self.red, Color(red: 0, green: 1, blue: 0, alpha: 0.5), Self.blue])
            for k in 0..<40 {
                let x = Double(k * 37 % 180), y = Double(k * 53 % 150)
                let shape = Path(ellipseIn: Rect(x: x, y: y, width: 40, height: 30))
                canvas.fill(shape, paint: .gradient(gradient), blendMode: k % 3 == 0 ? .multiply : .normal)
                canvas.stroke(shape, paint: .gradient(gradient), style: StrokeStyle(width: 3), blendMode: .screen)
            }
        }
        let one = try Self.render(threads: 1, width: 220, height: 200, draw)
        for threads in [2, 8] {
            let many = try Self.render(threads: threads, width: 220, height: 200, draw)
            #expect(one.bytes == many.bytes, "\(threads) threads")
        }
    }
}
