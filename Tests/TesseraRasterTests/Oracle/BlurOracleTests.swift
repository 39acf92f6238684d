/// The blur's kernels (CTesseraBlur.h) against their scalar references, byte for byte: random
/// fixed-point values in the kernels' range [0, 32640], lane counts around the SIMD width (1 to 70,
/// so that the four-lane and eight-lane blocks and the lane-at-a-time tails all run), steps wider
/// than the lanes (a strip of columns) or equal to them (pixels along a row), every radius from 0
/// to a few hundred, and extended-box ends of every weight in [0, 1].
import CTesseraSIMD
import Testing

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

    @Test func boxMatchesTheReference() {
        var random = Random(seed: 0xB0C5)
        for round in 0..<1500 {
            let lanes = random.int(in: 1...70), step = lanes + (random.chance(0.5) ? 0 : random.int(in: 0...9))
            let count = random.int(in: 1...120)
            let radius = random.chance(0.8) ? random.int(in: 0...12) : random.int(in: 13...255)
            let alpha = random.chance(0.2) ? [Float(0), 1][random.int(in: 0...1)] : Float(random.double(in: 0...1))
            let scale = 1 / (Float(2 * radius + 1) + 2 * alpha)
            let pad = radius + 1
            let input = Self.line(&random, count: count, pad: pad, step: step)
            var got = [Int16](repeating: -1, count: count * step), expected = got
            input.withUnsafeBufferPointer { input in
                let start = input.baseAddress! + pad * step
                tsr_blur_box(start, step, &got, step, lanes, count, radius, alpha, scale)
                tsr_blur_box_reference(start, step, &expected, step, lanes, count, radius, alpha, scale)
            }
            if let d = KernelOracle.difference(got, expected) {
                Issue.record("round \(round): lanes \(lanes), step \(step), count \(count), radius \(radius), α \(alpha): \(d)")
                return
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
