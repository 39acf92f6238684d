/// The source-over kernels against their scalar oracles, byte for byte: tsr_blend_span,
/// tsr_fill_rect, tsr_composite_row and tsr_blend_mask_row, on random premultiplied pixels and
/// colours, coverages and opacities 0, 255, above 255 and between, masks and none, counts 0 to 300
/// at every alignment (each kernel's whole groups and tails; pixels outside the row must stay).
import CTesseraSIMD
import Testing

@Suite struct BlendOracleTests {
    typealias Random = KernelOracle.Random

    /// A row of `count` pixels at a random offset in a buffer with pixels on both sides (which no
    /// kernel may touch), and the offset.
    private static func row(_ random: inout Random, count: Int) -> (pixels: [UInt32], offset: Int) {
        let offset = random.int(in: 0...9)
        return (KernelOracle.pixels(&random, count: offset + count + 9), offset)
    }

    private static func count(_ random: inout Random, round: Int) -> Int {
        round < 40 ? round : random.int(in: 0...300)
    }

    private static func factor(_ random: inout Random) -> UInt32 {
        [0, 255, 255, 300, 1, 254, UInt32(random.int(in: 0...255))][random.int(in: 0...6)]
    }

    @Test(arguments: KernelOracle.levels)
    func blendSpanMatchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xB5A0)
        for round in 0..<3000 {
            let count = Self.count(&random, round: round)
            var (pixels, offset) = Self.row(&random, count: count)
            var expected = pixels
            let color = KernelOracle.color(&random), coverage = Self.factor(&random)
            pixels.withUnsafeMutableBufferPointer { tsr_blend_span($0.baseAddress! + offset, count, color, coverage) }
            expected.withUnsafeMutableBufferPointer {
                tsr_blend_span_reference($0.baseAddress! + offset, count, color, coverage)
            }
            if let d = KernelOracle.difference(pixels, expected) {
                Issue.record("round \(round): \(count) at \(offset), colour \(String(color, radix: 16)), coverage \(coverage): \(d)")
                return
            }
        }
    }

    @Test(arguments: KernelOracle.levels)
    func fillRectMatchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xF5EC)
        for round in 0..<2000 {
            // Rows of `width` pixels, `stride` apart (the pixels between rows and past the last one
            // must stay), numbered from firstRow.
            let width = random.int(in: 1...300), stride = width + random.int(in: 0...6)
            let rows = random.int(in: 1...5), firstRow = random.int(in: -3...40)
            var pixels = KernelOracle.pixels(&random, count: stride * rows + 4)
            var expected = pixels
            // Sides anywhere, in or outside the rows, whole or fractional, in either order; now
            // and then NaN or infinite.
            func side(_ low: Int, _ high: Int) -> Float {
                let v = Float(random.double(in: Double(low - 3)...Double(high + 3)))
                return random.chance(0.2) ? v.rounded() : v
            }
            var left = side(0, width), right = random.chance(0.1) ? left + Float(random.double(in: 0...0.5)) : side(0, width)
            if random.chance(0.7) && left > right { swap(&left, &right) }
            var top = side(firstRow, firstRow + rows)
            var bottom = random.chance(0.2) ? top + Float(random.double(in: 0...1)) : side(firstRow, firstRow + rows)
            if random.chance(0.7) && top > bottom { swap(&top, &bottom) }
            if round % 97 == 3 { left = .nan }
            if round % 89 == 5 { bottom = .infinity }
            if round % 83 == 7 { top = .nan }
            let color = KernelOracle.color(&random)   // half of them opaque: their inside rows are stored
            tsr_fill_rect(&pixels, stride, Int32(width), Int32(firstRow), Int32(firstRow + rows), left, top, right,
                          bottom, color)
            tsr_fill_rect_reference(&expected, stride, Int32(width), Int32(firstRow), Int32(firstRow + rows), left,
                                    top, right, bottom, color)
            if let d = KernelOracle.difference(pixels, expected) {
                Issue.record("round \(round): width \(width), stride \(stride), rows \(firstRow)..<\(firstRow + rows), [\(left), \(right)) × [\(top), \(bottom)), colour \(String(color, radix: 16)): \(d)")
                return
            }
        }
    }

    @Test(arguments: [false, true], KernelOracle.levels)
    func compositeRowMatchesTheReference(masked: Bool, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: masked ? 0xC0A5 : 0xC0A0)
        for round in 0..<2000 {
            let count = Self.count(&random, round: round)
            var (dst, offset) = Self.row(&random, count: count)
            var expected = dst
            // A group's pixels: runs of transparent pixels (which the kernels skip) among others.
            let src = (0..<count).map { i in (i / 7) % 3 == 0 && random.chance(0.9) ? 0 : KernelOracle.pixel(&random) }
            let mask = KernelOracle.pixels(&random, count: count, opaque: 0.5)
            let opacity = Self.factor(&random)
            mask.withUnsafeBufferPointer { m in
                let maskRow = masked ? m.baseAddress : nil
                dst.withUnsafeMutableBufferPointer { tsr_composite_row($0.baseAddress! + offset, src, maskRow, count, opacity) }
                expected.withUnsafeMutableBufferPointer {
                    tsr_composite_row_reference($0.baseAddress! + offset, src, maskRow, count, opacity)
                }
            }
            if let d = KernelOracle.difference(dst, expected) {
                Issue.record("round \(round): \(count) at \(offset), opacity \(opacity): \(d)")
                return
            }
        }
    }

    @Test(arguments: KernelOracle.levels)
    func blendMaskRowMatchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xB3A5)
        for round in 0..<3000 {
            let count = Self.count(&random, round: round)
            var (pixels, offset) = Self.row(&random, count: count)
            var expected = pixels
            let coverage = KernelOracle.coverageRow(&random, count: count), color = KernelOracle.color(&random)
            pixels.withUnsafeMutableBufferPointer { tsr_blend_mask_row($0.baseAddress! + offset, coverage, count, color) }
            expected.withUnsafeMutableBufferPointer {
                tsr_blend_mask_row_reference($0.baseAddress! + offset, coverage, count, color)
            }
            if let d = KernelOracle.difference(pixels, expected) {
                Issue.record("round \(round): \(count) at \(offset), colour \(String(color, radix: 16)): \(d)")
                return
            }
        }
    }
}
