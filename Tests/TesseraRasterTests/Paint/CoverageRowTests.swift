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
    /// MINPS, returns its second operand, 1, for NaN; i32x8_bytes saturates to 0–255).
    private static func coverage(_ w: Float, evenOdd: Bool) -> UInt8 {
        let a = abs(w)
        let c: Float
        if evenOdd {
            let pairs = Float(truncate(a * 0.5))
            let m = a - (pairs + pairs)
            c = 1 - abs(1 - m)
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
}
