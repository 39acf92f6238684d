/// tsr_accumulate_lines against its scalar oracle tsr_accumulate_lines_reference: the cells bit for
/// bit and the rows' extents, for closed outlines and for loose lines of every kind (steep, shallow,
/// horizontal, vertical, on pixel boundaries, at x = 0 and x = width, above, below and across the
/// band), in bands anywhere and of any height, accumulated onto rows that already hold other lines,
/// at every kernel level the CPU has.
import CTesseraSIMD
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct AccumulateOracleTests {
    typealias Random = KernelOracle.Random

    /// A line of one of the kinds above, its x in [0, width], its y in `ys`.
    private static func looseLine(_ random: inout Random, width: Int, ys: ClosedRange<Double>) -> [Float] {
        func x() -> Float { Float(random.double(in: 0...Double(width))) }
        func y() -> Float { Float(random.double(in: ys)) }
        let ends = [Float(0), Float(width)]
        switch random.int(in: 0...7) {
        case 0: let v = x(); return [v, y(), v, y()]                                       // vertical
        case 1: let v = y(); return [x(), v, x(), v]                                       // horizontal
        case 2:                                                                            // steep
            let v = x(), nudge = Float(random.double(in: -0.01...0.01))
            return [v, y(), min(max(v + nudge, 0), Float(width)), y()]
        case 3: let v = y(); return [x(), v, x(), v + Float(random.double(in: -0.05...0.05))]   // shallow
        case 4: return [x().rounded(), y().rounded(), x().rounded(), y().rounded()]       // on boundaries
        case 5: return [ends[random.int(in: 0...1)], y(), ends[random.int(in: 0...1)], y()]   // at the clip
        case 6: return [x(), y(), x(), y()].map { ($0 * 4).rounded() / 4 }                 // quarter pixels
        default: return [x(), y(), x(), y()]
        }
    }

    @Test(arguments: KernelOracle.levels)
    func matchesTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xACC0)
        for round in 0..<2000 {
            let width = random.int(in: 1...300), stride = WorkerScratch.stride(forWidth: width)
            let bandY = [0, random.int(in: 1...40)][round % 2], bandHeight = random.int(in: 1...24)
            // Reaching past the band above and below, sometimes far.
            let ys = Double(bandY - 5)...Double(bandY + bandHeight + [1, 5, 40][round % 3])
            var lines = KernelOracle.closedOutlines(&random, count: random.int(in: 0...3), width: width, ys: ys)
            for _ in 0..<random.int(in: 0...12) { lines += Self.looseLine(&random, width: width, ys: ys) }
            let count = lines.count / 4

            // Rows holding earlier lines: the two must add onto the same cells the same way.
            var cells = [Float](repeating: 0, count: stride * bandHeight)
            var rowMin = [Int32](repeating: .max, count: bandHeight), rowMax = [Int32](repeating: -1, count: bandHeight)
            let earlier = KernelOracle.closedOutlines(&random, count: random.int(in: 0...1), width: width, ys: ys)
            tsr_accumulate_lines_reference(earlier, earlier.count / 4, Int32(bandY), Int32(bandHeight), &cells, stride,
                                           &rowMin, &rowMax)
            var expected = (cells: cells, rowMin: rowMin, rowMax: rowMax)
            // Both ways of setting the lines up, whatever the lines are.
            tsr_accumulate_lines(lines, count, Int32(bandY), Int32(bandHeight), &cells, stride, &rowMin, &rowMax,
                                 Int32(round % 2))
            tsr_accumulate_lines_reference(lines, count, Int32(bandY), Int32(bandHeight), &expected.cells, stride,
                                           &expected.rowMin, &expected.rowMax)
            let what = "round \(round): width \(width), band \(bandY)+\(bandHeight), lines \(lines)"
            if let d = KernelOracle.difference(cells, expected.cells) { Issue.record("cells: \(d); \(what)"); return }
            #expect(rowMin == expected.rowMin, "rowMin, \(what)")
            #expect(rowMax == expected.rowMax, "rowMax, \(what)")
        }
    }

    /// Dashes' outlines (small turned rectangles of one to four rows, crowded so that they share
    /// cells) mixed with long lines, which the kernel adds eight lines at a time, sending the long
    /// ones and those with a piece across three pixels to the one-line path in their turn: the
    /// cells must still get their additions in the lines' order.
    @Test(arguments: KernelOracle.levels)
    func crowdedShortLinesMatchTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xDA5)
        for round in 0..<1000 {
            let width = random.int(in: 4...40), stride = WorkerScratch.stride(forWidth: width)
            let bandY = [0, random.int(in: 1...40)][round % 2], bandHeight = random.int(in: 1...20)
            var lines: [Float] = []
            for _ in 0..<random.int(in: 1...30) {
                if random.chance(0.2) {
                    lines += [Float(random.double(in: 0...Double(width))), Float(bandY - 3),
                              Float(random.double(in: 0...Double(width))), Float(bandY + bandHeight + 3)]
                    continue
                }
                // A dash: length up to 4.5, width up to 1.5, turned any way, in or across the band.
                let cx = random.double(in: 2...Double(width) - 2)
                let cy = random.double(in: Double(bandY) - 2...Double(bandY + bandHeight) + 2)
                let angle = random.double(in: 0...(2 * Double.pi)), length = random.double(in: 0...4.5)
                let half = random.double(in: 0.1...0.75)
                let (ux, uy) = (cos(angle) * length / 2, sin(angle) * length / 2)
                let (nx, ny) = (-sin(angle) * half, cos(angle) * half)
                var corners = [(cx - ux - nx, cy - uy - ny), (cx + ux - nx, cy + uy - ny),
                               (cx + ux + nx, cy + uy + ny), (cx - ux + nx, cy - uy + ny)]
                if random.chance(0.2) { corners = corners.map { (($0.0 * 4).rounded() / 4, ($0.1 * 4).rounded() / 4) } }
                let points = corners.map { (Float(min(max($0.0, 0), Double(width))), Float(max($0.1, 0))) }
                for i in 0..<4 {
                    let (a, b) = (points[i], points[(i + 1) % 4])
                    lines += [a.0, a.1, b.0, b.1]
                }
            }
            var cells = [Float](repeating: 0, count: stride * bandHeight)
            var rowMin = [Int32](repeating: .max, count: bandHeight), rowMax = [Int32](repeating: -1, count: bandHeight)
            var expected = (cells: cells, rowMin: rowMin, rowMax: rowMax)
            tsr_accumulate_lines(lines, lines.count / 4, Int32(bandY), Int32(bandHeight), &cells, stride, &rowMin, &rowMax,
                                 1)
            tsr_accumulate_lines_reference(lines, lines.count / 4, Int32(bandY), Int32(bandHeight), &expected.cells,
                                           stride, &expected.rowMin, &expected.rowMax)
            let what = "round \(round): width \(width), band \(bandY)+\(bandHeight), lines \(lines)"
            if let d = KernelOracle.difference(cells, expected.cells) { Issue.record("cells: \(d); \(what)"); return }
            #expect(rowMin == expected.rowMin && rowMax == expected.rowMax, "extents, \(what)")
        }
    }

    /// The same lines accumulated band by band give the bytes of one band over all rows: both
    /// versions compute each row boundary's x from the line's own equation.
    @Test(arguments: KernelOracle.levels)
    func bandsSplitAnywhereGiveTheSameCells(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 0xBA4D)
        for round in 0..<200 {
            let width = random.int(in: 1...120), stride = WorkerScratch.stride(forWidth: width), rows = 40
            let lines = KernelOracle.closedOutlines(&random, count: random.int(in: 1...3), width: width, ys: -2...42)
            var whole = [Float](repeating: 0, count: stride * rows)
            var wholeMin = [Int32](repeating: .max, count: rows), wholeMax = [Int32](repeating: -1, count: rows)
            tsr_accumulate_lines_reference(lines, lines.count / 4, 0, Int32(rows), &whole, stride, &wholeMin, &wholeMax)
            var banded = [Float](repeating: 0, count: stride * rows)
            var bandedMin = wholeMin.map { _ in Int32.max }, bandedMax = wholeMax.map { _ in Int32(-1) }
            var y = 0
            while y < rows {
                let height = min(random.int(in: 1...16), rows - y)
                banded.withUnsafeMutableBufferPointer { c in
                    bandedMin.withUnsafeMutableBufferPointer { lo in
                        bandedMax.withUnsafeMutableBufferPointer { hi in
                            tsr_accumulate_lines(lines, lines.count / 4, Int32(y), Int32(height), c.baseAddress! + y * stride,
                                                 stride, lo.baseAddress! + y, hi.baseAddress! + y, Int32(round % 2))
                        }
                    }
                }
                y += height
            }
            #expect(KernelOracle.difference(banded, whole) == nil, "round \(round)")
            #expect(bandedMin == wholeMin && bandedMax == wholeMax, "round \(round)")
        }
    }
}
