/// tsr_premultiply_rgba_row against tsr_premultiply_rgba_row_reference at every kernel level,
/// byte for byte: every (colour, alpha) pair in every channel, and random rows of every width with
/// blocks of eight all opaque (left as they are), all transparent and mixed.
import CTesseraSIMD
import Testing

@Suite struct PremultiplyOracleTests {
    typealias Random = KernelOracle.Random

    @Test(arguments: KernelOracle.levels)
    func kernelMatchesTheReferenceOnEveryPair(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var pixels: [UInt32] = []
        for alpha in UInt32(0)...255 {
            for c in UInt32(0)...255 { pixels.append(alpha << 24 | (255 - c) << 16 | (c * 7 & 0xFF) << 8 | c) }
        }
        var got = pixels, expected = pixels
        tsr_premultiply_rgba_row(&got, got.count)
        tsr_premultiply_rgba_row_reference(&expected, expected.count)
        #expect(got == expected, "level \(level)")
    }

    @Test(arguments: KernelOracle.levels)
    func kernelMatchesTheReferenceOnRandomRows(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0x9E3)
        for round in 0..<1000 {
            let width = round < 40 ? round : random.int(in: 0...200)
            let pixels = KernelOracle.runs(&random, count: width, kinds: 3) { kind, random in
                switch kind {
                case 0: 0xFF00_0000 | UInt32(random.int(in: 0...0xFF_FFFF))
                case 1: UInt32(random.int(in: 0...0xFF_FFFF))
                default: UInt32(truncatingIfNeeded: random.next())
                }
            }
            var got = pixels, expected = pixels
            tsr_premultiply_rgba_row(&got, width)
            tsr_premultiply_rgba_row_reference(&expected, width)
            if got != expected {
                Issue.record("level \(level), round \(round), width \(width)")
                return
            }
        }
    }

    /// The reference is the rounding the PNG decoder documents: round(c × a / 255).
    @Test func referenceRoundsToTheNearest() {
        for alpha in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                var pixel = alpha << 24 | c
                tsr_premultiply_rgba_row_reference(&pixel, 1)
                let exact = Double(c * alpha) / 255
                #expect(pixel == alpha << 24 | UInt32(exact.rounded()), "c \(c), alpha \(alpha)")
            }
        }
    }
}
