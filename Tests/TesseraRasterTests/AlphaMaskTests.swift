import CTesseraSIMD
import Testing
@testable import TesseraRaster

/// Alpha masks: the Gaussian kernel and the separable blur, rendering drawing calls into a mask,
/// and painting through one (the pieces of a drop shadow).
@Suite struct AlphaMaskTests {
    @Test func kernelWeightsSumToOneSymmetricAndDecreasing() {
        for sigma in [0.3, 1, 2.5, 4, 17.2, GaussianKernel.maximumSigma] {
            let kernel = GaussianKernel(sigma: sigma)
            let w = kernel.weights
            #expect(kernel.radius == Int((3 * sigma).rounded(.up)))
            #expect(w.count == 2 * kernel.radius + 1)
            #expect(abs(w.reduce(0, +) - 1) < 1e-5, "σ = \(sigma)")
            #expect(w == Array(w.reversed()))
            #expect(zip(w.dropFirst(kernel.radius), w.dropFirst(kernel.radius + 1)).allSatisfy { $0 > $1 && $1 > 0 })
        }
    }

    /// NaN, negative or zero σ: no blur. Huge or infinite σ: the maximum.
    @Test func kernelClampsSigma() {
        for sigma in [Double.nan, -1, 0, -Double.infinity] {
            #expect(GaussianKernel(sigma: sigma).weights == [1] && GaussianKernel(sigma: sigma).sigma == 0)
        }
        let tiny = GaussianKernel(sigma: 1e-320)
        #expect(tiny.weights.allSatisfy(\.isFinite) && tiny.weights.reduce(0, +) == 1, "a subnormal σ: no NaN")
        for sigma in [1e9, .infinity] {
            let kernel = GaussianKernel(sigma: sigma)
            #expect(kernel.sigma == GaussianKernel.maximumSigma && kernel.radius == 192)
        }
    }

    /// An impulse blurs into the kernel: value 255 at one pixel gives 255 × wx × wy around it,
    /// rounded, in a mask grown by the radii.
    @Test func impulseGivesTheKernel() {
        var impulse = AlphaMask(x: 10, y: 20, width: 1, height: 1)
        impulse[10, 20] = 255
        let horizontal = GaussianKernel(sigma: 2), vertical = GaussianKernel(sigma: 1.2)
        let blurred = impulse.blurred(horizontally: horizontal, vertically: vertical)
        let (rx, ry) = (horizontal.radius, vertical.radius)
        #expect(blurred.x == 10 - rx && blurred.y == 20 - ry)
        #expect(blurred.width == 2 * rx + 1 && blurred.height == 2 * ry + 1)
        for dy in -ry...ry {
            for dx in -rx...rx {
                let expected = 255 * Double(horizontal.weights[dx + rx]) * Double(vertical.weights[dy + ry])
                #expect(abs(Double(blurred[10 + dx, 20 + dy]) - expected) <= 0.501, "(\(dx), \(dy))")
            }
        }
        #expect(blurred[10 + 1, 20] == blurred[10 - 1, 20])
    }

    /// No blur leaves a mask as it is; a full mask blurred stays full in its middle.
    @Test func blurKeepsWhatItShould() {
        var mask = AlphaMask(x: -3, y: 4, width: 5, height: 3)
        for i in 0..<15 { mask[-3 + i % 5, 4 + i / 5] = UInt8(i * 17) }
        let none = GaussianKernel(sigma: 0)
        #expect(mask.blurred(horizontally: none, vertically: none) == mask)

        var full = AlphaMask(x: 0, y: 0, width: 40, height: 40)
        for y in 0..<40 { for x in 0..<40 { full[x, y] = 255 } }
        let blurred = full.blurred(horizontally: GaussianKernel(sigma: 3), vertically: GaussianKernel(sigma: 3))
        #expect(blurred[20, 20] == 255)
        #expect(blurred[-9, 20] == 0 && blurred[-9, -9] == 0)
    }

