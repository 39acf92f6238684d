/// The image kernels: the SIMD kernel, at every level the CPU has (the baseline, AVX2, AVX-512),
/// gives the reference kernel's bytes on random images, mappings, rows, extend
/// modes and filters (fast paths included: no rotation, images drawn into rectangles,
/// power-of-two sizes, texel pairs, large strides, spans reaching the coordinate clamp), and bad
/// input (singular, NaN, infinite or nearly singular mappings; huge coordinates) neither traps nor
/// reads outside the image.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ImageKernelTests {
    typealias Support = ImageTestSupport
    typealias Random = Support.Random

    /// A random mapping: rotations, skews, scales from strong minification to strong
    /// magnification, no rotation (the fast path), and extreme values mixed in.
    private func randomMapping(_ random: inout Random, into p: inout tsr_image_pattern) {
        let scale = random.chance(0.3) ? random.double(in: 0.05...1) : random.double(in: 1...12)
        let angle = random.chance(0.3) ? 0 : random.double(in: 0...6.3)
        p.xx = scale * cos(angle); p.yx = scale * sin(angle)
        p.xy = -scale * sin(angle) * random.double(in: 0.5...2); p.yy = scale * cos(angle) + random.double(in: -0.3...0.3)
        p.x0 = random.double(in: -500...500); p.y0 = random.double(in: -500...500)
        switch random.int(in: 0...16) {
        case 0: p.yx = 0; p.xy = 0                                   // scale and translate (layer contents)
        case 1: p.yx = 0                                             // v constant along rows
        case 2: p.xx = 1; p.yx = 0; p.xy = 0; p.yy = 1               // translation only
        case 3: p.x0 = Double(random.int(in: -20...20)); p.y0 = Double(random.int(in: -20...20))
        case 4: p.xx *= 1e7; p.x0 *= 1e7                             // far outside: clamped coordinates
        case 5: p.x0 = .nan
        case 6: p.yy = .infinity
        case 7: p.xx = -.infinity; p.yx = 0
        case 8: p.xx = 1e300; p.xy = -1e300                          // products overflow
        case 9: p.xx = 0; p.yx = 0                                   // one point per row
        case 10: p.x0 = 2_097_150; p.xx = 0.9                        // near the clamp, ±2²¹ texels
        case 11: p.y0 = -2_097_160; p.yx = 0.001
        case 12: p.xx = 5e-324; p.yy = -5e-324                       // subnormal
        default: break
        }
    }

    @Test(arguments: KernelOracle.levels)
    func simdMatchesReferenceOnRandomRows(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 2025)
        for trial in 0..<4000 {
            let width: Int, height: Int
            switch trial % 5 {
            case 0: (width, height) = (1 << random.int(in: 0...6), 1 << random.int(in: 0...6))   // masks
            case 1: (width, height) = (random.int(in: 1...3), random.int(in: 1...3))
            default: (width, height) = (random.int(in: 1...70), random.int(in: 1...70))
            }
            let stride = width + (random.chance(0.3) ? random.int(in: 1...5) : 0)
            // Exactly as many texels as the last row needs: reading past it would be caught by
            // sanitizers, and gives garbage that fails the comparison.
            let texels = (0..<(stride * (height - 1) + width)).map { _ in Support.randomTexel(&random).packed }
            texels.withUnsafeBufferPointer { buffer in
                var p = tsr_image_pattern()
                p.pixels = buffer.baseAddress
                p.width = Int32(width); p.height = Int32(height); p.stride = stride
                p.extend = Int32(random.int(in: 0...3))
                p.filter = Int32(random.int(in: 0...1))
                randomMapping(&random, into: &p)
                let x = random.chance(0.05) ? Int(Int32.max) - 30 : random.int(in: -300...300)
                let y = random.chance(0.05) ? Int(Int32.min) : random.int(in: -300...300)
                let count = random.int(in: 0...41)
                let row = Support.row(p, x: x, y: y, count: count)
                for word in row {
                    let pixel = PremultipliedRGBA8(packed: word)
                    #expect(pixel.r <= pixel.a && pixel.g <= pixel.a && pixel.b <= pixel.a)
                }
            }
        }
    }

    /// Images drawn into rectangles (scale and translation, pad, bilinear: the kernel's fast path):
    /// long rows across the first pass's chunks of 256 pixels, both edges
    /// of the image (where the pair (k0, k0 + 1) ends at the last texel with wx = 128), rows on
    /// texel centres (wy = 0, the lower row unread), magnification and minification, flips, and
    /// rows starting anywhere.
    @Test(arguments: KernelOracle.levels)
    func scaledPadRowsMatchTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 404)
        for trial in 0..<1500 {
            let width = random.int(in: 2...(trial % 3 == 0 ? 5 : 300)), height = random.int(in: 1...40)
            Support.withPadBilinearImage(&random, width: width, height: height) { p, _, _, random in
                let sx = random.chance(0.7) ? random.double(in: 0.2...1) : random.double(in: 1...6)
                let sy = random.chance(0.2) ? 1 : random.double(in: 0.2...4)
                let left = random.double(in: -40...40), top = random.double(in: -20...20)
                // Image → device: (u, v) → (left + sx·u, top + sy·v); the kernel takes its inverse.
                p.xx = (random.chance(0.1) ? -1 : 1) / sx; p.yy = 1 / sy
                p.x0 = -left / sx; p.y0 = -top / sy
                if p.xx < 0 { p.x0 = Double(width) + left / sx }
                if random.chance(0.1) { p.xy = random.double(in: -0.5...0.5) }   // skew, v still constant
                if random.chance(0.1) { p.y0 = (p.y0 * 2).rounded() / 2 - 0.5 * p.yy }   // texel centres: wy = 0
                let x = random.int(in: -60...40), count = random.int(in: 0...700)
                for y in [random.int(in: -30...(Int(Double(height) * sy) + 30)), -5, Int(Double(height) * sy)] {
                    let whole = Support.row(p, x: x, y: y, count: count)
                    if trial % 50 == 0 && count > 10 {
                        // Split anywhere: the same pixels.
                        let cut = random.int(in: 1...(count - 1))
                        #expect(Support.row(p, x: x, y: y, count: cut) + Support.row(p, x: x + cut, y: y, count: count - cut)
                                == whole)
                    }
                }
            }
        }
    }

    /// Images drawn at their own size at whole-pixel offsets (bilinear, pad: every pixel on a texel
    /// centre, the kernel's copy): each pixel is its texel, clamped to the edge texels left and right
    /// of the image, and rows reaching past the image on either side or both, as the reference gives
    /// them. Offsets by a fraction of a pixel (one texel a pixel still: consecutive texel pairs)
    /// match the reference too.
    @Test(arguments: KernelOracle.levels)
    func integerTranslationsGiveTheTexels(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 77)
        for _ in 0..<800 {
            let width = random.int(in: 2...90), height = random.int(in: 1...12)
            Support.withPadBilinearImage(&random, width: width, height: height) { p, texels, stride, random in
                p.xx = 1; p.yy = 1
                // Device pixel x shows texel x + x0 (centre x + 0.5 maps to u = x + x0 + 0.5).
                p.x0 = Double(random.int(in: -60...60)); p.y0 = Double(random.int(in: -(height + 2)...(height + 2)))
                let x = random.int(in: -100...100), y = random.int(in: -4...(height + 4)), count = random.int(in: 0...300)
                let row = Support.row(p, x: x, y: y, count: count)
                let l = min(max(y + Int(p.y0), 0), height - 1)
                let expected = (0..<count).map { i in texels[l * stride + min(max(x + i + Int(p.x0), 0), width - 1)] }
                #expect(row == expected)
                // A fraction of a pixel across (the texel pairs loaded eight at a time), then down too.
                p.x0 += random.double(in: 0.01...0.99)
                _ = Support.row(p, x: x, y: y, count: count)
                p.y0 += random.double(in: 0.01...0.99)
                _ = Support.row(p, x: x, y: y, count: count)
            }
        }
    }

    /// Rotated and skewed bilinear patterns, repeat on power-of-two sides (the fill-image scene)
    /// and pad (the kernel's two-pass loop for any transform): long rows across the first pass's chunks,
    /// groups where repeat wraps k0 + 1 to texel 0, both image edges under pad.
    @Test(arguments: KernelOracle.levels)
    func rotatedRepeatAndPadRowsMatchTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 808)
        for trial in 0..<600 {
            let pad = trial % 3 == 0
            let width = pad ? random.int(in: 2...90) : 1 << random.int(in: 1...8)
            let height = pad ? random.int(in: 1...90) : 1 << random.int(in: 0...8)
            let stride = width + (random.chance(0.3) ? random.int(in: 1...7) : 0)
            let texels = (0..<(stride * (height - 1) + width)).map { _ in Support.randomTexel(&random).packed }
            texels.withUnsafeBufferPointer { buffer in
                var p = tsr_image_pattern()
                p.pixels = buffer.baseAddress
                p.width = Int32(width); p.height = Int32(height); p.stride = stride
                p.extend = Int32(pad ? TSR_EXTEND_PAD.rawValue : TSR_EXTEND_REPEAT.rawValue)
                p.filter = Int32(TSR_FILTER_BILINEAR.rawValue)
                let scale = random.double(in: 0.3...3), angle = random.double(in: 0...6.3)
                p.xx = scale * cos(angle); p.yx = scale * sin(angle)
                p.xy = -scale * sin(angle) + random.double(in: -0.2...0.2); p.yy = scale * cos(angle)
                p.x0 = random.double(in: -300...300); p.y0 = random.double(in: -300...300)
                let x = random.int(in: -400...400), count = random.int(in: 1...700)
                _ = Support.row(p, x: x, y: random.int(in: -400...400), count: count)
            }
        }
    }

    /// A span whose coordinates reach the clamp (±2²¹ texels) part way goes pixel by pixel; the
    /// bytes are the reference's on both sides of the clamp, for every filter and extend mode.
    @Test(arguments: KernelOracle.levels)
    func spansReachingTheClampMatchTheReference(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 5)
        let texels = (0..<(9 * 6)).map { _ in Support.randomTexel(&random).packed }
        texels.withUnsafeBufferPointer { buffer in
            for extend in 0...3 {
                for filter in 0...1 {
                    var p = tsr_image_pattern()
                    p.pixels = buffer.baseAddress
                    p.width = 9; p.height = 6; p.stride = 9
                    p.extend = Int32(extend); p.filter = Int32(filter)
                    p.xx = 1_000; p.yy = 1.3; p.x0 = 2_097_152 - 20_000   // reaches 2²¹ texels after 20 pixels
                    _ = Support.row(p, x: 0, y: 3, count: 40)
                    p.yx = 0.25
                    _ = Support.row(p, x: 0, y: 3, count: 40)
                    p.yx = 0; p.xx = -1_000; p.x0 = -2_097_152 + 20_000
                    _ = Support.row(p, x: 0, y: 3, count: 40)
                }
            }
        }
    }

    /// Strides of 2¹⁵ texels or more and heights over 2¹⁵ take the kernel's 64-bit row
    /// addressing; the bytes are the same.
    @Test(arguments: KernelOracle.levels)
    func largeStridesAndHeights(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 77)
        for (width, height, stride) in [(3, 4, 40_000), (2, 40_000, 2), (33_000, 2, 33_000)] {
            var texels = [UInt32](repeating: 0, count: stride * (height - 1) + width)
            for i in texels.indices where i % 7 == 0 || i < 64 || i > texels.count - 64 {
                texels[i] = Support.randomTexel(&random).packed
            }
            texels.withUnsafeBufferPointer { buffer in
                for trial in 0..<200 {
                    var p = tsr_image_pattern()
                    p.pixels = buffer.baseAddress
                    p.width = Int32(width); p.height = Int32(height); p.stride = stride
                    p.extend = Int32(trial % 4)
                    p.filter = Int32((trial / 4) % 2)
                    randomMapping(&random, into: &p)
                    _ = Support.row(p, x: random.int(in: -50...50), y: random.int(in: -50...50), count: random.int(in: 1...23))
                }
            }
        }
    }

    /// Mappings that collapse the plane, or are not finite, draw nothing; a nearly singular one
    /// draws, without trapping, whatever the filter and extend mode.
    @Test func singularAndNonFiniteTransforms() {
        let image = Support.noiseImage()
        let bad: [Transform] = [
            Transform(scaleX: 0, y: 1),
            Transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
            Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            Transform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
            Transform(scaleX: 1e-200, y: 1e-200),     // determinant underflows to 0
            Transform(scaleX: 1e200, y: 1e200),       // determinant overflows
        ]
        for filter in [ImagePattern.Filter.nearest, .bilinear, .trilinear] {
            for extend in [ImagePattern.Extend.pad, .repeat, .reflect, .none] {
                for transform in bad {
                    #expect(ImagePattern(image: image, transform: transform, extend: extend, filter: filter)
                        .kernelParameters(userToDevice: .identity) == nil)
                }
                #expect(ImagePattern(image: image, extend: extend, filter: filter)
                    .kernelParameters(userToDevice: Transform(scaleX: .nan, y: 1)) == nil)
                for transform in [Transform(scaleX: 1e-150, y: 1e-150), Transform(scaleX: 1e150, y: 1e-150),
                                  Transform(a: 1, b: 1, c: 1, d: 1 + 1e-15, tx: 3, ty: 4),
                                  Transform(translationX: 1e300, y: -1e300)] {
                    let pattern = ImagePattern(image: image, transform: transform, extend: extend, filter: filter)
                    _ = Support.sample(pattern, x: -5, y: 7, count: 19)
                }
            }
        }
    }

    /// Parameters nobody should pass (no pixels, no size) give transparent pixels, not a crash.
    @Test func emptyParametersGiveTransparentPixels() {
        var p = tsr_image_pattern()
        p.xx = 1; p.yy = 1
        #expect(Support.row(p, x: 0, y: 0, count: 9) == [UInt32](repeating: 0, count: 9))
        let one: [UInt32] = [0xFFFF_FFFF]
        one.withUnsafeBufferPointer { buffer in
            p.pixels = buffer.baseAddress
            p.width = 0; p.height = 1; p.stride = 1
            #expect(Support.row(p, x: 0, y: 0, count: 5) == [UInt32](repeating: 0, count: 5))
            // A side over 2³⁰ texels is refused before any texel is read.
            p.width = 1 << 30 + 1; p.height = 1; p.stride = 1 << 30 + 1
            #expect(Support.row(p, x: 0, y: 0, count: 5) == [UInt32](repeating: 0, count: 5))
        }
    }

    /// A row over 2²¹ texels long: coordinates are clamped at 2²¹ texels, so pad and the other
    /// modes read no further, and the kernels agree.
    @Test func sidesLongerThanTheCoordinateClamp() {
        let width = 2_200_000
        var random = Random(seed: 3)
        let texels = (0..<width).map { i in i % 1000 == 0 || i > 2_097_000 ? Support.randomTexel(&random).packed : 0 }
        texels.withUnsafeBufferPointer { buffer in
            for extend in 0...3 {
                for filter in 0...1 {
                    var p = tsr_image_pattern()
                    p.pixels = buffer.baseAddress
                    p.width = Int32(width); p.height = 1; p.stride = width
                    p.extend = Int32(extend); p.filter = Int32(filter)
                    p.xx = 1.3; p.yy = 1; p.x0 = 2_097_100
                    _ = Support.row(p, x: 0, y: 0, count: 300)
                    p.yx = 0.01
                    _ = Support.row(p, x: 0, y: 0, count: 300)
                }
            }
        }
    }

    /// Rows cut anywhere give the same pixels: every pixel is mapped from its own centre, so
    /// how spans split a row (bands, tiles, clips) never changes a byte.
    @Test func rowsSplitAnywhereGiveTheSamePixels() throws {
        let image = Support.noiseImage()
        let m = Transform(a: 0.9, b: 0.31, c: -0.2, d: 1.1, tx: 17.3, ty: -4.1)
        for filter in [ImagePattern.Filter.nearest, .bilinear] {
            for extend in [ImagePattern.Extend.repeat, .pad] {
                let p = try #require(ImagePattern(image: image, transform: m, extend: extend, filter: filter)
                    .kernelParameters(userToDevice: .identity))
                let whole = Support.row(p, x: -13, y: 40, count: 300)
                var pieces: [UInt32] = []
                var x = -13
                for length in [1, 2, 3, 5, 7, 4, 8, 13, 21, 34, 55, 89, 58] {
                    pieces += Support.row(p, x: x, y: 40, count: length)
                    x += length
                }
                #expect(pieces == whole)
            }
        }
    }
}
