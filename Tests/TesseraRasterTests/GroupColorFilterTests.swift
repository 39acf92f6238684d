/// Groups filtered by a colour matrix (`Canvas.endGroup(opacity:blendMode:colorMatrix:)`): the
/// group's pixels follow Core Image's CIColorMatrix formula (each byte within 1 of the formula in
/// Double, ``ColorMatrixFormula``), once, on the group as one image, before its mask, opacity and
/// blend; transparent pixels stay transparent; any thread count gives the same bytes.
@testable import TesseraRaster
import Testing

@Suite struct GroupColorFilterTests {
    static let orange = Paint.solid(Color(red: 1, green: 0.6, blue: 0.2))
    static let translucentTeal = Paint.solid(Color(red: 0.1, green: 0.7, blue: 0.6, alpha: 0.5))

    static func square(_ x: Double, _ y: Double, _ size: Double) -> Path {
        Path(rect: Rect(x: x, y: y, width: size, height: size))
    }

    /// Renders on a transparent target unless `background` is given.
    static func render(threads: Int = 1, width: Int = 40, height: Int = 40, background: Color? = nil,
                       _ draw: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas(threadCount: threads)
        if let background { canvas.clear(background) }
        draw(canvas)
        let pixmap = try Pixmap(width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// Each byte of `got` within 1 of the formula applied to the unfiltered pixel `input`.
    static func expectFormula(_ matrix: ColorMatrix, input: PremultipliedRGBA8, got: PremultipliedRGBA8,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = ColorMatrixFormula.apply(matrix, to: input.packed)
        let bytes = [got.r, got.g, got.b, got.a].map(Double.init)
        #expect(zip(bytes, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(input) → \(got), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    /// An opaque and a half-transparent square side by side.
    static func knownColours(_ canvas: Canvas) {
        canvas.fill(square(0, 0, 20), paint: orange)
        canvas.fill(square(20, 0, 20), paint: translucentTeal)
    }

    static let chosen: [ColorMatrix] = [
        ColorMatrix(red: [0, 0, 1, 0], green: [0, 1, 0, 0], blue: [1, 0, 0, 0], bias: [0, 0.2, 0, 0]),   // swap, bias
        ColorMatrix(alpha: [0, 0, 0, 0.5]),
        ColorMatrix(red: [0.5, 0.5, 0, 0], green: [0, 0, 0, 1], blue: [0.3, 0.3, 0.3, 0], alpha: [0, 0, 0, 1],
                    bias: [-0.1, 0, 0.05, 0]),
        .saturation(0.3), .brightness(0.2), .contrast(1.5), .invert, .luminanceToAlpha,
    ]

    /// Pixels of known colours (opaque and half transparent) through chosen matrices: the formula.
    @Test(arguments: chosen) func knownColoursFollowTheFormula(matrix: ColorMatrix) throws {
        let plain = try Self.render { $0.beginGroup(); Self.knownColours($0); $0.endGroup() }
        let filtered = try Self.render { $0.beginGroup(); Self.knownColours($0); $0.endGroup(colorMatrix: matrix) }
        for (x, y) in [(5, 5), (19, 19), (25, 5), (39, 19)] {
            Self.expectFormula(matrix, input: plain[x, y], got: filtered[x, y])
        }
        #expect(filtered[5, 30] == .transparent)   // below the squares: nothing drawn, nothing filtered
    }

    /// The identity gives the bytes of no filter: with opacity, a blend mode, a mask, nested groups.
    @Test func identityGivesTheBytesOfNoFilter() throws {
        func scene(_ matrix: ColorMatrix?) throws -> [UInt8] {
            try Self.render(background: Color(red: 0.3, green: 0.5, blue: 0.9)) { canvas in
                canvas.beginGroup()
                canvas.beginGroup()
                Self.knownColours(canvas)
                canvas.endGroup(opacity: 0.8, blendMode: .multiply, colorMatrix: matrix)
                canvas.fill(Path(ellipseIn: Rect(x: 5, y: 5, width: 30, height: 30)), paint: Self.translucentTeal)
                canvas.beginMask()
                canvas.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 30)), paint: .solid(.white))
                canvas.endGroup(opacity: 0.6, blendMode: .screen, colorMatrix: matrix)
            }.bytes
        }
        #expect(try scene(.identity) == scene(nil))
    }

