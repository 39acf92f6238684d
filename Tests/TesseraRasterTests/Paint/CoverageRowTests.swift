/// tsr_coverage_row (CTesseraPaint.h), the coverage pass of painted fills: against a scalar model of
/// its arithmetic and against the fused solid fill (tsr_fill_accumulated_rows, whose coverage it
/// must give), on rows with edges anywhere, long runs inside and outside shapes (which the kernel
/// writes without the prefix sum), -0.0 cells, every start and many lengths, both fill rules.
import CTesseraSIMD
import Testing

@Suite struct CoverageRowTests {
    typealias Random = CoverageHarness.SplitMix64

    /// cvttps2dq: truncation, and INT32_MIN for NaN and out-of-range values.
    private static func truncate(_ v: Float) -> Int32 {
        v.isNaN || v >= 2_147_483_648 || v < -2_147_483_648 ? .min : Int32(v)
    }

    /// One winding integral to a coverage byte, as coverage/windings.h computes it (f32x8_min, like
    /// MINPS, returns its second operand for NaN; i32x8_bytes saturates to 0–255).
    private static func coverage(_ w: Float, evenOdd: Bool) -> UInt8 {
        let a = abs(w)
        let c: Float
        if evenOdd {
            let clamped = a < 16_777_216 ? a : 16_777_216
            c = abs(clamped - ((clamped + 16_777_216) - 16_777_216))
        } else {
            c = a < 1 ? a : 1
        }
        return UInt8(clamping: truncate(c * 255 + 0.5))
    }

    /// The kernel's arithmetic one group of four cells at a time: the in-register prefix sum in its
    /// order of additions, plus the carry. Reads the zero cells past `end` of the last group.
    static func model(_ cells: [Float], start: Int, end: Int, evenOdd: Bool) -> [UInt8] {
        var out: [UInt8] = []
        var carry: Float = 0
        var x = start
        while x <= end {
            let d = (0..<4).map { cells[x + $0] }
            let a = [d[0] + 0, d[1] + d[0], d[2] + d[1], d[3] + d[2]]
            let w = [a[0] + 0, a[1] + 0, a[2] + a[0], a[3] + a[1]].map { $0 + carry }
            carry = w[3]
            for k in 0..<4 where x + k <= end { out.append(coverage(w[k], evenOdd: evenOdd)) }
            x += 4
        }
        return out
    }

    /// A row as accumulation leaves it: spans [a, b) of winding ±1 (or ±2) with fractional edges,
    /// gaps between them, sometimes -0.0 cells and noise. Zero outside [start, end].
    static func randomRow(_ random: inout Random, length: Int) -> (cells: [Float], start: Int, end: Int) {
        let start = random.int(in: 0...37)
        let end = start + random.int(in: 0...(length - 1))
        var cells = [Float](repeating: 0, count: end + 40)
        func add(_ x: Int, _ v: Float) { if x <= end { cells[x] += v } }
        for _ in 0..<random.int(in: 0...4) {
            let a = random.int(in: start...end), b = random.int(in: a...end)
            let winding: Float = [1, -1, 1, 2][random.int(in: 0...3)]
            let fa = Float(random.double(in: 0...1)), fb = Float(random.double(in: 0...1))
            add(a, winding * fa)
            add(a + 1, winding * (1 - fa))
            add(b, -winding * fb)
            add(b + 1, -winding * (1 - fb))
        }
        for _ in 0..<random.int(in: 0...2) {
            add(random.int(in: start...end), Float(random.double(in: -0.3...0.3)))
        }
        if random.chance(0.3) {
            for _ in 0..<random.int(in: 1...3) {
                let x = random.int(in: start...end)
                if cells[x] == 0 { cells[x] = -0.0 }
            }
        }
        return (cells, start, end)
    }

