/// tsr_paint_row (CTesseraPaint.h), the fine stage of painted fills: at every SIMD level its bytes
/// are those of the three passes with the reference kernels (tsr_paint_row_reference), for every
/// kind of paint (solid, each gradient path and extend mode, images; gradients and images also under
/// a projection), every blend mode, opacities, both fill rules and rows of every length and
/// position, including rows that end at the target's right edge (where the fused pass cannot
/// draw whole blocks) and rows whose last cells lie past the last pixel. It never writes a pixel
/// outside the row, and leaves the cells zeroed.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct PaintRowTests {
    typealias Random = CoverageHarness.SplitMix64

    /// Cells [start, end] of a row as accumulating a closed outline leaves them: spans of winding
    /// ±1 or ±2 with fractional edges, each entered and left, so that the row's winding sum is 0
    /// (up to rounding); sometimes a -0.0 cell. Zero elsewhere; `stride` cells.
    static func randomCells(_ random: inout Random, start: Int, end: Int, stride: Int) -> [Float] {
        var cells = [Float](repeating: 0, count: stride)
        for _ in 0..<random.int(in: 1...4) {
            let a = random.int(in: start...end), b = random.int(in: a...end)
            let winding: Float = [1, -1, 1, 2][random.int(in: 0...3)]
            let fa = Float(random.double(in: 0...1)), fb = Float(random.double(in: 0...1))
            cells[a] += winding * fa
            cells[min(a + 1, end)] += winding * (1 - fa)
            cells[b] -= winding * fb
            cells[min(b + 1, end)] -= winding * (1 - fb)
        }
        if random.chance(0.2) {
            let x = random.int(in: start...end)
            if cells[x] == 0 { cells[x] = -0.0 }
        }
        return cells
    }

    static func randomColor(_ random: inout Random) -> Color {
        Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
              alpha: random.chance(0.5) ? 1 : random.double(in: 0...1))
    }

    /// A paint of each kind the kernels know, in turn: solid, linear, centred radial (the fused
    /// pass computes both itself), two-circle radial, conic, image.
    static func randomShader(_ random: inout Random, round: Int, image: Image) -> Shader {
        let extend: Gradient.Extend = [.pad, .repeat, .reflect][random.int(in: 0...2)]
        let colors = (0..<random.int(in: 2...4)).map { _ in randomColor(&random) }
        func point() -> Point { Point(x: random.double(in: -40...340), y: random.double(in: -20...20)) }
        let paint: Paint
        switch round % 6 {
        case 0: paint = .solid(randomColor(&random))
        case 1: paint = .gradient(Gradient(.linear(start: point(), end: point()), colors: colors, extend: extend))
        case 2:
            let c = point()
            paint = .gradient(Gradient(.radial(startCenter: c, startRadius: 0, endCenter: c,
                                               endRadius: random.double(in: 1...200)), colors: colors, extend: extend))
        case 3:
            paint = .gradient(Gradient(.radial(startCenter: point(), startRadius: random.double(in: 0...30),
                                               endCenter: point(), endRadius: random.double(in: 0...200)),
                                       colors: colors, extend: extend))
        case 4: paint = .gradient(Gradient(.conic(center: point(), startAngle: random.double(in: 0...6)), colors: colors))
        default:
            let transform = Transform(rotationAngle: random.double(in: 0...6)).scaledBy(x: 0.7, y: 1.3)
            paint = .image(ImagePattern(image: image, transform: transform,
                                        extend: [.pad, .repeat, .reflect, .none][random.int(in: 0...3)],
                                        filter: random.chance(0.5) ? .nearest : .bilinear))
        }
        let opacity = UInt8(random.chance(0.6) ? 255 : random.int(in: 0...255))
        return Shader(paint, opacity: opacity, blendMode: BlendMode(rawValue: Int32(random.int(in: 0...27)))!)
    }

    /// A row's span of cells [start, end] in a row `width` pixels wide; it ends near the right
    /// edge often: at the last pixel, or on one of the two cells past it.
    static func randomSpan(_ random: inout Random, width: Int) -> (start: Int, end: Int) {
        let start = random.int(in: 0...(width - 1))
        let end = random.chance(0.3) ? random.int(in: max(start, width - 2)...(width + 1)) : random.int(in: start...width)
        return (start, end)
    }

    @Test(arguments: KernelOracle.levels)
    func givesTheBytesOfTheReferencePasses(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 4242)
        let image = ImageTestSupport.image(width: 13, height: 9) { _, _ in ImageTestSupport.randomTexel(&random) }
        for round in 0..<3000 {
            let width = [7, 16, 33, 100, 257][round % 5]
            let stride = WorkerScratch.stride(forWidth: width)
            let (start, end) = Self.randomSpan(&random, width: width)
            let count = min(end, width - 1) - start + 1
            let evenOdd = random.chance(0.3)
            let y = random.int(in: 0...20)
            let shader = Self.randomShader(&random, round: round, image: image)
            // A third of the gradients and images under a projection (the projective kernels).
            let mapping: PlaneMapping = random.chance(0.33)
                ? .projective(ProjectiveKernelTests.randomProjection(&random)) : .affine(.identity)
            guard var paint = PreparedPaint(shader: shader, mapping: mapping) else { continue }
            let cells = Self.randomCells(&random, start: start, end: end, stride: stride)
            // Pixels: the row, then a guard row that must stay as it is.
            let pixels = (0..<(width + 32)).map { _ in Self.randomColor(&random).premultiplied.packed }
            var fusedCells = cells, referenceCells = cells
            var fused = pixels, reference = pixels
            var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
            withExtendedLifetime(shader) {
                fused.withUnsafeMutableBufferPointer { p in
                    tsr_paint_row(&fusedCells, Int32(start), Int32(end), Int32(width), evenOdd ? 1 : 0, Int32(y), count,
                                  &paint.kernel, p.baseAddress! + start, &coverage, &colors)
                }
                reference.withUnsafeMutableBufferPointer { p in
                    tsr_paint_row_reference(&referenceCells, Int32(start), Int32(end), evenOdd ? 1 : 0,
                                            Int32(y), count, &paint.kernel, p.baseAddress! + start, &coverage, &colors)
                }
            }
            #expect(fused == reference, "round \(round): \(shader.paint) \(shader.blendMode), start \(start), end \(end), width \(width)")
            #expect(fusedCells.allSatisfy { $0 == 0 } && referenceCells.allSatisfy { $0 == 0 }, "round \(round): cells left")
            #expect(fused[width...] == pixels[width...], "round \(round): wrote past the row")
            if fused != reference { return }
        }
    }

    /// A solid colour under a bounded mode (drawn by edges and runs of groups, paint/solid_mode_row.h)
    /// through runs of every coverage, not only 0 and 255: spans of fractional winding, as thin
    /// slivers and horizontal edges leave them, with both fill rules, opacities, colours that are
    /// 0 at full coverage, and rows that end at the target's right edge.
    @Test(arguments: KernelOracle.levels)
    func solidColoursUnderBoundedModesGiveTheReferenceBytesThroughPartialRuns(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 3434)
        let modes: [BlendMode] = [
            .normal, .multiply, .screen, .darken, .lighten, .difference, .exclusion, .sourceAtop, .destinationOver,
            .destinationOut, .xor, .plusDarker, .plusLighter,
        ]
        for round in 0..<1500 {
            let width = [9, 40, 130, 300][round % 4]
            let stride = WorkerScratch.stride(forWidth: width)
            let start = random.int(in: 0...(width - 1))
            let end = random.chance(0.3) ? random.int(in: max(start, width - 2)...(width + 1))
                : random.int(in: start...width)
            let count = min(end, width - 1) - start + 1
            var cells = [Float](repeating: 0, count: stride)
            for _ in 0..<random.int(in: 1...4) {
                let a = random.int(in: start...end), b = random.int(in: a...end)
                let winding = Float(random.double(in: -2.5...2.5))
                cells[a] += winding
                cells[b] -= winding
            }
            let color = random.chance(0.1) ? Color(red: 0, green: 0, blue: 0, alpha: 0) : Self.randomColor(&random)
            let opacity = UInt8(random.chance(0.6) ? 255 : random.int(in: 0...255))
            let shader = Shader(.solid(color), opacity: opacity, blendMode: modes[round % modes.count])
            guard var paint = PreparedPaint(shader: shader, mapping: .affine(.identity)) else { continue }
            let evenOdd = random.chance(0.5)
            let pixels = (0..<(width + 32)).map { _ in Self.randomColor(&random).premultiplied.packed }
            var fusedCells = cells, referenceCells = cells
            var fused = pixels, reference = pixels
            var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
            fused.withUnsafeMutableBufferPointer { p in
                tsr_paint_row(&fusedCells, Int32(start), Int32(end), Int32(width), evenOdd ? 1 : 0, 0, count,
                              &paint.kernel, p.baseAddress! + start, &coverage, &colors)
            }
            reference.withUnsafeMutableBufferPointer { p in
                tsr_paint_row_reference(&referenceCells, Int32(start), Int32(end), evenOdd ? 1 : 0, 0, count,
                                        &paint.kernel, p.baseAddress! + start, &coverage, &colors)
            }
            #expect(fused == reference, "round \(round): \(shader.blendMode), start \(start), end \(end), width \(width)")
            #expect(fusedCells.allSatisfy { $0 == 0 }, "round \(round): cells left")
            if fused != reference { return }
        }
    }

    /// Even-odd coverage of windings at the edges of the coverage arithmetic (below the normal range,
    /// a hair from a byte's boundary, odd integers, 2²⁴ − 1 and beyond, the largest float) through the
    /// fused row's own coverage loops, which compute even-odd by rounding at AVX2 and AVX-512 (the
    /// 16-lane block of a linear gradient, the groups of a solid colour under multiply): the bytes of
    /// the reference passes. A row whose only edge is cell 0 gives every pixel the winding w.
    @Test(arguments: KernelOracle.levels)
    func evenOddExtremesGiveTheReferenceBytes(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        let windings: [Float] = [
            0x1p-149, -0x1.8p-130, 0x1p-126, 0x1.0101p-9, 0x1.81818p-8, 0.5, 1, -1, 1.5, 2, 2.25, -3.25, 3, -7,
            8_388_609, 8_388_610, 16_777_215, 16_777_216, 0x1p30, -0x1p100, .greatestFiniteMagnitude,
        ]
        let shaders = [
            Shader(.gradient(Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 40, y: 0)),
                                      colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]))),
            Shader(.solid(Color(red: 0.2, green: 0.6, blue: 0.9)), opacity: 255, blendMode: .multiply),
        ]
        let width = 40, stride = WorkerScratch.stride(forWidth: width)
        for shader in shaders {
            guard var paint = PreparedPaint(shader: shader, mapping: .affine(.identity)) else { Issue.record(); return }
            for w in windings {
                var cells = [Float](repeating: 0, count: stride)
                cells[0] = w
                var fusedCells = cells, referenceCells = cells
                let pixels = [UInt32](repeating: 0xFF80_8080, count: width + 16)
                var fused = pixels, reference = pixels
                var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
                fused.withUnsafeMutableBufferPointer { p in
                    tsr_paint_row(&fusedCells, 0, Int32(width - 1), Int32(width), 1, 0, width, &paint.kernel,
                                  p.baseAddress!, &coverage, &colors)
                }
                reference.withUnsafeMutableBufferPointer { p in
                    tsr_paint_row_reference(&referenceCells, 0, Int32(width - 1), 1, 0, width, &paint.kernel,
                                            p.baseAddress!, &coverage, &colors)
                }
                #expect(fused == reference, "\(shader.blendMode), w = \(w)")
            }
        }
    }

    /// A row the fill does not reach (count 0: only the cell past the last pixel) changes no pixel
    /// and clears that cell.
    @Test func aRowOfOnlyTheCellPastTheLastPixelDrawsNothing() {
        let width = 20, stride = WorkerScratch.stride(forWidth: width)
        var cells = [Float](repeating: 0, count: stride)
        cells[width] = 0.75
        let pixels = [UInt32](repeating: 0xFF10_2030, count: width)
        var drawn = pixels
        var coverage = [UInt8](repeating: 0, count: stride), colors = [UInt32](repeating: 0, count: stride)
        let shader = Shader(.solid(Color(red: 1, green: 0, blue: 0)), opacity: 255, blendMode: .multiply)
        guard var paint = PreparedPaint(shader: shader, mapping: .affine(.identity)) else { Issue.record(); return }
        drawn.withUnsafeMutableBufferPointer { p in
            tsr_paint_row(&cells, Int32(width), Int32(width), Int32(width), 0, 0, 0, &paint.kernel,
                          p.baseAddress! + width, &coverage, &colors)
        }
        #expect(drawn == pixels)
        #expect(cells.allSatisfy { $0 == 0 })
    }
}
