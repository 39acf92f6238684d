/// Painting through an alpha mask with any paint and blend mode (Canvas.fill(_:paint:blendMode:)),
/// and masks made of an image's alpha (AlphaMask(alphaOf:x:y:)): the pieces of an image's drop
/// shadow.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct MaskedPaintTests {
    typealias Random = CoverageHarness.SplitMix64

    static let background = Color(red: 0.9, green: 0.6, blue: 0.1, alpha: 0.7)
    static let gradient = Paint.gradient(Gradient(.linear(start: Point(x: 2, y: 0), end: Point(x: 30, y: 20)),
                                                  colors: [Color(red: 1, green: 0, blue: 0, alpha: 0.9),
                                                           Color(red: 0, green: 0, blue: 1, alpha: 0),
                                                           Color(red: 0, green: 1, blue: 0, alpha: 1)]))

    static func image() throws -> Image {
        var bytes: [UInt8] = []
        for i in 0..<(5 * 4) {
            let a = [255, 0, 128, 40][i % 4]
            bytes += [UInt8(a * (i % 3) / 2), UInt8(a / 2), 0, UInt8(a)]
        }
        return try Image(width: 5, height: 4, premultipliedRGBA: bytes)
    }

    static let imagePaint: Paint = {
        let pattern = ImagePattern(image: try! image(), transform: Transform(a: 3, b: 0.5, c: 0, d: 2.5, tx: 4, ty: 1),
                                   extend: .repeat, filter: .bilinear)
        return .image(pattern)
    }()

    static func render(width: Int = 36, height: Int = 24, _ draw: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(background)
        draw(canvas)
        let pixmap = try Pixmap(width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// A mask of 255s over an integer rectangle paints what filling the rectangle paints: the
    /// paint in device space, any blend mode (copy and sourceIn clear the rest of the target).
    @Test(arguments: [BlendMode.normal, .multiply, .copy, .sourceIn, .xor, .hue, .plusDarker])
    func fullMaskIsTheRectangle(mode: BlendMode) throws {
        var full = AlphaMask(x: 4, y: 3, width: 20, height: 15)
        for i in full.values.indices { full.values[i] = 255 }
        for paint in [Self.gradient, Self.imagePaint, .solid(Color(red: 0.2, green: 0.3, blue: 1, alpha: 0.5))] {
            let masked = try Self.render { $0.fill(full, paint: paint, blendMode: mode) }
            let filled = try Self.render { $0.fill(Path(rect: Rect(x: 4, y: 3, width: 20, height: 15)), paint: paint, blendMode: mode) }
            #expect(masked.bytes == filled.bytes, "\(mode), \(paint)")
        }
    }

    /// Mask values are coverage: each pixel is tsr_blend_row_reference of the paint's colour at that
    /// device pixel through the mask value, onto the background; outside the mask, bounded modes
    /// leave the background.
    @Test(arguments: [BlendMode.normal, .screen, .destinationOut, .sourceAtop])
    func maskValuesAreCoverage(mode: BlendMode) throws {
        var random = Random(seed: 0x3A5C + UInt64(mode.rawValue))
        var mask = AlphaMask(x: -3, y: 2, width: 30, height: 19)
        for i in mask.values.indices { mask.values[i] = UInt8(random.int(in: 0...255)) }
        let (width, height) = (36, 24)
        for paint in [Self.gradient, Self.imagePaint] {
            // The paint's colour at each device pixel: the paint filling the whole target over nothing.
            let colours = try Pixmap(width: width, height: height)
            let painter = Canvas(threadCount: 1)
            painter.fill(Path(rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height))), paint: paint)
            painter.render(into: colours)

            let image = try Self.render { $0.fill(mask, paint: paint, blendMode: mode) }
            let backgroundWord = Self.background.premultiplied.packed.littleEndian
            for y in 0..<height {
                for x in 0..<width {
                    var expected = backgroundWord
                    let coverage: UInt8 = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height
                        ? mask[x, y] : 0
                    var source = colours.row(y)[x], cover = coverage
                    tsr_blend_row_reference(&expected, &source, &cover, 1, 255, mode.rawValue)
                    #expect(image.row(y)[x] == expected, "\(mode) (\(x), \(y))")
                }
            }
        }
    }

    /// A solid colour with a blend mode other than normal is drawn too (it used to be dropped).
    @Test func solidPaintWithABlendMode() throws {
        var mask = AlphaMask(x: 2, y: 2, width: 5, height: 1)
        mask.values = [0, 64, 128, 200, 255]
        let color = Color(red: 0.1, green: 0.8, blue: 0.4, alpha: 0.9)
        let image = try Self.render { $0.fill(mask, paint: .solid(color), blendMode: .multiply) }
        for x in 2..<7 {
            var expected = Self.background.premultiplied.packed.littleEndian
            var cover = mask[x, 2]
            var source = color.premultiplied.packed.littleEndian
            tsr_blend_row_reference(&expected, &source, &cover, 1, 255, BlendMode.multiply.rawValue)
            #expect(image.row(2)[x] == expected, "x = \(x)")
        }
        #expect(image[0, 0] == Self.background.premultiplied)
    }

    // MARK: Masks from images

    /// An RGBA image's alpha bytes and an alpha image's bytes, placed where asked.
    @Test func maskOfAnImagesAlpha() throws {
        let rgba = try Self.image()
        let mask = AlphaMask(alphaOf: rgba, x: -2, y: 7)
        #expect(mask.x == -2 && mask.y == 7 && mask.width == 5 && mask.height == 4)
        for j in 0..<4 { for i in 0..<5 { #expect(mask[-2 + i, 7 + j] == rgba[i, j].a) } }

        let bytes = (0..<(33 * 3)).map { UInt8(($0 * 29) % 256) }
        let alpha = try Image(width: 33, height: 3, alpha: bytes)
        let alphaMask = AlphaMask(alphaOf: alpha)
        #expect(alphaMask.x == 0 && alphaMask.y == 0 && alphaMask.width == 33 && alphaMask.values == bytes)
    }

    /// An image drawn unscaled at integer coordinates renders to the mask of its alpha.
    @Test func drawnImageRendersToItsAlphaMask() throws {
        let image = try Self.image()
        for filter in [ImagePattern.Filter.nearest, .bilinear] {
            let canvas = Canvas(threadCount: 1)
            canvas.drawImage(image, in: Rect(x: 6, y: 3, width: 5, height: 4), filter: filter)
            let rendered = try #require(try canvas.renderAlphaMask(width: 20, height: 20))
            #expect(rendered == AlphaMask(alphaOf: image, x: 6, y: 3), "\(filter)")
        }
    }

    /// The drop shadow of an image with a transparent hole (a ring) has the hole: the shadow's
    /// shape is rendered from drawImage into an alpha mask, blurred a little and painted offset
    /// onto white; the hole's middle stays white, the ring is shaded.
    @Test func imageDropShadowHasTheHole() throws {
        let size = 24
        var bytes: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let inHole = (8..<16).contains(x) && (8..<16).contains(y)
                bytes += inHole ? [0, 0, 0, 0] : [200, 40, 40, 255]
            }
        }
        let ring = try Image(width: size, height: size, premultipliedRGBA: bytes)
        let offscreen = Canvas(threadCount: 2)
        offscreen.drawImage(ring, in: Rect(x: 10, y: 10, width: Double(size), height: Double(size)))
        let shape = try #require(try offscreen.renderAlphaMask(width: 60, height: 60))
        #expect(shape == AlphaMask(alphaOf: ring, x: 10, y: 10))
        var shadow = shape.blurred(horizontally: GaussianKernel(sigma: 1), vertically: GaussianKernel(sigma: 1))
        shadow.x += 6
        shadow.y += 6

        let canvas = Canvas(threadCount: 2)
        canvas.clear(.white)
        canvas.fill(shadow, paint: .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.5)))
        let pixmap = try Pixmap(width: 60, height: 60)
        canvas.render(into: pixmap)
        // The hole spans 18…25 in the image's place, 24…31 in the shadow's.
        #expect(pixmap[28, 28] == Color.white.premultiplied, "the hole's middle is not shaded")
        #expect(pixmap[20, 20].r == 127 && pixmap[20, 20].a == 255, "the ring is shaded at half")
        #expect(pixmap[3, 3] == Color.white.premultiplied)
    }
}
