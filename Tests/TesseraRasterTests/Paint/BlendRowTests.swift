/// The row structure of the blend kernels (CTesseraPaint.h): tsr_blend_solid_row against the oracle
/// tsr_blend_row_reference given a row of its colour, and tsr_blend_row on long rows (blocks of 16
/// pixels: fully covered, empty or mixed, the last one overlapping the one before) and in place
/// (source = destination), against the same oracle, for every mode. BlendModeKernelTests checks the
/// modes' arithmetic; this checks that the shortcuts (stores of opaque sources, skipped empty
/// blocks, the once-scaled solid colour) give the same bytes.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct BlendRowTests {
    typealias Random = CoverageHarness.SplitMix64

    /// A pixel: valid premultiplied (often opaque, sometimes 0) or, when `invalid`, any word.
    private static func pixel(_ random: inout Random, invalid: Bool, opaque: Double) -> UInt32 {
        if invalid { return UInt32(truncatingIfNeeded: random.next()) }
        if random.chance(0.1) { return 0 }
        let a = random.chance(opaque) ? 255 : random.int(in: 0...255)
        let c = (0..<3).map { _ in random.int(in: 0...a) }
        return UInt32(c[0]) | UInt32(c[1]) << 8 | UInt32(c[2]) << 16 | UInt32(a) << 24
    }

    /// Coverage as a shape gives it: runs of 255 and of 0 with edges between them.
    private static func coverageRow(_ random: inout Random, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            let length = random.int(in: 1...40)
            let value: UInt8
            switch random.int(in: 0...3) {
            case 0: value = 0
            case 1, 2: value = 255
            default: value = UInt8(random.int(in: 0...255))
            }
            for _ in 0..<length { out.append(random.chance(0.15) ? UInt8(random.int(in: 0...255)) : value) }
        }
        return Array(out.prefix(count))
    }

    private func expectSame(_ got: [UInt32], _ expected: [UInt32], _ what: @autoclosure () -> String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard got != expected else { return }
        let differing = got.indices.filter { got[$0] != expected[$0] }
        let shown = differing.prefix(3).map { "[\($0)] \(String(got[$0], radix: 16)) ≠ \(String(expected[$0], radix: 16))" }
        Issue.record("\(what()): \(differing.count) pixels differ: \(shown.joined(separator: ", "))",
                     sourceLocation: sourceLocation)
    }

    private static let opacities: [UInt32] = [255, 255, 255, 0, 128, 1, 254, 300]

    @Test(arguments: BlendMode.allCases, KernelOracle.levels)
    func solidRowIsTheRowOfItsColour(mode: BlendMode, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 5100 + UInt64(mode.rawValue))
        let width = 120
        for round in 0..<150 {
            let invalid = round % 8 == 7
            let opaque = [0.0, 0.5, 1.0][round % 3]
            let dst = (0..<width).map { _ in Self.pixel(&random, invalid: invalid, opaque: opaque) }
            let color = Self.pixel(&random, invalid: invalid, opaque: opaque)
            let coverage = Self.coverageRow(&random, count: width)
            let useCoverage = !random.chance(0.2)
            let opacity = Self.opacities[random.int(in: 0...(Self.opacities.count - 1))]
            let offset = random.int(in: 0...7)
            let count = random.int(in: 0...(width - offset))
            let colors = [UInt32](repeating: color, count: width)
            var solid = dst, expected = dst
            coverage.withUnsafeBufferPointer { c in
                let cov = useCoverage ? c.baseAddress! + offset : nil
                solid.withUnsafeMutableBufferPointer {
                    tsr_blend_solid_row($0.baseAddress! + offset, color, cov, count, opacity, mode.rawValue)
                }
                colors.withUnsafeBufferPointer { s in
                    expected.withUnsafeMutableBufferPointer {
                        tsr_blend_row_reference($0.baseAddress! + offset, s.baseAddress!, cov, count, opacity, mode.rawValue)
                    }
                }
            }
            expectSame(solid, expected, "\(mode) round \(round): colour \(String(color, radix: 16)) offset \(offset) count \(count) opacity \(opacity)")
        }
    }

    @Test(arguments: BlendMode.allCases, KernelOracle.levels)
    func longRowsAndInPlace(mode: BlendMode, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 6100 + UInt64(mode.rawValue))
        let width = 300
        for round in 0..<60 {
            let invalid = round % 8 == 7
            let opaque = [0.0, 0.9, 1.0][round % 3]
            let dst = (0..<width).map { _ in Self.pixel(&random, invalid: invalid, opaque: opaque) }
            var src = (0..<width).map { _ in Self.pixel(&random, invalid: invalid, opaque: opaque) }
            if random.chance(0.3) {
                // A transparent stretch of source (an image's empty border).
                let start = random.int(in: 0...(width - 1))
                for x in start..<min(width, start + random.int(in: 1...50)) { src[x] = 0 }
            }
            let coverage = Self.coverageRow(&random, count: width)
            let useCoverage = !random.chance(0.2)
            let opacity = Self.opacities[random.int(in: 0...(Self.opacities.count - 1))]
            let offset = random.int(in: 0...7)
            let count = random.int(in: 0...(width - offset))
            var fast = dst, expected = dst
            var fastInPlace = src, expectedInPlace = src
            coverage.withUnsafeBufferPointer { c in
                let cov = useCoverage ? c.baseAddress! + offset : nil
                src.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer {
                        tsr_blend_row($0.baseAddress! + offset, s.baseAddress! + offset, cov, count, opacity, mode.rawValue)
                    }
                    expected.withUnsafeMutableBufferPointer {
                        tsr_blend_row_reference($0.baseAddress! + offset, s.baseAddress! + offset, cov, count, opacity,
                                                mode.rawValue)
                    }
                }
                fastInPlace.withUnsafeMutableBufferPointer {
                    tsr_blend_row($0.baseAddress! + offset, $0.baseAddress! + offset, cov, count, opacity, mode.rawValue)
                }
                expectedInPlace.withUnsafeMutableBufferPointer {
                    tsr_blend_row_reference($0.baseAddress! + offset, $0.baseAddress! + offset, cov, count, opacity,
                                            mode.rawValue)
                }
            }
            let what = "\(mode) round \(round): offset \(offset) count \(count) opacity \(opacity)"
            expectSame(fast, expected, what)
            expectSame(fastInPlace, expectedInPlace, "\(what), in place")
        }
    }
}