    /// The recorded calls' alpha, cropped to what they drew; nothing drawn is nil; the target
    /// kept for the next call is transparent again.
    @Test func renderAlphaMaskCropsAndResets() throws {
        let canvas = Canvas(threadCount: 2)
        let half = Paint.solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        canvas.fill(Path(rect: Rect(x: 10, y: 12, width: 20, height: 8)), paint: half)
        let mask = try #require(try canvas.renderAlphaMask(width: 64, height: 48))
        #expect(mask.x == 10 && mask.y == 12 && mask.width == 20 && mask.height == 8)
        #expect(mask.values.allSatisfy { $0 == 128 })
        #expect(canvas.recordedCount == 0)

        #expect(try canvas.renderAlphaMask(width: 64, height: 48) == nil)
        canvas.fill(Path(rect: Rect(x: 1, y: 1, width: 2, height: 2)), paint: .solid(.black))
        let second = try #require(try canvas.renderAlphaMask(width: 40, height: 40))
        #expect(second.x == 1 && second.y == 1 && second.width == 2 && second.values == [255, 255, 255, 255])
        let faint = Paint.solid(Color(red: 0, green: 0, blue: 0, alpha: 0.2))
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 48)), paint: faint)
        let whole = try #require(try canvas.renderAlphaMask(width: 64, height: 48))
        #expect(whole.values.allSatisfy { $0 == 51 }, "no trace of the earlier calls")
        #expect(throws: RasterError.self) { try canvas.renderAlphaMask(width: -1, height: 5) }
    }

    /// Painting through a mask blends as a span of the same coverage does, pixel by pixel;
    /// parts outside the target are clipped.
    @Test func fillThroughMaskBlendsLikeSpans() throws {
        let color = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8)
        var mask = AlphaMask(x: -3, y: -2, width: 23, height: 9)
        for i in 0..<mask.values.count { mask.values[i] = UInt8((i * 37) % 256) }
        let canvas = Canvas(threadCount: 1)
        canvas.clear(Color(red: 1, green: 0.5, blue: 0, alpha: 0.7))
        canvas.fill(mask, paint: .solid(color))
        let image = try Pixmap(width: 17, height: 5)
        canvas.render(into: image)

        let background = Color(red: 1, green: 0.5, blue: 0, alpha: 0.7).premultiplied.packed.littleEndian
        for y in 0..<5 {
            for x in 0..<17 {
                var expected = background
                tsr_blend_span(&expected, 1, color.premultiplied.packed.littleEndian, UInt32(mask[x, y]))
                #expect(image[x, y] == PremultipliedRGBA8(packed: UInt32(littleEndian: expected)), "(\(x), \(y))")
            }
        }
    }

    /// The row kernel against single pixels, for every tail length.
    @Test func maskRowKernelAgreesWithSpans() {
        let color = Color(red: 0.9, green: 0.1, blue: 0.5, alpha: 0.6).premultiplied.packed
        for count in 1...13 {
            let coverage = (0..<count).map { UInt8(($0 * 71 + count) % 256) }
            var row = (0..<count).map { UInt32(truncatingIfNeeded: 0x0040_2010 + $0 * 0x0102_0304) | 0xFF00_0000 }
            var single = row
            row.withUnsafeMutableBufferPointer { tsr_blend_mask_row($0.baseAddress, coverage, count, color) }
            for i in 0..<count { tsr_blend_span(&single[i], 1, color, UInt32(coverage[i])) }
            #expect(row == single, "\(count) pixels")
        }
    }

    /// A mask inside groups at any thread count: the same bytes.
    @Test func sameBytesAtAnyThreadCount() throws {
        func render(_ threads: Int) throws -> [UInt8] {
            var mask = AlphaMask(x: -10, y: 5, width: 90, height: 70)
            for i in 0..<mask.values.count { mask.values[i] = UInt8((i * 13) % 256) }
            let blurred = mask.blurred(horizontally: GaussianKernel(sigma: 3), vertically: GaussianKernel(sigma: 5))
            let canvas = Canvas(threadCount: threads)
            canvas.clear(.white)
            canvas.beginGroup()
            canvas.fill(blurred, paint: .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.5)))
            canvas.fill(Path(rect: Rect(x: 20, y: 20, width: 30, height: 30)), paint: .solid(.black))
            canvas.endGroup(opacity: 0.7)
            let pixmap = try Pixmap(width: 80, height: 96)
            canvas.render(into: pixmap)
            return pixmap.bytes
        }
        let one = try render(1)
        for threads in [2, 8] { #expect(try render(threads) == one, "\(threads) threads") }
    }
}
