/// The blend kernels agree with each other and with the formula: a span blended at once (SIMD
/// groups and masked tails) equals the same pixels blended one at a time (the scalar path), and
/// both equal out = src' + round(dst · (255 − src'.a) / 255) with src' = round(src · coverage / 255).
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct BlendKernelTests {
    private func reference(_ dst: UInt32, _ color: UInt32, _ coverage: UInt32) -> UInt32 {
        func div255(_ v: UInt32) -> UInt32 { (v + 127) / 255 }   // round(v / 255), ties impossible
        let sa = div255((color >> 24) * coverage)
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let src = div255(((color >> UInt32(shift)) & 0xFF) * coverage)
            out |= (src + div255(((dst >> UInt32(shift)) & 0xFF) * (255 - sa))) << UInt32(shift)
        }
        return out
    }

    @Test func spanAndSinglePixelBlendsAgreeWithTheFormula() {
        var random = CoverageHarness.SplitMix64(seed: 99)
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 37] {
            for _ in 0..<40 {
                let alpha = UInt8(random.int(in: 0...255))
                let color = Color(red: random.double(in: 0...1), green: random.double(in: 0...1),
                                  blue: random.double(in: 0...1), alpha: Double(alpha) / 255).premultiplied.packed
                let coverage = UInt32(random.int(in: 1...255))
                let pixels = (0..<count).map { _ in
                    Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
                          alpha: random.double(in: 0...1)).premultiplied.packed
                }
                var span = pixels
                span.withUnsafeMutableBufferPointer { tsr_blend_span($0.baseAddress, count, color, coverage) }
                var single = pixels
                single.withUnsafeMutableBufferPointer { p in
                    for i in 0..<count { tsr_blend_span(p.baseAddress! + i, 1, color, coverage) }
                }
                #expect(span == single)
                #expect(span == pixels.map { reference($0, color, coverage) })
            }
        }
    }
}
