/// Helpers of the image tests: images made texel by texel, the bench's noise image, and rows
/// sampled through both image kernels (SSE2 and reference), which must agree byte for byte.
import CTesseraSIMD
import Testing
@testable import BenchScenes
@testable import TesseraRaster

enum ImageTestSupport {
    typealias Random = CoverageHarness.SplitMix64

    /// An RGBA image whose texel (x, y) is `texel(x, y)`.
    static func image(width: Int, height: Int, _ texel: (Int, Int) -> PremultipliedRGBA8) -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = texel(x, y)
                bytes += [p.r, p.g, p.b, p.a]
            }
        }
        return try! Image(width: width, height: height, premultipliedRGBA: bytes)
    }

    /// A random premultiplied texel.
    static func randomTexel(_ random: inout Random) -> PremultipliedRGBA8 {
        let a = random.int(in: 0...255)
        func channel() -> UInt8 { UInt8(random.int(in: 0...a)) }
        return PremultipliedRGBA8(r: channel(), g: channel(), b: channel(), a: UInt8(a))
    }

    /// The 256 × 256 noise image of bench-scenes.md ("The image") as the bench builds it, so that
    /// the tests of its check values check the bench's image.
    static func noiseImage() -> Image { PaintScenes.noiseImage }

    /// A size × size checkerboard of 1-texel squares, opaque black and white, white at (0, 0).
    static func checkerboard(size: Int) -> Image {
        image(width: size, height: size) { x, y in
            (x + y).isMultiple(of: 2) ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        }
    }

    /// A random image `width` × `height` (its rows sometimes padded apart) as a pad, bilinear
    /// pattern with an identity mapping, handed to `body` with its texels and their stride (and
    /// `random`, to draw the rest of the case from).
    static func withPadBilinearImage(_ random: inout Random, width: Int, height: Int,
                                     _ body: (inout tsr_image_pattern, [UInt32], Int, inout Random) -> Void) {
        let stride = width + (random.chance(0.3) ? random.int(in: 1...7) : 0)
        let texels = (0..<(stride * (height - 1) + width)).map { _ in randomTexel(&random).packed }
        texels.withUnsafeBufferPointer { buffer in
            var p = tsr_image_pattern()
            p.pixels = buffer.baseAddress
            p.width = Int32(width); p.height = Int32(height); p.stride = stride
            p.extend = Int32(TSR_EXTEND_PAD.rawValue); p.filter = Int32(TSR_FILTER_BILINEAR.rawValue)
            body(&p, texels, stride, &random)
        }
    }

    /// Pixels x ..< x + count of row y through both kernels; expects equal bytes and returns them.
    static func row(_ parameters: tsr_image_pattern, x: Int, y: Int, count: Int,
                    sourceLocation: SourceLocation = #_sourceLocation) -> [UInt32] {
        var p = parameters
        var simd = [UInt32](repeating: 0xDEAD_BEEF, count: count)
        var reference = [UInt32](repeating: 0xBEEF_DEAD, count: count)
        simd.withUnsafeMutableBufferPointer { tsr_image_row(&p, Int32(x), Int32(y), count, $0.baseAddress) }
        reference.withUnsafeMutableBufferPointer { tsr_image_row_reference(&p, Int32(x), Int32(y), count, $0.baseAddress) }
        #expect(simd == reference, "SSE2 and reference rows differ", sourceLocation: sourceLocation)
        return simd
    }

    /// The pattern's colours of pixels x ..< x + count of row y on a device reached through
    /// `userToDevice`, through both kernels (nil when the pattern draws nothing).
    static func sample(_ pattern: ImagePattern, userToDevice: Transform = .identity, x: Int, y: Int, count: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) -> [PremultipliedRGBA8]? {
        guard let parameters = pattern.kernelParameters(userToDevice: userToDevice) else { return nil }
        return row(parameters, x: x, y: y, count: count, sourceLocation: sourceLocation).map {
            PremultipliedRGBA8(packed: UInt32(littleEndian: $0))
        }
    }

    /// One pixel of the pattern.
    static func pixel(_ pattern: ImagePattern, x: Int, y: Int,
                      sourceLocation: SourceLocation = #_sourceLocation) -> PremultipliedRGBA8? {
        sample(pattern, x: x, y: y, count: 1, sourceLocation: sourceLocation)?.first
    }

    /// The bilinear blend as the kernels document it, written independently: horizontal first
    /// with 7-bit weights, top = c00·(128 − wx) + c10·wx and bottom likewise, then
    /// mid = top + (((bottom − top)·wy + 64) >> 7) and (mid + 64) >> 7, per channel.
    static func bilinear(_ c00: PremultipliedRGBA8, _ c10: PremultipliedRGBA8, _ c01: PremultipliedRGBA8,
                         _ c11: PremultipliedRGBA8, wx: Int, wy: Int) -> PremultipliedRGBA8 {
        func channel(_ path: KeyPath<PremultipliedRGBA8, UInt8>) -> UInt8 {
            let top = Int(c00[keyPath: path]) * (128 - wx) + Int(c10[keyPath: path]) * wx
            let bottom = Int(c01[keyPath: path]) * (128 - wx) + Int(c11[keyPath: path]) * wx
            let mid = top + (((bottom - top) * wy + 64) >> 7)
            return UInt8((mid + 64) >> 7)
        }
        return PremultipliedRGBA8(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: channel(\.a))
    }
}
