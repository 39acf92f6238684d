/// tsr_halve_row against tsr_halve_row_reference at every kernel level, byte for byte, on random
/// rows of every width (odd ones end on a half block) with and without a row below; and
/// `Pixmap.halved` against the definition, the same bytes on any number of threads.
@testable import TesseraRaster
import CTesseraSIMD
import Testing

@Suite struct HalveOracleTests {
    typealias Random = KernelOracle.Random

    @Test(arguments: KernelOracle.levels)
    func kernelMatchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0x4A1F)
        for round in 0..<1500 {
            let width = round < 70 ? round + 1 : random.int(in: 1...400)
            let top = KernelOracle.pixels(&random, count: width, opaque: 0.3)
            let bottom = KernelOracle.pixels(&random, count: width, opaque: 0.3)
            let hasBottom = round % 3 != 0
            // One guard pixel past the output: nothing is written beyond (width + 1) / 2.
            var got = [UInt32](repeating: 0xDEAD_BEEF, count: (width + 1) / 2 + 1), expected = got
            top.withUnsafeBufferPointer { t in
                bottom.withUnsafeBufferPointer { b in
                    tsr_halve_row(&got, t.baseAddress!, hasBottom ? b.baseAddress! : nil, width)
                    tsr_halve_row_reference(&expected, t.baseAddress!, hasBottom ? b.baseAddress! : nil, width)
                }
            }
            if let d = KernelOracle.difference(got, expected) {
                Issue.record("level \(level), round \(round), width \(width), bottom \(hasBottom): \(d)")
                return
            }
        }
    }

    @Test func pixmapHalvedIsTheMeanOfEachBlockOnAnyThreadCount() throws {
        // Odd sizes: the last column and row average with transparent pixels.
        let source = try Pixmap(width: 301, height: 257)
        var random = Random(seed: 12345)
        for y in 0..<source.height {
            for x in 0..<source.width { source.row(y)[x] = KernelOracle.pixel(&random) }
        }
        let one = try source.halved(threadCount: 1)
        #expect(one.width == 151 && one.height == 129)
        func expected(_ x: Int, _ y: Int) -> UInt32 {
            func at(_ x: Int, _ y: Int) -> UInt32 { x < source.width && y < source.height ? source.row(y)[x] : 0 }
            let block = [at(2 * x, 2 * y), at(2 * x + 1, 2 * y), at(2 * x, 2 * y + 1), at(2 * x + 1, 2 * y + 1)]
            var pixel: UInt32 = 0
            for lane: UInt32 in 0..<4 {
                let sum = block.reduce(2) { $0 + (($1 >> (8 * lane)) & 0xFF) }
                pixel |= (sum / 4) << (8 * lane)
            }
            return pixel
        }
        for (x, y) in [(0, 0), (10, 7), (150, 20), (33, 128), (150, 128)] {
            #expect(one.row(y)[x] == expected(x, y), "pixel (\(x), \(y))")
        }
        for threads in [2, 8] {
            let many = try source.halved(threadCount: threads)
            for y in 0..<one.height {
                #expect(Array(UnsafeBufferPointer(start: one.row(y), count: one.width))
                        == Array(UnsafeBufferPointer(start: many.row(y), count: many.width)), "row \(y), \(threads) threads")
            }
        }
    }
}
