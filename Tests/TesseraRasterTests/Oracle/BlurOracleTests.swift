/// The blur's kernels (CTesseraBlur.h) against their scalar references, byte for byte: random
/// fixed-point values in the kernels' range [0, 32640] (or bytes), lane counts around the SIMD width
/// (1 to 70, so that the four-lane and eight-lane blocks and the lane-at-a-time tails all run), steps
/// wider than the lanes (a strip of columns) or equal to them (pixels along a row), every radius from
/// 0 to the largest the box sums allow, and extended-box ends of every weight in [0, 1]. The fused
/// boxes are checked against three reference passes, their rows' and strips' layouts included, at
/// every instruction set they can run on here; the blur's other kernels (SIMDe) at the process's
/// kernel level (CI runs these tests again with TESSERA_SIMD=sse2).
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct BlurOracleTests {
    typealias Random = KernelOracle.Random

    /// A line of `count` steps with `pad` readable steps on each side, `step` values apart;
    /// runs of zeros, of the largest value and of noise, as blurred images hold.
    private static func line(_ random: inout Random, count: Int, pad: Int, step: Int) -> [Int16] {
        (0..<((count + 2 * pad) * step)).map { _ in
            switch random.int(in: 0...3) {
            case 0: 0
            case 1: 32640
            default: Int16(random.int(in: 0...32640))
            }
        }
    }

    /// Every instruction set the box sweeps can run on here (up to tsr_kernel_level: AVX-512,
    /// AVX2, the baseline); each must give the reference's bytes.
    static let levels = KernelOracle.levels

    /// The three passes of an extended box as BlurAxis strings them, through the reference, along
    /// one line of `count` steps of `lanes` values `step` apart (the grown line, its values at
    /// `line` + reach · step on): the line grown by the reach, with the zeros the passes read around it.
    private static func boxes(_ line: [Int16], count: Int, lanes: Int, step: Int, radius: Int, alpha: Float) -> [Int16] {
        let scale = BlurPass.boxScale(radius: radius, alpha: alpha), pad = radius + 1
        var values = [Int16](repeating: 0, count: (count + 2 * pad) * step), next = values
        for i in 0..<(count * step) { values[pad * step + i] = line[i] }
        for _ in 0..<3 {
            values.withUnsafeBufferPointer { input in
                next.withUnsafeMutableBufferPointer { output in
                    tsr_blur_box_reference(input.baseAddress! + pad * step, step, output.baseAddress! + pad * step, step,
                                           lanes, count, radius, alpha, scale)
                }
            }
            swap(&values, &next)
        }
        return Array(values[(pad * step)..<((pad + count) * step)])
    }

    /// A radius and an end weight as BlurAxis makes them and beyond: mostly small radii, a few up to
    /// the largest the sums allow, the weights 0, 1 and between.
    private static func box(_ random: inout Random) -> (radius: Int, alpha: Float) {
        let radius = random.chance(0.8) ? random.int(in: 0...12) : random.int(in: 13...255)
        let alpha = random.chance(0.2) ? [Float(0), 1][random.int(in: 0...1)] : Float(random.double(in: 0...1))
        return (radius, alpha)
    }

    /// Bytes as images hold them: runs of 0 and 255, and noise.
    private static func bytes(_ random: inout Random, count: Int) -> [UInt8] {
        (0..<count).map { _ in [0, 255, UInt8(random.int(in: 0...255))][min(random.int(in: 0...3), 2)] }
    }

    /// tsr_blur_boxes_rows against three reference passes along each of its 8 rows (widened to fixed
    /// point): every value of the grown rows, the zeros after them up to a whole strip, and nothing
    /// written between the strips.
    @Test func boxRowsMatchTheReference() {
        var random = Random(seed: 0xB0C5)
        let rows = Int(TSR_BLUR_BLOCK_ROWS), stripLanes = Int(TSR_BLUR_STRIP_LANES)
        for round in 0..<400 {
            let width = random.chance(0.9) ? random.int(in: 1...70) : random.int(in: 71...700)
            let (radius, alpha) = Self.box(&random)
            let rowBytes = width * 4 + (random.chance(0.5) ? 0 : random.int(in: 1...9))
            let image = Self.bytes(&random, count: rows * rowBytes)
            let reach = 3 * (radius + 1), grown = width + 2 * reach, pixels = (grown + 15) / 16 * 16
            let stripStride = rows * stripLanes + (random.chance(0.5) ? 0 : random.int(in: 1...40))
            var expected = [Int16](repeating: -1, count: pixels / 16 * stripStride)
            for k in 0..<rows {
                let line = (0..<(width * 4)).map { Int16(image[k * rowBytes + $0]) * 128 }
                let padded = [Int16](repeating: 0, count: 4 * reach) + line + [Int16](repeating: 0, count: 4 * reach)
                let blurred = Self.boxes(padded, count: grown, lanes: 4, step: 4, radius: radius, alpha: alpha)
                for x in 0..<pixels {
                    for c in 0..<4 {
                        expected[x / 16 * stripStride + k * stripLanes + x % 16 * 4 + c] = x < grown ? blurred[4 * x + c] : 0
                    }
                }
            }
            for level in Self.levels {
                var got = [Int16](repeating: -1, count: expected.count)
                let scratch = UnsafeMutableRawPointer.allocate(byteCount: tsr_blur_boxes_scratch_size(radius), alignment: 1)
                defer { scratch.deallocate() }
                tsr_blur_boxes_rows(level, image, rowBytes, width, &got, stripStride, radius, alpha,
                                    BlurPass.boxScale(radius: radius, alpha: alpha), scratch)
                if let d = KernelOracle.difference(got, expected) {
                    let context = "width \(width), radius \(radius), α \(alpha), strips \(stripStride) apart"
                    Issue.record("level \(level), round \(round): \(context): \(d)")
                    return
                }
            }
        }
    }

    /// tsr_blur_boxes_columns against three reference passes down each column of its strip (rows in
    /// blocks, as in the plane), then the reference narrowing: every byte of the grown columns, and
    /// nothing written past `lanes`.
    @Test func boxColumnsMatchTheReference() {
        var random = Random(seed: 0xC0C5)
        let blockRows = Int(TSR_BLUR_BLOCK_ROWS), stripLanes = Int(TSR_BLUR_STRIP_LANES)
        for round in 0..<300 {
            let count = random.chance(0.9) ? random.int(in: 1...60) : random.int(in: 61...400)
            let lanes = random.chance(0.5) ? stripLanes : random.int(in: 1...stripLanes)
            let (radius, alpha) = Self.box(&random)
            let blockStride = blockRows * stripLanes + (random.chance(0.5) ? 0 : random.int(in: 1...100))
            let blocks = (count + blockRows - 1) / blockRows
            // Every lane of the strip holds values, the ones past `lanes` too: the kernel reads them.
            let column = Self.line(&random, count: count, pad: 0, step: stripLanes)
            var strip = [Int16](repeating: 0, count: blocks * blockStride)
            for y in 0..<count {
                for lane in 0..<stripLanes {
                    strip[y / blockRows * blockStride + y % blockRows * stripLanes + lane] = column[y * stripLanes + lane]
                }
            }
            let reach = 3 * (radius + 1), grown = count + 2 * reach
            let outStride = lanes + (random.chance(0.5) ? 0 : random.int(in: 1...9))
            let padded = [Int16](repeating: 0, count: reach * stripLanes) + column
                + [Int16](repeating: 0, count: reach * stripLanes)
            let blurred = Self.boxes(padded, count: grown, lanes: lanes, step: stripLanes, radius: radius, alpha: alpha)
            var expected = [UInt8](repeating: 7, count: grown * outStride)
            for y in 0..<grown {
                blurred.withUnsafeBufferPointer { values in
                    expected.withUnsafeMutableBufferPointer { bytes in
                        tsr_blur_narrow_reference(values.baseAddress! + y * stripLanes, bytes.baseAddress! + y * outStride, lanes)
                    }
                }
            }
            for level in Self.levels {
                var got = [UInt8](repeating: 7, count: expected.count)
                let scratch = UnsafeMutableRawPointer.allocate(byteCount: tsr_blur_boxes_scratch_size(radius), alignment: 1)
                defer { scratch.deallocate() }
                tsr_blur_boxes_columns(level, strip, blockStride, count, lanes, radius, alpha,
                                       BlurPass.boxScale(radius: radius, alpha: alpha), &got, outStride, scratch)
                if let d = KernelOracle.difference(got, expected) {
                    let context = "count \(count), lanes \(lanes), radius \(radius), α \(alpha)"
                    Issue.record("level \(level), round \(round): \(context): \(d)")
                    return
                }
            }
        }
    }

    @Test func convolveMatchesTheReference() {
        var random = Random(seed: 0xC0DE)
        for round in 0..<1500 {
            let lanes = random.int(in: 1...70), step = lanes + (random.chance(0.5) ? 0 : random.int(in: 0...9))
            let count = random.int(in: 1...60), radius = random.int(in: 0...6)
            // Non-negative Q14 weights summing to 16384, as BlurAxis makes them.
            var weights = (0...(2 * radius)).map { _ in Int16(random.int(in: 0...(16384 / (2 * radius + 1)))) }
            weights[radius] += Int16(16384 - weights.reduce(0) { $0 + Int($1) })
            let input = Self.line(&random, count: count, pad: radius, step: step)
            var got = [Int16](repeating: -1, count: count * step), expected = got
            input.withUnsafeBufferPointer { input in
                let start = input.baseAddress! + radius * step
                tsr_blur_convolve(start, step, &got, step, lanes, count, weights, radius)
                tsr_blur_convolve_reference(start, step, &expected, step, lanes, count, weights, radius)
            }
            if let d = KernelOracle.difference(got, expected) {
                Issue.record("round \(round): lanes \(lanes), step \(step), count \(count), weights \(weights): \(d)")
                return
            }
        }
    }

    @Test func widenAndNarrowMatchTheReferences() {
        var random = Random(seed: 0x11DE)
        for count in Array(0...70) + [255, 1000] {
            let bytes = (0..<count).map { _ in UInt8(random.int(in: 0...255)) }
            var wide = [Int16](repeating: -1, count: count), wideExpected = wide
            tsr_blur_widen(bytes, &wide, count)
            tsr_blur_widen_reference(bytes, &wideExpected, count)
            #expect(wide == wideExpected, "widen \(count)")
            let values = (0..<count).map { _ in Int16(random.int(in: 0...32640)) }
            var narrow = [UInt8](repeating: 7, count: count), narrowExpected = narrow
            tsr_blur_narrow(values, &narrow, count)
            tsr_blur_narrow_reference(values, &narrowExpected, count)
            #expect(narrow == narrowExpected, "narrow \(count)")
            #expect(narrow.indices.allSatisfy { Int(narrow[$0]) == (Int(values[$0]) + 64) / 128 })
        }
    }
}
