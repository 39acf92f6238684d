/// Core Image's blend modes (linearBurn … lighterColor) on opaque pixels, where the W3C compositing
/// reduces to R = B(Cb, Cs): each expected byte worked out by hand from the formula in
/// blend_modes.c, through both kernels.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct CoreImageBlendModeTests {
    /// An opaque pixel.
    private static func opaque(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { r | g << 8 | b << 16 | 0xFF00_0000 }

    /// `src` over `dst` by `mode` at full coverage, through the SIMD entry point and the reference,
    /// which must agree.
    private static func blend(_ src: UInt32, onto dst: UInt32, _ mode: BlendMode) -> UInt32 {
        var fast = [dst], reference = [dst]
        let s = [src]
        fast.withUnsafeMutableBufferPointer { tsr_blend_row($0.baseAddress, s, nil, 1, 255, mode.rawValue) }
        reference.withUnsafeMutableBufferPointer { tsr_blend_row_reference($0.baseAddress, s, nil, 1, 255, mode.rawValue) }
        #expect(fast == reference, "\(mode)")
        return fast[0]
    }

    /// (mode, source, destination, result), each channel by the formula.
    private static let cases: [(BlendMode, UInt32, UInt32, UInt32)] = [
        // linearLight: Cb + 2·Cs − 1. Grey 128 is 1/255 above one half: +1 level; 127: −1.
        (.linearLight, opaque(128, 128, 128), opaque(200, 100, 50), opaque(201, 101, 51)),
        (.linearLight, opaque(127, 127, 127), opaque(200, 100, 50), opaque(199, 99, 49)),
        // (100 + 510 − 255 → clamped to 255; 100 − 255 → 0; 100 + 400 − 255 = 245)
        (.linearLight, opaque(255, 0, 200), opaque(100, 100, 100), opaque(255, 0, 245)),
        // linearBurn: Cs + Cb − 1, at least 0; white changes nothing.
        (.linearBurn, opaque(255, 255, 255), opaque(200, 100, 50), opaque(200, 100, 50)),
        (.linearBurn, opaque(100, 0, 200), opaque(200, 200, 200), opaque(45, 0, 145)),
        // linearDodge: Cs + Cb, at most 1; black changes nothing.
        (.linearDodge, opaque(0, 0, 0), opaque(200, 100, 50), opaque(200, 100, 50)),
        (.linearDodge, opaque(100, 200, 1), opaque(100, 100, 100), opaque(200, 255, 101)),
        // subtract: Cb − Cs, at least 0.
        (.subtract, opaque(50, 200, 0), opaque(200, 50, 7), opaque(150, 0, 7)),
        // divide: Cb / Cs, at most 1; Cs = 0 gives 1 where Cb > 0, 0 where Cb = 0.
        (.divide, opaque(204, 51, 0), opaque(51, 204, 9), opaque(64, 255, 255)),   // 0.2 / 0.8 = 0.25 → 63.75
        (.divide, opaque(0, 10, 10), opaque(0, 0, 10), opaque(0, 0, 255)),
        // pinLight: min(Cb, 2·Cs) when Cs ≤ ½ (0.2 → 0.4 = 102); else max(Cb, 2·Cs − 1) (0.8 → 0.6 = 153).
        (.pinLight, opaque(51, 51, 204), opaque(200, 50, 100), opaque(102, 50, 153)),
        (.pinLight, opaque(204, 204, 204), opaque(200, 50, 100), opaque(200, 153, 153)),
        // vividLight: colorBurn(Cb, 2·Cs) below ½: 1 − (1 − 0.6)/0.4 = 0, and white stays white;
        // colorDodge(Cb, 2·Cs − 1) above: 0.4 / 0.4 = 1, (34/255) / 0.4 = 1/3 → 85.
        (.vividLight, opaque(51, 51, 204), opaque(153, 255, 102), opaque(0, 255, 255)),
        (.vividLight, opaque(204, 204, 204), opaque(34, 0, 102), opaque(85, 0, 255)),
        // hardMix: 1 where Cs + Cb ≥ 1 (102 + 153 = 255), else 0.
        (.hardMix, opaque(102, 102, 0), opaque(153, 152, 0), opaque(255, 0, 0)),
        // darkerColor / lighterColor: the whole colour of lower / higher Lum (red 0.3, blue 0.11).
        (.darkerColor, opaque(255, 0, 0), opaque(0, 0, 255), opaque(0, 0, 255)),
        (.darkerColor, opaque(0, 0, 255), opaque(255, 0, 0), opaque(0, 0, 255)),
        (.lighterColor, opaque(255, 0, 0), opaque(0, 0, 255), opaque(255, 0, 0)),
        (.lighterColor, opaque(0, 0, 255), opaque(255, 0, 0), opaque(255, 0, 0)),
        // A tie keeps the backdrop.
        (.darkerColor, opaque(10, 20, 30), opaque(10, 20, 30), opaque(10, 20, 30)),
    ]

    @Test func opaquePixelsFollowTheFormulas() {
        for (mode, src, dst, expected) in Self.cases {
            let got = Self.blend(src, onto: dst, mode)
            #expect(got == expected, "\(mode): \(String(src, radix: 16)) onto \(String(dst, radix: 16)) → \(String(got, radix: 16))")
        }
    }

    /// Half covered, linear light with grey 128 over an opaque backdrop moves it by at most one
    /// level: the neutral noise texture of the issue leaves the icon as it is, where source-over
    /// would pull it half-way to grey.
    @Test func neutralLinearLightLeavesTheBackdrop() {
        let dst = Self.opaque(200, 30, 90)
        var row = [UInt32](repeating: dst, count: 40)
        let src = [UInt32](repeating: Self.opaque(128, 128, 128), count: 40)
        let coverage = [UInt8](repeating: 128, count: 40)
        row.withUnsafeMutableBufferPointer { tsr_blend_row($0.baseAddress, src, coverage, 40, 255, BlendMode.linearLight.rawValue) }
        for pixel in row {
            for shift in [0, 8, 16] as [UInt32] {
                #expect(abs(Int((pixel >> shift) & 255) - Int((dst >> shift) & 255)) <= 1)
            }
            #expect(pixel >> 24 == 255)
        }
    }
}