    /// Saturation 0: grey, each channel the pixel's luma 0.2126 r + 0.7152 g + 0.0722 b (Rec. 709),
    /// within 1.
    @Test func saturationZeroGivesGreyByTheLumaWeights() throws {
        let colour = Color(red: 200.0 / 255, green: 100.0 / 255, blue: 50.0 / 255)
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 40), paint: .solid(colour))
            canvas.endGroup(colorMatrix: .saturation(0))
        }
        let luma = 0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50   // 117.65
        let p = image[20, 20]
        #expect(p.a == 255)
        #expect([p.r, p.g, p.b].allSatisfy { abs(Double($0) - luma) <= 1 }, "\(p)")
        #expect(p.r == p.g && p.g == p.b)
    }

    /// Two overlapping translucent squares are composited together, then filtered once: the
    /// overlap is the formula of the unfiltered overlap, not what filtering each square gives.
    @Test func filtersTheGroupOnceAfterItsContentIsComposited() throws {
        func shapes(_ canvas: Canvas) {
            canvas.fill(Self.square(0, 0, 25), paint: Self.translucentTeal)
            canvas.fill(Self.square(15, 15, 25), paint: .solid(Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6)))
        }
        let matrix = ColorMatrix.invert
        let plain = try Self.render { $0.beginGroup(); shapes($0); $0.endGroup() }
        let together = try Self.render { $0.beginGroup(); shapes($0); $0.endGroup(colorMatrix: matrix) }
        Self.expectFormula(matrix, input: plain[20, 20], got: together[20, 20])
        let eachAlone = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 25), paint: Self.translucentTeal)
            canvas.endGroup(colorMatrix: matrix)
            canvas.beginGroup()
            canvas.fill(Self.square(15, 15, 25), paint: .solid(Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6)))
            canvas.endGroup(colorMatrix: matrix)
        }
        #expect(eachAlone[20, 20] != together[20, 20])
        #expect(eachAlone[5, 5] == together[5, 5])   // outside the overlap: the same
    }

    /// Nested filtered groups: the inner group's filtered pixels are composited into the outer
    /// group, whose filter then applies to them.
    @Test func nestedGroupsFilterInnerThenOuter() throws {
        let inner = ColorMatrix.saturation(0.2), outer = ColorMatrix.invert
        let innerAlone = try Self.render { $0.beginGroup(); Self.knownColours($0); $0.endGroup(colorMatrix: inner) }
        let nested = try Self.render { canvas in
            canvas.beginGroup()
            canvas.beginGroup()
            Self.knownColours(canvas)
            canvas.endGroup(colorMatrix: inner)
            canvas.endGroup(colorMatrix: outer)
        }
        for (x, y) in [(5, 5), (30, 10)] { Self.expectFormula(outer, input: innerAlone[x, y], got: nested[x, y]) }
    }

    /// The filter comes first, then the mask, the opacity and the blend mode as without one: an
    /// opaque red group inverted composites exactly as an unfiltered cyan group does.
    @Test func filteredGroupCompositesWithOpacityMaskAndBlendMode() throws {
        func scene(_ paint: Paint, _ matrix: ColorMatrix?) throws -> [UInt8] {
            try Self.render(background: Color(red: 0.9, green: 0.8, blue: 0.3)) { canvas in
                canvas.fill(Self.square(10, 0, 10), paint: .solid(Color(red: 0.2, green: 0.4, blue: 1)))
                canvas.beginGroup()
                canvas.fill(Self.square(4, 4, 30), paint: paint)
                canvas.beginMask()
                canvas.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 40)),
                            paint: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.7)))
                canvas.endGroup(opacity: 0.6, blendMode: .multiply, colorMatrix: matrix)
            }.bytes
        }
        let filtered = try scene(.solid(Color(red: 1, green: 0, blue: 0)), .invert)
        #expect(filtered == (try scene(.solid(Color(red: 0, green: 1, blue: 1)), nil)))
        #expect(filtered != (try scene(.solid(Color(red: 1, green: 0, blue: 0)), nil)))
    }

    /// An alpha bias does not make the group's transparent pixels visible, even inside the
    /// extent of what it drew (the gap between two squares); the squares become opaque.
    @Test func transparentPixelsStayTransparent() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 10), paint: Self.translucentTeal)
            canvas.fill(Self.square(30, 30, 10), paint: Self.translucentTeal)
            canvas.endGroup(colorMatrix: ColorMatrix(bias: [0, 0, 0, 1]))
        }
        #expect(image[20, 20] == .transparent)
        #expect(image[5, 5].a == 255 && image[35, 35].a == 255)
    }

    /// Groups spanning many bands, filtered, nested, masked: the same bytes on 1, 2 and 8 threads.
    @Test func sameBytesAtAnyThreadCount() throws {
        func scene(_ threads: Int) throws -> [UInt8] {
            try Self.render(threads: threads, width: 120, height: 300, background: .white) { canvas in
                for k in 0..<6 {
                    canvas.beginGroup()
                    canvas.fill(Path(ellipseIn: Rect(x: Double(k * 12), y: Double(k * 40), width: 70, height: 110)),
                                paint: Self.translucentTeal)
                    canvas.beginGroup()
                    canvas.fill(Self.square(Double(k * 15), Double(k * 45 + 20), 50), paint: Self.orange)
                    canvas.endGroup(opacity: 0.9, colorMatrix: .saturation(Double(k) / 3))
                    if k.isMultiple(of: 2) {
                        canvas.beginMask()
                        canvas.fill(Self.square(0, Double(k * 40), 90), paint: .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.8)))
                    }
                    canvas.endGroup(opacity: 0.7, blendMode: k.isMultiple(of: 3) ? .normal : .overlay,
                                    colorMatrix: [ColorMatrix.invert, .luminanceToAlpha, .contrast(2)][k % 3])
                }
            }.bytes
        }
        let one = try scene(1)
        #expect(try scene(2) == one)
        #expect(try scene(8) == one)
    }

    /// Alpha masks of filtered groups hold the alpha the RGBA rendering gives: through the alpha
    /// layers for a matrix whose alpha ignores colour, through RGBA for one whose alpha reads it.
    @Test(arguments: [ColorMatrix(alpha: [0, 0, 0, 0.6], bias: [0, 0, 0, 0.1]), .luminanceToAlpha])
    func alphaMasksHoldTheAlphaOfTheRGBARendering(matrix: ColorMatrix) throws {
        func draw(_ canvas: Canvas) {
            canvas.fill(Self.square(2, 2, 8), paint: .solid(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.3)))
            canvas.beginGroup()
            Self.knownColours(canvas)
            canvas.fill(Path(ellipseIn: Rect(x: 8, y: 8, width: 30, height: 28)), paint: Self.translucentTeal)
            canvas.endGroup(opacity: 0.9, colorMatrix: matrix)
        }
        let rgba = try Self.render(width: 44, height: 44, draw)
        let canvas = Canvas(threadCount: 2)
        draw(canvas)
        let mask = try #require(try canvas.renderAlphaMask(width: 44, height: 44))
        for y in 0..<44 {
            for x in 0..<44 {
                let inside = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height
                let value = inside ? mask[x, y] : 0
                if value != rgba[x, y].a { Issue.record("(\(x), \(y)): \(value) ≠ \(rgba[x, y].a)"); return }
            }
        }
    }

    /// Filtered groups recorded on other canvases and appended draw what they draw recorded on one.
    @Test func appendedRecordingsKeepTheirFilters() throws {
        func first(_ canvas: Canvas) {
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 25), paint: Self.orange)
            canvas.endGroup(colorMatrix: .invert)
        }
        func second(_ canvas: Canvas) {
            canvas.beginGroup()
            canvas.fill(Self.square(15, 15, 25), paint: Self.translucentTeal)
            canvas.endGroup(opacity: 0.8, colorMatrix: .saturation(0))
            canvas.beginGroup()
            canvas.fill(Self.square(10, 0, 10), paint: Self.orange)
            canvas.endGroup(colorMatrix: .brightness(-0.3))
        }
        let direct = try Self.render(background: .white) { first($0); second($0) }
        let spliced = try Self.render(background: .white) { canvas in
            let (a, b) = (Canvas(threadCount: 1), Canvas(threadCount: 1))
            first(a)
            second(b)
            canvas.append(a)
            canvas.append(b)
        }
        #expect(spliced.bytes == direct.bytes)
    }

    /// A group whose mask is known opaque around its content loses its mask, but not its filter.
    @Test func groupWithAnOpaqueMaskKeepsItsFilter() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(10, 10, 10), paint: .solid(Color(red: 1, green: 0, blue: 0)))
            canvas.beginMask(opaqueInside: MaskInterior(minX: 0, minY: 0, maxX: 40, maxY: 40, radius: 0))
            canvas.fill(Self.square(0, 0, 40), paint: .solid(.white))
            canvas.endGroup(colorMatrix: .invert)
        }
        #expect(image[15, 15] == PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255))
    }

    /// A NaN weight or bias reads as 0 and a huge one is clamped to ±65,536: no trap, the formula
    /// with those values (red 0.25, green 0.6 × 65,536 → 1, blue −0.2 × 65,536 → 0).
    @Test func badCoefficientsAreClamped() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 40), paint: Self.orange)
            canvas.endGroup(colorMatrix: ColorMatrix(red: [.nan, 0, 0, 0], green: [0, .infinity, 0, 0],
                                                     blue: [0, 0, -1e300, 0], bias: [0.25, 0, .nan, 0]))
        }
        #expect(image[20, 20] == PremultipliedRGBA8(r: 64, g: 255, b: 0, a: 255))
    }
}
