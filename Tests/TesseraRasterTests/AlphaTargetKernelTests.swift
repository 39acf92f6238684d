/// The alpha-target kernels (CTesseraAlpha.h): each SIMD kernel against its scalar reference, and
/// each against the alpha lane of the RGBA kernel it stands for (tsr_blend_row_reference,
/// tsr_blend_solid_row, tsr_composite_row, tsr_blend_mask_row, tsr_fill_accumulated_rows,
/// tsr_fill_rect), byte for byte, for every blend mode, many row lengths (every tail of the
/// 16-pixel blocks), coverage with runs and edges, and opacities 0, 255, in between and above 255.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct AlphaTargetKernelTests {
    typealias Random = CoverageHarness.SplitMix64

    /// A valid premultiplied pixel with alpha `alpha` (random colour channels at most it).
    private static func pixel(_ random: inout Random, alpha: UInt8) -> UInt32 {
        let c = (0..<3).map { _ in UInt32(random.int(in: 0...Int(alpha))) }
        return c[0] | c[1] << 8 | c[2] << 16 | UInt32(alpha) << 24
    }

    /// Alphas as shapes and groups give them: often 0 or 255, sometimes anything.
    private static func alphas(_ random: inout Random, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            let value: UInt8 = [0, 255, 255, UInt8(random.int(in: 0...255))][random.int(in: 0...3)]
            for _ in 0..<random.int(in: 1...24) { out.append(random.chance(0.2) ? UInt8(random.int(in: 0...255)) : value) }
        }
        return Array(out.prefix(count))
    }

    private static func alphaBytes(_ pixels: [UInt32]) -> [UInt8] { pixels.map { UInt8($0 >> 24) } }

    private static let opacities: [UInt32] = [255, 255, 0, 1, 128, 254, 300]

    /// `body` with the address of `array`'s elements, or nil without an array.
    private static func address<T, R>(_ array: [T]?, _ body: (UnsafePointer<T>?) -> R) -> R {
        guard let array else { return body(nil) }
        return array.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    private func expectSame(_ got: [UInt8], _ expected: [UInt8], _ what: @autoclosure () -> String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard got != expected else { return }
        let differing = got.indices.filter { got[$0] != expected[$0] }
        let shown = differing.prefix(3).map { "[\($0)] \(got[$0]) ≠ \(expected[$0])" }
        Issue.record("\(what()): \(differing.count) bytes differ: \(shown.joined(separator: ", "))",
                     sourceLocation: sourceLocation)
    }

    /// The reference is the alpha lane of the RGBA reference, for every mode: the alpha lane
    /// depends only on alphas.
    @Test(arguments: BlendMode.allCases)
    func referenceIsTheAlphaLaneOfTheRGBAReference(mode: BlendMode) {
        var random = Random(seed: 0xA1FA + UInt64(mode.rawValue))
        for round in 0..<60 {
            let count = random.int(in: 1...70)
            let srcAlpha = Self.alphas(&random, count: count), dstAlpha = Self.alphas(&random, count: count)
            let coverage = Self.alphas(&random, count: count)
            let useCoverage = round % 5 != 4
            let opacity = Self.opacities[round % Self.opacities.count]
            let src = srcAlpha.map { Self.pixel(&random, alpha: $0) }
            var dst = dstAlpha.map { Self.pixel(&random, alpha: $0) }
            var alpha = dstAlpha
            Self.address(useCoverage ? coverage : nil) { c in
                dst.withUnsafeMutableBufferPointer { tsr_blend_row_reference($0.baseAddress, src, c, count, opacity, mode.rawValue) }
                alpha.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row_reference($0.baseAddress, srcAlpha, c, count, opacity, mode.rawValue)
                }
            }
            expectSame(alpha, Self.alphaBytes(dst), "\(mode), round \(round)")
        }
    }

    /// The SIMD row and the solid row against the reference, and the row in place (source =
    /// destination).
    @Test(arguments: BlendMode.allCases)
    func rowsMatchTheReference(mode: BlendMode) {
        var random = Random(seed: 0xB1FA + UInt64(mode.rawValue))
        for round in 0..<120 {
            let count = round < 40 ? round : random.int(in: 1...300)
            let src = Self.alphas(&random, count: count), dst = Self.alphas(&random, count: count)
            let coverage = Self.alphas(&random, count: count)
            let useCoverage = round % 6 != 5
            let opacity = Self.opacities[round % Self.opacities.count]
            let solid = UInt8([0, 255, UInt8(random.int(in: 0...255))][round % 3])
            var expected = dst, got = dst, solidExpected = dst, solidGot = dst, inPlaceExpected = dst, inPlace = dst
            Self.address(useCoverage ? coverage : nil) { c in
                expected.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row_reference($0.baseAddress, src, c, count, opacity, mode.rawValue)
                }
                got.withUnsafeMutableBufferPointer { tsr_alpha_blend_row($0.baseAddress, src, c, count, opacity, mode.rawValue) }
                solidExpected.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row_reference($0.baseAddress, [UInt8](repeating: solid, count: count), c, count, opacity,
                                                  mode.rawValue)
                }
                solidGot.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_solid_row($0.baseAddress, UInt32(solid), c, count, opacity, mode.rawValue)
                }
                inPlaceExpected.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row_reference($0.baseAddress, dst, c, count, opacity, mode.rawValue)
                }
                inPlace.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row($0.baseAddress, $0.baseAddress, c, count, opacity, mode.rawValue)
                }
            }
            expectSame(got, expected, "\(mode) row, \(count) pixels, round \(round)")
            expectSame(solidGot, solidExpected, "\(mode) solid row, \(count) pixels, round \(round)")
            expectSame(inPlace, inPlaceExpected, "\(mode) in place, \(count) pixels")
        }
    }

    /// A mode outside 0–27 composites as normal, as tsr_blend_row does.
    @Test func unknownModeIsNormal() {
        var random = Random(seed: 77)
        let src = Self.alphas(&random, count: 37), dst = Self.alphas(&random, count: 37)
        var normal = dst, unknown = dst
        normal.withUnsafeMutableBufferPointer { tsr_alpha_blend_row($0.baseAddress, src, nil, 37, 200, 0) }
        unknown.withUnsafeMutableBufferPointer { tsr_alpha_blend_row($0.baseAddress, src, nil, 37, 200, 99) }
        #expect(unknown == normal)
    }

    /// Groups: tsr_composite_row's alpha lane (with and without a mask layer) is the normal row's.
    @Test func compositeIsTheNormalRow() {
        var random = Random(seed: 0xC0A1)
        for round in 0..<200 {
            let count = random.int(in: 1...90)
            let src = Self.alphas(&random, count: count).map { Self.pixel(&random, alpha: $0) }
            let maskPixels = Self.alphas(&random, count: count).map { Self.pixel(&random, alpha: $0) }
            var dst = Self.alphas(&random, count: count).map { Self.pixel(&random, alpha: $0) }
            var alpha = Self.alphaBytes(dst)
            let opacity = Self.opacities[round % Self.opacities.count]
            let masked = round % 2 == 0
            Self.address(masked ? maskPixels : nil) { m in
                dst.withUnsafeMutableBufferPointer { tsr_composite_row($0.baseAddress, src, m, count, opacity) }
            }
            Self.address(masked ? Self.alphaBytes(maskPixels) : nil) { m in
                alpha.withUnsafeMutableBufferPointer {
                    tsr_alpha_blend_row($0.baseAddress, Self.alphaBytes(src), m, count, opacity, BlendMode.normal.rawValue)
                }
            }
            expectSame(alpha, Self.alphaBytes(dst), "round \(round), \(count) pixels, masked \(masked)")
        }
    }

    /// Solid colours: tsr_blend_solid_row, tsr_blend_mask_row and tsr_blend_span's alpha lanes are
    /// the solid alpha row's.
    @Test func solidKernelsAreTheSolidRow() {
        var random = Random(seed: 0x5011D)
        for round in 0..<200 {
            let count = random.int(in: 1...90)
            let color = Self.pixel(&random, alpha: UInt8([255, 0, UInt8(random.int(in: 0...255))][round % 3]))
            let coverage = Self.alphas(&random, count: count)
            let dst = Self.alphas(&random, count: count).map { Self.pixel(&random, alpha: $0) }
            let mode = BlendMode.allCases[round % BlendMode.allCases.count]
            let opacity = Self.opacities[round % Self.opacities.count]

            var solid = dst, alpha = Self.alphaBytes(dst)
            solid.withUnsafeMutableBufferPointer {
                tsr_blend_solid_row($0.baseAddress, color, coverage, count, opacity, mode.rawValue)
            }
            alpha.withUnsafeMutableBufferPointer {
                tsr_alpha_blend_solid_row($0.baseAddress, color >> 24, coverage, count, opacity, mode.rawValue)
            }
            expectSame(alpha, Self.alphaBytes(solid), "solid row \(mode), round \(round)")

            var masked = dst, maskedAlpha = Self.alphaBytes(dst)
            masked.withUnsafeMutableBufferPointer { tsr_blend_mask_row($0.baseAddress, coverage, count, color) }
            maskedAlpha.withUnsafeMutableBufferPointer {
                tsr_alpha_blend_solid_row($0.baseAddress, color >> 24, coverage, count, 255, BlendMode.normal.rawValue)
            }
            expectSame(maskedAlpha, Self.alphaBytes(masked), "mask row, round \(round)")

            let constant = UInt32(coverage[0])
            var span = dst, spanAlpha = Self.alphaBytes(dst)
            span.withUnsafeMutableBufferPointer { tsr_blend_span($0.baseAddress, count, color, constant) }
            spanAlpha.withUnsafeMutableBufferPointer {
                tsr_alpha_blend_solid_row($0.baseAddress, color >> 24, nil, count, constant, BlendMode.normal.rawValue)
            }
            expectSame(spanAlpha, Self.alphaBytes(span), "span, round \(round)")
        }
    }

    /// Rectangles: the coverage bytes and blends of tsr_fill_rect, on fractional and integer edges,
    /// clipped ones and NaN ones, rows inside and outside them.
    @Test func rectIsTheAlphaLaneOfTheRGBARect() {
        var random = Random(seed: 0x4EC7)
        let width = 57, rows = 4
        for round in 0..<400 {
            var left = Float(random.double(in: -5...Double(width + 5)))
            var right = left + Float(random.double(in: 0...30))
            var top = Float(random.double(in: -2...Double(rows + 1)))
            let bottom = top + Float(random.double(in: 0...3))
            if round % 4 == 0 { (left, right, top) = (left.rounded(), right.rounded(), top.rounded()) }
            if round % 50 == 7 { left = .nan }
            if round % 50 == 9 { right = .infinity }
            if round % 50 == 11 { top = .nan }
            let color = Self.pixel(&random, alpha: UInt8([255, UInt8(random.int(in: 1...255))][round % 2]))
            var pixels = Self.alphas(&random, count: width * rows).map { Self.pixel(&random, alpha: $0) }
            var alpha = Self.alphaBytes(pixels)
            pixels.withUnsafeMutableBufferPointer {
                tsr_fill_rect($0.baseAddress, width, Int32(width), 0, Int32(rows), left, top, right, bottom, color)
            }
            alpha.withUnsafeMutableBufferPointer {
                tsr_alpha_fill_rect($0.baseAddress, width, Int32(width), 0, Int32(rows), left, top, right, bottom,
                                    color >> 24)
            }
            expectSame(alpha, Self.alphaBytes(pixels), "[\(left), \(right)) × [\(top), \(bottom)), round \(round)")
        }
    }

    /// Accumulated fills: the same lines accumulated twice, one copy filled by the RGBA kernel, the
    /// other by the alpha kernel, both fill rules, opaque and translucent colours, into pixels that
    /// are not transparent; the cells and row extents are left ready for the next shape by both.
    @Test(arguments: [false, true])
    func accumulatedFillIsTheAlphaLaneOfTheRGBAFill(evenOdd: Bool) {
        var random = Random(seed: evenOdd ? 0xE0 : 0x20)
        for round in 0..<60 {
            let width = random.int(in: 1...140), rows = random.int(in: 1...12)
            let stride = WorkerScratch.stride(forWidth: width)
            // Closed polygons, clipped to [0, width] horizontally as the edge builder does (their
            // points are inside it), and reaching past the band vertically.
            var lines: [Float] = []
            for _ in 0..<random.int(in: 1...4) {
                let points = (0..<random.int(in: 3...8)).map { _ in
                    (Float(random.double(in: 0...Double(width))), Float(random.double(in: -3...Double(rows + 3))))
                }
                for i in points.indices {
                    let (a, b) = (points[i], points[(i + 1) % points.count])
                    lines += [a.0, a.1, b.0, b.1]
                }
            }
            let color = Self.pixel(&random, alpha: UInt8([255, UInt8(random.int(in: 1...255))][round % 2]))
            func accumulate() -> (cells: [Float], rowMin: [Int32], rowMax: [Int32]) {
                var cells = [Float](repeating: 0, count: stride * rows)
                var rowMin = [Int32](repeating: .max, count: rows), rowMax = [Int32](repeating: -1, count: rows)
                tsr_accumulate_lines(lines, lines.count / 4, 0, Int32(rows), &cells, stride, &rowMin, &rowMax, 0)
                return (cells, rowMin, rowMax)
            }
            var rgba = accumulate(), alphaCells = accumulate()
            var pixels = Self.alphas(&random, count: width * rows).map { Self.pixel(&random, alpha: $0) }
            var alpha = Self.alphaBytes(pixels)
            var coverage = [UInt8](repeating: 0, count: stride)
            tsr_fill_accumulated_rows(&rgba.cells, stride, &rgba.rowMin, &rgba.rowMax, 0, Int32(rows), &pixels, width,
                                      Int32(width), evenOdd ? 1 : 0, color)
            tsr_alpha_fill_accumulated_rows(&alphaCells.cells, stride, &alphaCells.rowMin, &alphaCells.rowMax, 0, Int32(rows),
                                            &alpha, width, Int32(width), evenOdd ? 1 : 0, color >> 24, &coverage)
            expectSame(alpha, Self.alphaBytes(pixels), "\(width)×\(rows), round \(round)")
            #expect(alphaCells.cells.allSatisfy { $0 == 0 })
            #expect(alphaCells.rowMin.allSatisfy { $0 == .max } && alphaCells.rowMax.allSatisfy { $0 == -1 })
        }
    }

    @Test func alphaOfPixelsMatchesTheReference() {
        var random = Random(seed: 0xA0F)
        for count in 0..<70 {
            let pixels = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            var got = [UInt8](repeating: 7, count: count), expected = got
            tsr_alpha_of_pixels(pixels, count, &got)
            tsr_alpha_of_pixels_reference(pixels, count, &expected)
            #expect(got == expected, "\(count) pixels")
            #expect(expected == pixels.map { UInt8($0 >> 24) })
        }
    }
}
