import CTesseraSIMD
import Testing
@testable import TesseraRaster

/// Gradients interpolated in Apple's Generic RGB (``Gradient/ColorSpace/genericRGB``), as
/// CoreGraphics draws a `CGGradient` made without a colour space, next to the default sRGB.
@Suite struct GradientColorSpaceTests {
    /// Black → white from x = 0.5 to 1023.5: pixel x has t = x / 1023, exactly table entry x.
    static func blackToWhite(_ colorSpace: Gradient.ColorSpace) -> Gradient {
        Gradient(.linear(start: Point(x: 0.5, y: 0), end: Point(x: 1023.5, y: 0)), colors: [.black, .white],
                 colorSpace: colorSpace)
    }

    @Test func sRGBIsTheDefault() {
        let gradient = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 1, y: 0)), colors: [.black, .white])
        #expect(gradient.colorSpace == .sRGB)
        #expect(gradient == Self.blackToWhite(.sRGB).withKind(gradient.kind))
    }

    /// Halfway from black to white in Generic RGB is gamma 1.8's middle seen through sRGB's
    /// curve: linear light 0.5^1.8 = 0.287, sRGB 0.572, 146/255 (sRGB's own middle is 128). Every
    /// entry stays grey, and the ends are black and white.
    @Test func blackToWhiteHalfwayIs146() throws {
        let row = try #require(GradientProbe.row(Self.blackToWhite(.genericRGB), x: 0, y: 0, count: 1024))
        let pixels = row.map(PremultipliedRGBA8.init(packed:))
        #expect(pixels[511] == PremultipliedRGBA8(r: 146, g: 146, b: 146, a: 255))
        #expect(pixels[512] == PremultipliedRGBA8(r: 146, g: 146, b: 146, a: 255))
        let sRGB = try #require(GradientProbe.pixel(Self.blackToWhite(.sRGB), 511, 0))
        #expect(sRGB == PremultipliedRGBA8(r: 127, g: 127, b: 127, a: 255))
        #expect(pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b && $0.a == 255 })
        #expect(pixels.first == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(pixels.last == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(zip(pixels, pixels.dropFirst()).allSatisfy { $0.r <= $1.r }, "never darker further on")
    }

    /// A stop inside Generic RGB's gamut keeps its colour at its offset (entries 341 and 1023),
    /// translucent ones included; one outside is clamped into it: sRGB's pure red, whose green is
    /// −0.12 in Generic RGB's linear light, is drawn as (255, 39, 0), its blue (green −0.15) as
    /// (11, 49, 255).
    @Test func stopsInTheGamutKeepTheirColoursOthersAreClamped() {
        let last = Double(GradientTable.size - 1)
        let inside = [Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6), Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.8)]
        let stops = [
            Gradient.Stop(offset: 0, color: Color(red: 1, green: 0, blue: 0)),
            Gradient.Stop(offset: 341 / last, color: inside[0]),
            Gradient.Stop(offset: 682 / last, color: Color(red: 0, green: 0, blue: 1)),
            Gradient.Stop(offset: 1, color: inside[1]),
        ]
        let table = GradientTable(stops: stops, colorSpace: .genericRGB).colors.map(PremultipliedRGBA8.init(packed:))
        #expect(table[341] == inside[0].premultiplied)
        #expect(table[1023] == inside[1].premultiplied)
        #expect(table[0] == PremultipliedRGBA8(r: 255, g: 39, b: 0, a: 255))
        #expect(table[682] == PremultipliedRGBA8(r: 11, g: 49, b: 255, a: 255))
    }

    /// Alpha is interpolated as given: halfway from opaque to transparent black is alpha 128.
    @Test func alphaIsInterpolatedAsGiven() {
        let table = GradientTable(stops: [Gradient.Stop(offset: 0, color: .black),
                                          Gradient.Stop(offset: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0))],
                                  colorSpace: .genericRGB).colors
        #expect(PremultipliedRGBA8(packed: table[511]).a == 128)
    }

    /// Every entry of Generic RGB tables of random stops (out-of-range components and offsets,
    /// translucent colours, repeated offsets) is the stops' Generic RGB mix converted back one entry
    /// at a time, at every kernel level.
    @Test(arguments: KernelOracle.levels)
    func tableEntriesAreTheMixesConvertedBack(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        GradientProbe.checkTableEntries(seed: 0x2545_F491_4F6C_DD1D, colorSpace: .genericRGB,
                                        stopColor: GenericRGB.fromSRGB, entry: Self.convertedBack)
    }

    /// A Generic RGB colour as sRGB, premultiplied and packed, one entry at a time: the curves read
    /// linearly between their points, then `Color.premultiplied`'s roundings.
    static func convertedBack(_ c: Color) -> UInt32 {
        func lookup(_ curve: [Double], _ x: Double) -> Double {
            let s = min(max(x, 0), 1) * Double(GenericRGB.curveSteps)
            let i = min(Int(s), GenericRGB.curveSteps - 1)
            return curve[i] + (curve[i + 1] - curve[i]) * (s - Double(i))
        }
        let decode = GenericRGB.decodeCurve, encode = GenericRGB.encodeSRGBCurve, m = GenericRGB.toLinearSRGB
        let r = lookup(decode, c.red), g = lookup(decode, c.green), b = lookup(decode, c.blue)
        let a = Color.unit(c.alpha)
        let red = Color.byte(lookup(encode, m[0] * r + m[1] * g + m[2] * b) * a)
        let green = Color.byte(lookup(encode, m[3] * r + m[4] * g + m[5] * b) * a)
        let blue = Color.byte(lookup(encode, m[6] * r + m[7] * g + m[8] * b) * a)
        return UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(Color.byte(a)) << 24
    }

    /// The same stops in the two spaces are different gradients with tables of their own; in one
    /// space they share one (kept from the second gradient on).
    @Test func eachSpaceHasItsOwnTable() {
        _ = (Self.blackToWhite(.genericRGB), Self.blackToWhite(.sRGB))
        let generic = Self.blackToWhite(.genericRGB), sRGB = Self.blackToWhite(.sRGB)
        #expect(generic != sRGB)
        #expect(generic.table !== sRGB.table)
        #expect(Self.blackToWhite(.genericRGB).table === generic.table)
    }
}

extension Gradient {
    /// The same gradient with another geometry.
    fileprivate func withKind(_ kind: Kind) -> Gradient {
        Gradient(kind, stops: stops, extend: extend, transform: transform, colorSpace: colorSpace)
    }
}
