/// tsr_paint_rows with a window of columns (CTesseraPaint.h), as a fill inside a group is drawn where
/// only the group's area is composited: the pixels in the window get the bytes of the whole span's
/// painting, every other pixel either those bytes or its own, and the cells are left zeroed. The
/// fused pass paints only the 16-pixel blocks that hold the window's columns, so a span far wider
/// than its window costs its coverage, not its paint.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct PaintRowWindowTests {
    typealias Random = CoverageHarness.SplitMix64

    /// Rows of cells and a window of columns, painted by tsr_paint_rows with the window and by
    /// tsr_paint_row over each whole span.
    struct Rows {
        let width: Int, stride: Int
        var cells: [Float]
        var rowMin: [Int32], rowMax: [Int32]
        var pixels: [UInt32]

        var rowCount: Int { rowMin.count }

        /// `pixels` painted through the window [left, right) in one call; the cells and spans are
        /// consumed.
        mutating func paintThroughWindow(_ paint: inout PreparedPaint, evenOdd: Bool, left: Int32, right: Int32) {
            var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
            let (width, stride, rows) = (width, stride, rowCount)
            cells.withUnsafeMutableBufferPointer { cells in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    tsr_paint_rows(
                        cells.baseAddress!, stride, &rowMin, &rowMax, 0, Int32(rows), 0, Int32(width), evenOdd ? 1 : 0,
                        &paint.kernel, pixels.baseAddress!, width, &coverage, &colors, left, right)
                }
            }
        }

        /// `pixels` with each row's whole span painted (the fused pass, checked against the
        /// reference passes by PaintRowTests).
        func paintedWhole(_ paint: inout PreparedPaint, evenOdd: Bool) -> [UInt32] {
            var cells = cells, pixels = pixels
            var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
            for r in 0..<rowCount where rowMax[r] >= 0 {
                let start = Int(rowMin[r]), end = Int(rowMax[r])
                let count = max(min(end, width - 1) - start + 1, 0)
                cells.withUnsafeMutableBufferPointer { cells in
                    pixels.withUnsafeMutableBufferPointer { pixels in
                        tsr_paint_row(
                            cells.baseAddress! + r * stride, Int32(start), Int32(end), Int32(width), evenOdd ? 1 : 0,
                            Int32(r), count, &paint.kernel, pixels.baseAddress! + r * width + start, &coverage, &colors)
                    }
                }
            }
            return pixels
        }
    }

    /// `rows` rows of random closed spans (some rows empty) over random pixels.
    static func randomRows(_ random: inout Random, width: Int, rows: Int) -> Rows {
        let stride = WorkerScratch.stride(forWidth: width)
        var cells = [Float](), rowMin = [Int32](), rowMax = [Int32]()
        for _ in 0..<rows {
            guard random.chance(0.85) else {
                cells += [Float](repeating: 0, count: stride)
                rowMin.append(.max)
                rowMax.append(-1)
                continue
            }
            let (start, end) = PaintRowTests.randomSpan(&random, width: width)
            cells += PaintRowTests.randomCells(&random, start: start, end: end, stride: stride)
            rowMin.append(Int32(start))
            rowMax.append(Int32(end))
        }
        let pixels = (0..<(width * rows)).map { _ in PaintRowTests.randomColor(&random).premultiplied.packed }
        return Rows(width: width, stride: stride, cells: cells, rowMin: rowMin, rowMax: rowMax, pixels: pixels)
    }

    @Test(arguments: KernelOracle.levels)
    func paintsTheWindowWithTheBytesOfTheWholeSpan(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 5151)
        let image = ImageTestSupport.image(width: 13, height: 9) { _, _ in ImageTestSupport.randomTexel(&random) }
        for round in 0..<1500 {
            let width = [7, 16, 33, 100, 257][round % 5]
            var rows = Self.randomRows(&random, width: width, rows: 3)
            let shader = PaintRowTests.randomShader(&random, round: round, image: image)
            // tsr_paint_rows is for the modes that leave uncovered pixels as they are.
            guard !shader.blendMode.changesPixelsOutsideSource,
                var paint = PreparedPaint(shader: shader, mapping: .affine(.identity)), !paint.reachesOutside
            else { continue }
            let left = Int32(random.int(in: -20...(width + 10)))
            let right = random.chance(0.1) ? left - 3 : left + Int32(random.int(in: 0...(width + 20)))
            let evenOdd = random.chance(0.3)
            let original = rows.pixels
            let whole = withExtendedLifetime(shader) { rows.paintedWhole(&paint, evenOdd: evenOdd) }
            withExtendedLifetime(shader) { rows.paintThroughWindow(&paint, evenOdd: evenOdd, left: left, right: right) }
            let context = "round \(round): \(shader.paint) \(shader.blendMode), width \(width), window \(left)..<\(right)"
            let wrong = rows.pixels.indices.first { i in
                let x = Int32(i % width)
                return rows.pixels[i] != whole[i] && (x >= left && x < right || rows.pixels[i] != original[i])
            }
            #expect(wrong == nil, "\(context): pixel \(wrong ?? 0)")
            #expect(rows.cells.allSatisfy { $0 == 0 }, "\(context): cells left")
            #expect(rows.rowMin.allSatisfy { $0 == .max } && rows.rowMax.allSatisfy { $0 == -1 }, "\(context): spans left")
            if wrong != nil { return }
        }
    }

    /// A linear gradient over a whole row of 300 pixels, through a window of 20 columns: the 16-pixel
    /// blocks holding the window are painted (pixels 96–127), the rest of the row is left as it was;
    /// a row whose span misses the window is not painted at all.
    @Test(arguments: KernelOracle.levels)
    func paintsOnlyTheBlocksHoldingTheWindow(level: Int32) throws {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        let width = 300, stride = WorkerScratch.stride(forWidth: width)
        // Row 0 spans the whole row at full coverage; row 1 only columns 200–249.
        var cells = [Float](repeating: 0, count: 2 * stride)
        cells[0] = 1
        cells[width] = -1
        cells[stride + 200] = 1
        cells[stride + 250] = -1
        let background: UInt32 = 0xFF20_4060
        let gradient = Gradient(
            .linear(start: Point(x: 0, y: 0), end: Point(x: Double(width), y: 0)),
            colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)])
        let shader = Shader(.gradient(gradient), opacity: 255, blendMode: .normal)
        var paint = try #require(PreparedPaint(shader: shader, mapping: .affine(.identity)))
        var rows = Rows(
            width: width, stride: stride, cells: cells, rowMin: [0, 200], rowMax: [Int32(width), 250],
            pixels: [UInt32](repeating: background, count: 2 * width))
        let whole = withExtendedLifetime(shader) { rows.paintedWhole(&paint, evenOdd: false) }
        withExtendedLifetime(shader) { rows.paintThroughWindow(&paint, evenOdd: false, left: 100, right: 120) }
        for x in 0..<width {
            let expected = (96..<128).contains(x) ? whole[x] : background
            #expect(rows.pixels[x] == expected, "row 0, pixel \(x)")
            #expect(rows.pixels[width + x] == background, "row 1, pixel \(x)")
        }
        #expect(whole[0] != background && whole[width + 220] != background)
        #expect(rows.cells.allSatisfy { $0 == 0 })
    }
}