    @Test(arguments: [false, true], KernelOracle.levels)
    func matchesTheModelAndClearsTheCells(evenOdd: Bool, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: evenOdd ? 2018 : 1811)
        for round in 0..<1500 {
            let length = [5, 17, 40, 90, 200][round % 5]
            let (cells, start, end) = Self.randomRow(&random, length: length)
            var scratch = cells
            var coverage = [UInt8](repeating: 0xAB, count: end - start + 1 + 16)
            scratch.withUnsafeMutableBufferPointer { c in
                coverage.withUnsafeMutableBufferPointer {
                    tsr_coverage_row(c.baseAddress, Int32(start), Int32(end), evenOdd ? 1 : 0, $0.baseAddress)
                }
            }
            let expected = Self.model(cells, start: start, end: end, evenOdd: evenOdd)
            let got = Array(coverage[0..<expected.count])
            if got != expected {
                let first = got.indices.first { got[$0] != expected[$0] }!
                Issue.record("round \(round), cells [\(start), \(end)]: coverage[\(first)] \(got[first]) ≠ \(expected[first])")
                return
            }
            // Nothing written past the row's coverage; every cell +0.0 afterwards.
            #expect(coverage[expected.count...].allSatisfy { $0 == 0xAB }, "round \(round)")
            #expect(scratch.allSatisfy { $0.bitPattern == 0 }, "round \(round): cells left")
        }
    }

    /// The coverage of a painted fill is that of a solid one: opaque white filled by the fused
    /// kernel onto transparent pixels leaves each pixel's coverage in every channel.
    @Test(arguments: [false, true], KernelOracle.levels)
    func equalsTheFusedFillsCoverage(evenOdd: Bool, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: evenOdd ? 77 : 78)
        for round in 0..<600 {
            let (cells, start, end) = Self.randomRow(&random, length: [9, 33, 120, 300][round % 4])
            var painted = cells
            var coverage = [UInt8](repeating: 0, count: end - start + 1 + 16)
            painted.withUnsafeMutableBufferPointer { c in
                coverage.withUnsafeMutableBufferPointer {
                    tsr_coverage_row(c.baseAddress, Int32(start), Int32(end), evenOdd ? 1 : 0, $0.baseAddress)
                }
            }
            var fused = cells
            var pixels = [UInt32](repeating: 0, count: fused.count)
            var rowMin = [Int32(start)], rowMax = [Int32(end)]
            fused.withUnsafeMutableBufferPointer { c in
                pixels.withUnsafeMutableBufferPointer {
                    tsr_fill_accumulated_rows(c.baseAddress, c.count, &rowMin, &rowMax, 0, 1, $0.baseAddress, $0.count,
                                              Int32(end + 1), evenOdd ? 1 : 0, 0xFFFF_FFFF)
                }
            }
            let expected = (start...end).map { UInt8(truncatingIfNeeded: pixels[$0] >> 24) }
            #expect(Array(coverage[0...(end - start)]) == expected, "round \(round), cells [\(start), \(end)]")
            #expect((start...end).allSatisfy { pixels[$0] == UInt32(expected[$0 - start]) &* 0x0101_0101 })
        }
    }

    /// Even-odd coverage is the byte of the exact triangle wave of the winding: the same byte as
    /// non-zero's wherever |w| ≤ 1 (one layer of a shape), windings just past a rounding boundary
    /// included, and that of the distance to the nearest even integer beyond, up to the largest
    /// floats. A row whose only edge is cell 0 gives every pixel the winding w.
    @Test(arguments: KernelOracle.levels)
    func evenOddIsTheExactTriangleWave(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        func coverage(_ w: Float, evenOdd: Bool) -> UInt8 {
            var cells = [Float](repeating: 0, count: 40)
            cells[0] = w
            var out = [UInt8](repeating: 0, count: 24)
            tsr_coverage_row(&cells, 0, 19, evenOdd ? 1 : 0, &out)
            return out[19]
        }
        // A hair from a byte's boundary (k − 0.5) / 255: 0x1.0101p-9 · 255 = 0.500007… rounds to 1,
        // 0x1.81818p-8 · 255 = 1.499996… to 1.
        var windings: [Float] = [0x1.0101p-9, 0x1.81818p-8, 0x1.c1c1cp-7, 0x1.61616p-6, 0.25, 0.5, 1]
        var random = Random(seed: 34)
        for _ in 0..<500 { windings.append(Float(random.double(in: 0...1))) }
        for w in windings {
            let scaled = w * 255
            let exact = UInt8(scaled + 0.5)
            #expect(coverage(w, evenOdd: false) == exact, "non-zero, w = \(w)")
            #expect(coverage(w, evenOdd: true) == exact, "even-odd, w = \(w)")
            #expect(coverage(-w, evenOdd: true) == exact, "even-odd, w = \(-w)")
        }
        let beyond: [(Float, UInt8)] = [
            (1.5, 128), (2, 0), (2.25, 64), (-3.25, 191), (3, 255), (8_388_609, 255), (8_388_610, 0),
            (16_777_216, 0), (0x1p30, 0), (-0x1p100, 0), (.greatestFiniteMagnitude, 0),
            // Below the normal range (where the rounding levels halve w inexactly) and an odd integer
            // (a tie between two even ones).
            (0x1p-149, 0), (-0x1.8p-130, 0), (0x1p-126, 0), (-7, 255), (16_777_215, 255),
        ]
        for (w, byte) in beyond { #expect(coverage(w, evenOdd: true) == byte, "even-odd, w = \(w)") }
    }
}
