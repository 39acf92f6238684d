import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// A wide blur's reduced resolution: each pixel the rounded average of a 2 × 2 block, the same
/// bytes on any number of threads.
@Suite struct FilterHalvingTests {
    @Test func sameBytesOnAnyThreadCount() throws {
        // Odd sizes: the last column and row average with transparent pixels.
        let source = try Pixmap(width: 301, height: 257)
        var state: UInt32 = 12345
        for y in 0..<source.height {
            for x in 0..<source.width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let alpha = state >> 24, color = (state >> 8) & 0xFF
                let c = color * alpha / 255
                source.row(y)[x] = c | c << 8 | (c / 2) << 16 | alpha << 24
            }
        }
        let placed = FilterOperations.Placed(pixmap: source, x: 3, y: 4)
        let one = try #require(FilterOperations.halved(placed, threadCount: 1))
        #expect(one.pixmap.width == 151 && one.pixmap.height == 129 && one.scale == 2 && one.x == 3 && one.y == 4)
        // Pixel (10, 7): the block (20...21, 14...15), each lane's sum + 2, over 4.
        let block = [source.row(14)[20], source.row(14)[21], source.row(15)[20], source.row(15)[21]]
        var expected: UInt32 = 0
        for lane: UInt32 in 0..<4 {
            var sum: UInt32 = 2
            for word in block { sum += (word >> (8 * lane)) & 0xFF }
            expected |= (sum / 4) << (8 * lane)
        }
        #expect(one.pixmap.row(7)[10] == expected)
        for threads in [2, 8] {
            let many = try #require(FilterOperations.halved(placed, threadCount: threads))
            for y in 0..<one.pixmap.height {
                #expect(memcmp(one.pixmap.row(y), many.pixmap.row(y), one.pixmap.width * 4) == 0, "row \(y), \(threads) threads")
            }
        }
    }
}
