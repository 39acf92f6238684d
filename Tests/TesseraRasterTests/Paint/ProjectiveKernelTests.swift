/// The projective paint kernels (tsr_projective_gradient_row, tsr_projective_image_row) against
/// their scalar references on random rows: the same bytes for every gradient path and extend mode,
/// every image filter (nearest, bilinear, trilinear with its per-pixel level) and extend mode (the
/// image rows at every kernel level), rows that cross the eye's plane, and maps with non-finite or
/// huge coefficients. Pixels behind the eye are transparent.
import CTesseraSIMD
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct ProjectiveKernelTests {
    typealias Random = CoverageHarness.SplitMix64

    /// A plane → device projection under a plausible perspective: an affine part near a rotation
    /// and scale, and a w that changes by up to a third over 100 units, so that device rows of a
    /// few hundred pixels often reach past the horizon (W ≤ 0 of the inverse).
    static func randomProjection(_ random: inout Random) -> Projection {
        let angle = random.double(in: 0...6.28), scale = random.double(in: 0.3...3)
        return Projection(a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle) * random.double(in: 0.5...1.5),
                          d: scale * cos(angle), tx: random.double(in: -50...250), ty: random.double(in: -50...150),
                          wx: random.double(in: -0.004...0.004), wy: random.double(in: -0.004...0.004), w0: 1)
    }

    static func randomGradient(_ random: inout Random, round: Int) -> Gradient {
        let extend: Gradient.Extend = [.pad, .repeat, .reflect][random.int(in: 0...2)]
        let colors = (0..<random.int(in: 2...4)).map { _ in PaintRowTests.randomColor(&random) }
        func point() -> Point { Point(x: random.double(in: -40...140), y: random.double(in: -40...140)) }
        let kind: Gradient.Kind
        switch round % 4 {
        case 0: kind = .linear(start: point(), end: point())
        case 1:
            let c = point()
            kind = .radial(startCenter: c, startRadius: 0, endCenter: c, endRadius: random.double(in: 1...200))
        case 2:
            kind = .radial(startCenter: point(), startRadius: random.double(in: 0...30), endCenter: point(),
                           endRadius: random.double(in: 0...200))
        default: kind = .conic(center: point(), startAngle: random.double(in: 0...6))
        }
        return Gradient(kind, colors: colors, extend: extend,
                        transform: Transform(rotationAngle: random.double(in: 0...6)).scaledBy(x: 1.5, y: 0.8))
    }

    static func gradientRows(_ parameters: tsr_projective_gradient, x: Int, y: Int, count: Int) -> (simd: [UInt32], reference: [UInt32]) {
        var p = parameters
        var simd = [UInt32](repeating: 0xDEAD_BEEF, count: count), reference = [UInt32](repeating: 0xBEEF_DEAD, count: count)
        simd.withUnsafeMutableBufferPointer { tsr_projective_gradient_row(&p, Int32(x), Int32(y), count, $0.baseAddress) }
        reference.withUnsafeMutableBufferPointer {
            tsr_projective_gradient_row_reference(&p, Int32(x), Int32(y), count, $0.baseAddress)
        }
        return (simd, reference)
    }

    static func imageRows(_ parameters: tsr_projective_image, x: Int, y: Int, count: Int) -> (simd: [UInt32], reference: [UInt32]) {
        var p = parameters
        var simd = [UInt32](repeating: 0xDEAD_BEEF, count: count), reference = [UInt32](repeating: 0xBEEF_DEAD, count: count)
        simd.withUnsafeMutableBufferPointer { tsr_projective_image_row(&p, Int32(x), Int32(y), count, $0.baseAddress) }
        reference.withUnsafeMutableBufferPointer {
            tsr_projective_image_row_reference(&p, Int32(x), Int32(y), count, $0.baseAddress)
        }
        return (simd, reference)
    }

    /// W of device pixel (x, y) under `map`, as the kernels compute it.
    static func w(_ map: tsr_homography, x: Int, y: Int) -> Double {
        map.wx * (Double(x) + 0.5) + map.wy * (Double(y) + 0.5) + map.w0
    }

    @Test func gradientRowsGiveTheReferenceBytes() throws {
        var random = Random(seed: 77)
        var behind = 0
        for round in 0..<2000 {
            let gradient = Self.randomGradient(&random, round: round)
            guard let inverse = Self.randomProjection(&random).inverted(),
                  let parameters = gradient.kernelParameters(deviceToShape: inverse) else { continue }
            let x = random.int(in: -50...300), y = random.int(in: -20...200), count = random.int(in: 1...300)
            let (simd, reference) = withExtendedLifetime(gradient) { Self.gradientRows(parameters, x: x, y: y, count: count) }
            #expect(simd == reference, "round \(round): \(gradient.kind) \(gradient.extend), row \(y) from \(x)")
            for i in 0..<count where !(Self.w(inverse.kernelMap, x: x + i, y: y) > 0) {
                #expect(simd[i] == 0, "round \(round): pixel \(x + i) behind the eye")
                behind += 1
            }
            if simd != reference { return }
        }
        #expect(behind > 1000)   // rows do cross the eye's plane
    }

    /// At every kernel level: groups of eight pixels in front of the eye that read one level are
    /// sampled together by the image kernel, any other pixel alone.
    @Test(arguments: KernelOracle.levels)
    func imageRowsGiveTheReferenceBytes(level: Int32) throws {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 78)
        var behind = 0, trilinear = 0
        for round in 0..<2000 {
            let width = [1, 2, 5, 8, 13, 32][random.int(in: 0...5)], height = [1, 3, 8, 11, 16][random.int(in: 0...4)]
            let image = ImageTestSupport.image(width: width, height: height) { _, _ in ImageTestSupport.randomTexel(&random) }
            let filter: ImagePattern.Filter = [.nearest, .bilinear, .trilinear][round % 3]
            let pattern = ImagePattern(image: image,
                                       transform: Transform(rotationAngle: random.double(in: 0...6))
                                           .scaledBy(x: random.double(in: 0.05...4), y: random.double(in: 0.05...4)),
                                       extend: [.pad, .repeat, .reflect, .none][random.int(in: 0...3)], filter: filter)
            guard let inverse = Self.randomProjection(&random).inverted(),
                  let parameters = pattern.kernelParameters(deviceToShape: inverse) else { continue }
            if parameters.levelCount > 1 { trilinear += 1 }
            let x = random.int(in: -50...300), y = random.int(in: -20...200), count = random.int(in: 1...300)
            let (simd, reference) = withExtendedLifetime(pattern) { Self.imageRows(parameters, x: x, y: y, count: count) }
            #expect(simd == reference, "round \(round): \(filter) \(pattern.extend) \(width)×\(height), row \(y) from \(x)")
            for i in 0..<count where !(Self.w(parameters.map, x: x + i, y: y) > 0) {
                #expect(simd[i] == 0, "round \(round): pixel \(x + i) behind the eye")
                behind += 1
            }
            if simd != reference { return }
        }
        #expect(behind > 1000 && trilinear > 300)
    }

    /// Maps with NaN, infinite, huge or zero coefficients (no division by them is guarded in
    /// Swift): the kernels still agree with the references, and nothing traps.
    @Test func degenerateMapsGiveTheReferenceBytes() {
        var random = Random(seed: 79)
        let image = ImageTestSupport.image(width: 7, height: 5) { _, _ in ImageTestSupport.randomTexel(&random) }
        let gradient = Gradient(.radial(startCenter: Point(x: 3, y: 4), startRadius: 2, endCenter: Point(x: 9, y: 1),
                                        endRadius: 20), colors: [.black, .white], extend: .reflect)
        let odd: [Double] = [0, -0.0, 1e-300, -1e300, 1e300, .nan, .infinity, -.infinity, 1, -1, 0.5]
        guard let levels = image.levelTable(count: image.levelCount) else { Issue.record("no levels"); return }
        withExtendedLifetime((image, gradient)) {
            for round in 0..<3000 {
                var v = (0..<9).map { _ in random.chance(0.3) ? odd[random.int(in: 0...(odd.count - 1))] : random.double(in: -2...2) }
                if round.isMultiple(of: 3) { v[6] = 0; v[7] = 0 }   // W constant along rows and columns
                let map = tsr_homography(ux: v[0], uy: v[1], u0: v[2], vx: v[3], vy: v[4], v0: v[5], wx: v[6], wy: v[7], w0: v[8])
                let x = random.int(in: -100...100), y = random.int(in: -100...100), count = random.int(in: 1...40)
                let imageParameters = tsr_projective_image(levels: levels.entries, levelCount: Int32(levels.count),
                                                           extend: Int32(random.int(in: 0...3)),
                                                           filter: Int32(random.int(in: 0...1)), map: map)
                let (imageSIMD, imageReference) = Self.imageRows(imageParameters, x: x, y: y, count: count)
                #expect(imageSIMD == imageReference, "round \(round): image, map \(v)")
                var spec = tsr_gradient_spec()
                spec.kind = Int32(TSR_GRADIENT_RADIAL.rawValue)
                spec.extend = Int32(TSR_EXTEND_REFLECT.rawValue)
                spec.table = UnsafePointer(gradient.table.entries)
                spec.tableSize = Int32(GradientTable.size)
                (spec.p0x, spec.p0y, spec.p1x, spec.p1y, spec.r0, spec.r1) = (3, 4, 9, 1, 2, 20)
                var m = map, prepared = tsr_projective_gradient()
                tsr_projective_gradient_prepare(&spec, &m, &prepared)
                let (gradientSIMD, gradientReference) = Self.gradientRows(prepared, x: x, y: y, count: count)
                #expect(gradientSIMD == gradientReference, "round \(round): gradient, map \(v)")
            }
        }
    }
}
