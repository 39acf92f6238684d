/// tsr_straight_rgba_row against tsr_straight_rgba_row_reference at every kernel level, byte for
/// byte, on random rows of every width: blocks of eight all opaque, all transparent, both, and
/// mixed with translucent pixels, and premultiplied-invalid pixels (colour above alpha, alpha 0
/// with colour), which clamp to 255 and to 0.
import CTesseraSIMD
import Testing

@Suite struct StraightAlphaOracleTests {
    typealias Random = KernelOracle.Random

    @Test(arguments: KernelOracle.levels)
    func kernelMatchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0x57A1)
        for round in 0..<2000 {
            let width = round < 70 ? round : random.int(in: 0...300)
            // Runs of one kind, so that whole blocks of eight are opaque, transparent or both.
            let pixels = KernelOracle.runs(&random, count: width, kinds: 5) { kind, random in
                switch kind {
                case 0: KernelOracle.pixel(&random, opaque: 1) | 0xFF00_0000
                case 1: 0
                case 2: random.chance(0.5) ? 0 : 0xFF00_0000 | UInt32(random.int(in: 0...0xFF_FFFF))
                case 3: KernelOracle.pixel(&random, opaque: 0.3)
                default: UInt32(truncatingIfNeeded: random.next())
                }
            }
            // Four guard bytes past the output: nothing is written beyond 4 × width.
            var got = [UInt8](repeating: 0xA5, count: 4 * width + 4), expected = got
            tsr_straight_rgba_row(&got, pixels, width)
            tsr_straight_rgba_row_reference(&expected, pixels, width)
            if let d = KernelOracle.difference(got, expected) {
                Issue.record("level \(level), round \(round), width \(width): \(d)")
                return
            }
        }
    }

    /// Every (colour, alpha) pair in every channel, valid or not, at every level: the kernel divides
    /// in float, exact only by an argument (a numerator below 2^17), so all of them are tried.
    @Test(arguments: KernelOracle.levels)
    func kernelMatchesTheReferenceOnEveryPair(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var pixels: [UInt32] = []
        for alpha in UInt32(0)...255 {
            for c in UInt32(0)...255 { pixels.append(alpha << 24 | (255 - c) << 16 | (c * 7 & 0xFF) << 8 | c) }
        }
        var got = [UInt8](repeating: 0xA5, count: 4 * pixels.count), expected = got
        tsr_straight_rgba_row(&got, pixels, pixels.count)
        tsr_straight_rgba_row_reference(&expected, pixels, pixels.count)
        if let d = KernelOracle.difference(got, expected) { Issue.record("level \(level): \(d)") }
    }

    @Test func referenceRoundsToTheNearestStraightValue() {
        let pixels: [UInt32] = [0x8040_0A40, 0x0303_0201, 0x0000_00FF, 0xFF01_02FE, 0x0290_0000]
        var out = [UInt8](repeating: 0, count: 4 * pixels.count)
        tsr_straight_rgba_row_reference(&out, pixels, pixels.count)
        #expect(out == [128, 20, 128, 128,   // round(64 · 255 / 128) = 127.5 up; round(10 · 255 / 128) = 20
                        85, 170, 255, 3,     // round(1 · 255 / 3) = 85
                        0, 0, 0, 0,          // alpha 0: (0, 0, 0, 0) whatever the colour
                        254, 2, 1, 255,      // opaque: as it is
                        0, 0, 255, 2])       // colour above alpha (0x90 / 2): clamped to 255
    }
}
