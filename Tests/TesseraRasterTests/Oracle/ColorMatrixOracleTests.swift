/// tsr_color_matrix_row against tsr_color_matrix_row_reference, byte for byte, on random rows of
/// every length and alignment through random matrices (the convenience filters, small weights,
/// large and clamped ones); and the kernel against the Core Image formula in Double.
@testable import TesseraRaster
import CTesseraSIMD
import Testing

@Suite struct ColorMatrixOracleTests {
    typealias Random = KernelOracle.Random

    static func matrix(_ random: inout Random) -> ColorMatrix {
        switch random.int(in: 0...7) {
        case 0: return .saturation(random.double(in: -1...3))
        case 1: return .brightness(random.double(in: -1...1))
        case 2: return .contrast(random.double(in: 0...4))
        case 3: return .invert
        case 4: return .luminanceToAlpha
        default:
            let scale = random.chance(0.1) ? 1e6 : 2.0   // 1e6 is clamped to ColorMatrix.maximumMagnitude
            func row() -> SIMD4<Double> { SIMD4((0..<4).map { _ in random.double(in: -scale...scale) }) }
            return ColorMatrix(red: row(), green: row(), blue: row(), alpha: row(), bias: row() / 2)
        }
    }

    static func apply(_ matrix: ColorMatrix, _ pixels: [UInt32], reference: Bool) -> [UInt32] {
        var out = pixels
        var kernel = matrix.kernel
        out.withUnsafeMutableBufferPointer {
            if reference { tsr_color_matrix_row_reference($0.baseAddress!, $0.count, &kernel) }
            else { tsr_color_matrix_row($0.baseAddress!, $0.count, &kernel) }
        }
        return out
    }

    @Test func matchesTheReference() {
        var random = Random(seed: 0xC01_0F11)
        for round in 0..<2000 {
            let count = round < 40 ? round : random.int(in: 0...200)
            let offset = random.int(in: 0...3)
            let matrix = Self.matrix(&random)
            var row = KernelOracle.pixels(&random, count: offset + count + 3, opaque: 0.3)
            var expected = row
            var kernel = matrix.kernel
            row.withUnsafeMutableBufferPointer { tsr_color_matrix_row($0.baseAddress! + offset, count, &kernel) }
            expected.withUnsafeMutableBufferPointer {
                tsr_color_matrix_row_reference($0.baseAddress! + offset, count, &kernel)
            }
            if let d = KernelOracle.difference(row, expected) {
                Issue.record("round \(round), \(count) pixels at \(offset), \(matrix): \(d)")
                return
            }
        }
    }

    /// Every premultiplied pixel (each colour at most its alpha) through the identity: unchanged.
    @Test func identityLeavesEveryPremultipliedPixel() {
        for a in 0...255 {
            var row: [UInt32] = []
            for c in 0...a { row.append(UInt32(c) | UInt32(a - c) << 8 | UInt32(c / 2) << 16 | UInt32(a) << 24) }
            #expect(Self.apply(.identity, row, reference: false) == row, "alpha \(a)")
        }
    }

    /// Each byte is within 1 of the formula on the pixel's straight components, computed in
    /// Double: alpha′ · 255 and c′ · alpha′ · 255 (unrounded). Transparent pixels are kept.
    @Test func followsTheFormula() {
        var random = Random(seed: 0xF0F0)
        for _ in 0..<300 {
            let matrix = Self.matrix(&random)
            let row = KernelOracle.pixels(&random, count: 64, opaque: 0.3)
            let out = Self.apply(matrix, row, reference: false)
            for (pixel, got) in zip(row, out) {
                guard pixel >> 24 != 0 else { #expect(got == pixel); continue }
                let expected = ColorMatrixFormula.apply(matrix, to: pixel)
                let bytes = (0..<4).map { Double(got >> (8 * UInt32($0)) & 255) }
                for c in 0..<4 where abs(bytes[c] - expected[c]) > 1 + 1e-4 {
                    Issue.record("\(String(pixel, radix: 16)) → \(String(got, radix: 16)), expected \(expected) (\(matrix))")
                    return
                }
            }
        }
    }
}

/// Core Image's CIColorMatrix on one premultiplied pixel, in Double, unrounded: the expected
/// (r, g, b, a) bytes of ``ColorMatrix``'s documentation (each result byte is within 1 of them).
enum ColorMatrixFormula {
    static func apply(_ m: ColorMatrix, to pixel: UInt32) -> [Double] {
        let a = Double(pixel >> 24)
        guard a > 0 else { return [0, 0, 0, 0] }
        let s = SIMD4<Double>(Double(pixel & 255) / a, Double(pixel >> 8 & 255) / a, Double(pixel >> 16 & 255) / a,
                              a / 255)
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        func clamped(_ v: SIMD4<Double>) -> SIMD4<Double> {
            v.replacing(with: 0, where: v .!= v).clamped(lowerBound: SIMD4(repeating: -ColorMatrix.maximumMagnitude),
                                                         upperBound: SIMD4(repeating: ColorMatrix.maximumMagnitude))
        }
        let bias = clamped(m.bias)
        let alpha = unit((clamped(m.alpha) * s).sum() + bias.w)
        return [unit((clamped(m.red) * s).sum() + bias.x) * alpha * 255,
                unit((clamped(m.green) * s).sum() + bias.y) * alpha * 255,
                unit((clamped(m.blue) * s).sum() + bias.z) * alpha * 255, alpha * 255]
    }
}
