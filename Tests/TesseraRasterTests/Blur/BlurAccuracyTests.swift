import CTesseraSIMD
import Testing
@testable import TesseraRaster

/// How close the blur is to the Gaussian it stands for, and to the exact arithmetic of its own
/// passes: the impulse response against the sampled Gaussian (the bound BlurAxis documents), and
/// the pipeline's bytes against BlurModel.
@Suite struct BlurAccuracyTests {
    /// The largest deviation of a blur axis's impulse response from the sampled Gaussian, as a
    /// fraction of the Gaussian's peak, for σ ≥ 2 (BlurAxis's documented bound).
    static let boxBound = 0.075

    /// The impulse response of one axis through the kernels themselves: one full value (32640, a
    /// byte of 255) through the axis's filter, the boxes' sweep along a row or the sampled kernel.
    static func response(_ axis: BlurAxis) -> [Double] {
        let reach = axis.reach, count = 2 * reach + 1
        var values = [Int16](repeating: 0, count: count)
        switch axis.filter {
        case .none:
            values[0] = 32640
        case .sampled(let weights):
            var line = [Int16](repeating: 0, count: count + 2 * axis.margin)
            line[axis.margin + reach] = 32640
            line.withUnsafeBufferPointer { line in
                tsr_blur_convolve(line.baseAddress! + axis.margin, 1, &values, 1, 1, count, weights, weights.count / 2)
            }
        case .boxes(let radius, let alpha):
            // A block of rows of one pixel, the first channel of the first row 255: its channel
            // along the grown row (16 pixels a strip, 4 values a pixel).
            var pixels = [UInt8](repeating: 0, count: 4 * Int(TSR_BLUR_BLOCK_ROWS))
            pixels[0] = 255
            let strips = (count + 15) / 16, stride = Int(TSR_BLUR_STRIP_LANES * TSR_BLUR_BLOCK_ROWS)
            var grown = [Int16](repeating: 0, count: strips * stride)
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: tsr_blur_boxes_scratch_size(radius), alignment: 1)
            defer { scratch.deallocate() }
            tsr_blur_boxes_rows(tsr_kernel_level(), pixels, 4, 1, &grown, stride, radius, alpha,
                                BlurPass.boxScale(radius: radius, alpha: alpha), scratch)
            values = (0..<count).map { grown[$0 / 16 * stride + $0 % 16 * 4] }
        }
        return values.map { Double($0) / 32640 }
    }

    @Test(arguments: [2.0, 5, 10, 30, 2.4, 250])
    func impulseResponseIsNearTheGaussian(sigma: Double) {
        let axis = BlurAxis(sigma: sigma), response = Self.response(axis), reach = axis.reach
        let peak = BlurModel.gaussian(0, sigma: sigma)
        let deviation = (-reach - 3...reach + 3).map { k in
            abs((response.indices.contains(k + reach) ? response[k + reach] : 0) - BlurModel.gaussian(k, sigma: sigma))
        }.max()!
        #expect(deviation <= Self.boxBound * peak, "σ = \(sigma): \(deviation / peak) of the peak")
        // Each of the three passes rounds each value by at most half a unit of 1/32640.
        let rounding = Double(response.count) * 1.5 / 32640
        #expect(abs(response.reduce(0, +) - 1) <= rounding, "σ = \(sigma): the response sums to 1")
    }

    /// Below σ = 2 the response is the sampled kernel itself, up to its Q14 weights (the centre
    /// takes their rounding, up to a unit per tap) and the fixed point's rounding.
    @Test(arguments: [0.4, 1.0, 1.7])
    func smallSigmaIsTheSampledKernel(sigma: Double) {
        let axis = BlurAxis(sigma: sigma), response = Self.response(axis)
        let weights = GaussianKernel(sigma: sigma).weights
        #expect(response.count == weights.count)
        for (r, w) in zip(response, weights) { #expect(abs(r - Double(w)) < 2e-4, "σ = \(sigma)") }
    }

    /// A single opaque white pixel blurs into the two-dimensional Gaussian: within the product of
    /// the axes' bounds (|b₁b₂ − g₁g₂| ≤ |b₁ − g₁| b₂ + g₁ |b₂ − g₂| ≤ 2.2 · bound · peak²) plus
    /// the final rounding to bytes.
    @Test(arguments: [2.0, 5, 10, 30])
    func singlePixelBlursIntoTheGaussian(sigma: Double) throws {
        let pixel = try Pixmap(width: 1, height: 1)
        pixel[0, 0] = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let blur = GaussianBlur(sigma: sigma)
        let blurred = try pixel.blurred(by: blur, threadCount: 2)
        let reach = blur.reachX
        #expect(blurred.width == 2 * reach + 1 && blurred.height == 2 * blur.reachY + 1)
        let peak = BlurModel.gaussian(0, sigma: sigma)
        let tolerance = 255 * 2.2 * Self.boxBound * peak * peak + 0.51
        for y in 0..<blurred.height {
            for x in 0..<blurred.width {
                let expected = 255 * BlurModel.gaussian(x - reach, sigma: sigma) * BlurModel.gaussian(y - reach, sigma: sigma)
                let p = blurred[x, y]
                #expect(abs(Double(p.a) - expected) <= tolerance, "σ = \(sigma) at (\(x - reach), \(y - reach))")
                #expect(p.r == p.a && p.g == p.a && p.b == p.a)
            }
        }
    }

    /// The pipeline (fixed point, running sums, rows then column strips, four alpha rows at a time)
    /// gives each byte within 0.55 of the passes computed in Double (0.5 for the final rounding,
    /// the rest for the fixed point's), for RGBA and alpha images,
    /// odd sizes, different σ along each axis, and each kind of pass.
    @Test(arguments: [(3.3, 1.2), (0, 6), (1.5, 0), (2, 17)])
    func pipelineMatchesTheModel(sigmaX: Double, sigmaY: Double) throws {
        var random = KernelOracle.Random(seed: 0x5EED)
        let width = 37, height = 23
        let image = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image.row(y)[x] = KernelOracle.pixel(&random) }
        }
        let blur = GaussianBlur(sigmaX: sigmaX, sigmaY: sigmaY)
        let blurred = try image.blurred(by: blur)
        let bytes = image.bytes, result = blurred.bytes
        for channel in 0..<4 {
            let plane = (0..<(width * height)).map { Double(bytes[4 * $0 + channel]) }
            let model = BlurModel.blur(plane, width: width, height: height, blur.engine)
            let worst = model.indices.map { abs(Double(result[4 * $0 + channel]) - model[$0]) }.max()!
            #expect(worst <= 0.55, "σ = (\(sigmaX), \(sigmaY)), channel \(channel): \(worst)")
        }
        // The same alphas as a mask: four rows at a time along x, the same bytes.
        var mask = AlphaMask(x: 0, y: 0, width: width, height: height)
        for y in 0..<height { for x in 0..<width { mask[x, y] = image[x, y].a } }
        let blurredMask = mask.blurred(by: blur)
        for y in 0..<blurred.height {
            for x in 0..<blurred.width where blurredMask[x - blur.reachX, y - blur.reachY] != blurred[x, y].a {
                Issue.record("σ = (\(sigmaX), \(sigmaY)): mask and pixmap differ at (\(x), \(y))")
                return
            }
        }
    }
}
