/// The accumulation-to-coverage kernels against their scalar oracles: tsr_coverage_row against
/// tsr_coverage_row_reference and tsr_fill_accumulated_rows against
/// tsr_fill_accumulated_rows_reference, byte for byte, on rows with edges, long runs inside and
/// outside shapes (which the kernels draw without the prefix sum), -0.0 cells, every start and
/// length up to 300, both fill rules, opaque and translucent colours; the cells zeroed and the rows'
/// extents reset the same way.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct CoverageOracleTests {
    typealias Random = KernelOracle.Random

    @Test(arguments: [false, true], KernelOracle.levels)
    func coverageRowMatchesTheReference(evenOdd: Bool, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: evenOdd ? 0xC0E0 : 0xC0A0)
        for round in 0..<3000 {
            let start = random.int(in: 0...37), end = start + random.int(in: 0...299)
            // Zero past `end` with room for the kernels' last group, as in WorkerScratch.
            var cells = [Float](repeating: 0, count: WorkerScratch.stride(forWidth: end + 1))
            cells.withUnsafeMutableBufferPointer {
                KernelOracle.writeCellRow(&random, into: $0, start: start, end: end)
                if random.chance(0.3) { KernelOracle.addRoundingProbes(&random, into: $0, start: start, end: end) }
            }
            // Noise that does not sum to 0: coverage_row has no pixels past `end` to keep.
            if random.chance(0.3) { cells[random.int(in: start...end)] += Float(random.double(in: -3...3)) }
            var expectedCells = cells
            var coverage = [UInt8](repeating: 0xAB, count: end - start + 1 + 32), expected = coverage
            tsr_coverage_row(&cells, Int32(start), Int32(end), evenOdd ? 1 : 0, &coverage)
            tsr_coverage_row_reference(&expectedCells, Int32(start), Int32(end), evenOdd ? 1 : 0, &expected)
            if let d = KernelOracle.difference(coverage, expected) {
                Issue.record("round \(round), cells [\(start), \(end)]: coverage \(d)")
                return
            }
            #expect(KernelOracle.difference(cells, expectedCells) == nil, "round \(round): cells")
        }
    }

    /// Rows of a band: accumulated from closed outlines (half of the rounds) or written directly
    /// (the others), some rows empty; a random range of the band's rows filled.
    @Test(arguments: [false, true], KernelOracle.levels)
    func fillAccumulatedRowsMatchesTheReference(evenOdd: Bool, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: evenOdd ? 0xF1E0 : 0xF1A0)
        for round in 0..<1200 {
            let width = random.int(in: 1...300), rows = random.int(in: 1...6)
            let stride = WorkerScratch.stride(forWidth: width)
            let pixelStride = width + random.int(in: 0...5)
            var cells = [Float](repeating: 0, count: stride * rows)
            var rowMin = [Int32](repeating: .max, count: rows), rowMax = [Int32](repeating: -1, count: rows)
            if round % 2 == 0 {
                let lines = KernelOracle.closedOutlines(&random, count: random.int(in: 1...3), width: width,
                                                        ys: -2...Double(rows + 2))
                tsr_accumulate_lines_reference(lines, lines.count / 4, 0, Int32(rows), &cells, stride, &rowMin, &rowMax)
            } else {
                // Extents as accumulation leaves them: up to width + 1 (a line at x = width).
                for r in 0..<rows where random.chance(0.8) {
                    let start = random.int(in: 0...width), end = random.int(in: start...(width + 1))
                    cells.withUnsafeMutableBufferPointer {
                        KernelOracle.writeCellRow(&random, into: UnsafeMutableBufferPointer(rebasing: $0[(r * stride)...]),
                                                  start: start, end: end)
                    }
                    rowMin[r] = Int32(start)
                    rowMax[r] = Int32(end)
                }
            }
            let color = KernelOracle.color(&random)
            let firstRow = random.int(in: 0...(rows - 1)), endRow = random.int(in: firstRow...rows)
            var pixels = KernelOracle.pixels(&random, count: pixelStride * rows)
            var expected = (cells: cells, rowMin: rowMin, rowMax: rowMax, pixels: pixels)
            let rule: Int32 = evenOdd ? 1 : 0
            tsr_fill_accumulated_rows(&cells, stride, &rowMin, &rowMax, Int32(firstRow), Int32(endRow), &pixels,
                                      pixelStride, Int32(width), rule, color)
            tsr_fill_accumulated_rows_reference(&expected.cells, stride, &expected.rowMin, &expected.rowMax,
                                                Int32(firstRow), Int32(endRow), &expected.pixels, pixelStride,
                                                Int32(width), rule, color)
            let what = "round \(round): \(width)×\(rows), rows \(firstRow)..<\(endRow), colour \(String(color, radix: 16))"
            if let d = KernelOracle.difference(pixels, expected.pixels) { Issue.record("pixels \(d), \(what)"); return }
            #expect(KernelOracle.difference(cells, expected.cells) == nil, "cells, \(what)")
            #expect(rowMin == expected.rowMin && rowMax == expected.rowMax, "extents, \(what)")
        }
    }
}
