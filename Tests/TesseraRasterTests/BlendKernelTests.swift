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
    /// A group's row composited through an opacity, and a mask's alpha when there is one: every
    /// pixel as the formula blends the group's pixel with factor round(mask alpha · opacity / 255)
    /// (the opacity alone without a mask; clamped to 255), in SIMD groups and tails, with runs of
    /// transparent pixels (skipped) among them.
    @Test func compositeRowAgreesWithTheFormula() {
        var random = CoverageHarness.SplitMix64(seed: 7)
        func pixel() -> UInt32 {
            Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
                  alpha: random.double(in: 0...1)).premultiplied.packed
        }
        for count in [1, 3, 4, 5, 8, 9, 13, 16, 17, 40] {
            for trial in 0..<30 {
                let opacity = UInt32(trial == 0 ? 300 : random.int(in: 0...255))
                let dst = (0..<count).map { _ in pixel() }
                let src = (0..<count).map { i in (i / 9).isMultiple(of: 2) ? pixel() : 0 }
                let mask: [UInt32]? = trial.isMultiple(of: 2) ? nil : (0..<count).map { _ in pixel() }
                var out = dst
                out.withUnsafeMutableBufferPointer { o in
                    src.withUnsafeBufferPointer { s in
                        if let mask {
                            mask.withUnsafeBufferPointer { tsr_composite_row(o.baseAddress, s.baseAddress, $0.baseAddress, count, opacity) }
                        } else {
                            tsr_composite_row(o.baseAddress, s.baseAddress, nil, count, opacity)
                        }
                    }
                }
                let clamped = min(opacity, 255)
                let expected = (0..<count).map { i in
                    let factor = mask.map { ($0[i] >> 24) * clamped }.map { ($0 + 127) / 255 } ?? clamped
                    return reference(dst[i], src[i], factor)
                }
                #expect(out == expected, "count \(count), opacity \(opacity), mask \(mask != nil)")
            }
        }
    }
}
