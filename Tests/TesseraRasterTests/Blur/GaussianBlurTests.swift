import Testing
@testable import TesseraRaster

/// What a blurred pixmap keeps: constant areas, total alpha, the premultiplied invariant, the
/// same bytes at any thread count; and how the blur clamps σ and grows the image.
@Suite struct GaussianBlurTests {
    static func randomImage(width: Int, height: Int, seed: UInt64, opaque: Double = 0.4) throws -> Pixmap {
        var random = KernelOracle.Random(seed: seed)
        let image = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image.row(y)[x] = KernelOracle.pixel(&random, opaque: opaque) }
        }
        return image
    }

    /// An image of one colour stays exactly that colour wherever the blur's window lies inside it.
    @Test(arguments: [1.5, 3, 9.7])
    func constantImageStaysConstantInside(sigma: Double) throws {
        let color = PremultipliedRGBA8(r: 40, g: 90, b: 160, a: 200)
        let image = try Pixmap(width: 80, height: 70)
        image.clear(color)
        let blur = GaussianBlur(sigma: sigma)
        let blurred = try image.blurred(by: blur, threadCount: 2)
        let (rx, ry) = (blur.reachX, blur.reachY)
        #expect(rx > 0 && 2 * rx < 80 && 2 * ry < 70)
        for y in (2 * ry)..<(70) {
            for x in (2 * rx)..<(80) where blurred[x, y] != color {
                Issue.record("σ = \(sigma): \(blurred[x, y]) at (\(x), \(y))")
                return
            }
        }
        #expect(blurred[0, 0].a < 10, "the corner fades")
    }

    /// With transparent edges nothing leaves the grown image: the total of each channel is kept up
    /// to the rounding of each byte (errors of at most half a unit that mostly cancel; the bound
    /// allows a twentieth of a unit a pixel on average).
    @Test(arguments: [1.2, 4, 12, 40])
    func totalAlphaIsConserved(sigma: Double) throws {
        let image = try Self.randomImage(width: 50, height: 40, seed: 0xA1FA)
        let blurred = try image.blurred(by: GaussianBlur(sigma: sigma), threadCount: 2)
        let before = image.bytes, after = blurred.bytes
        for channel in 0..<4 {
            let total = stride(from: channel, to: before.count, by: 4).reduce(0) { $0 + Int(before[$1]) }
            let kept = stride(from: channel, to: after.count, by: 4).reduce(0) { $0 + Int(after[$1]) }
            let pixels = blurred.width * blurred.height
            #expect(abs(kept - total) * 20 <= pixels, "σ = \(sigma), channel \(channel): \(kept) of \(total)")
        }
    }

    /// Each channel is blurred by the same monotonic integer arithmetic, so none passes its alpha.
    @Test(arguments: [(1.5, 1.5), (4, 0.7), (20, 33)])
    func staysPremultiplied(sigmaX: Double, sigmaY: Double) throws {
        let image = try Self.randomImage(width: 61, height: 45, seed: 0x9E3, opaque: 0.1)
        let blurred = try image.blurred(by: GaussianBlur(sigmaX: sigmaX, sigmaY: sigmaY))
        var opaqueColor = 0
        for y in 0..<blurred.height {
            for x in 0..<blurred.width {
                let p = blurred[x, y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a, "(\(x), \(y)): \(p)")
                if p.a > 0 && p.r == p.a { opaqueColor += 1 }
            }
        }
        #expect(opaqueColor < blurred.width * blurred.height, "not all saturated")
    }

    /// Rows and column strips are computed alone: 1, 2 and 8 threads give the same bytes, for
    /// pixmaps and for alpha masks (whose rows go four at a time).
    @Test(arguments: [0.9, 2.5, 11])
    func sameBytesAtAnyThreadCount(sigma: Double) throws {
        let image = try Self.randomImage(width: 301, height: 173, seed: 0x7EAD)
        let blur = GaussianBlur(sigmaX: sigma, sigmaY: sigma * 1.3)
        let one = try image.blurred(by: blur, threadCount: 1).bytes
        for threads in [2, 8] {
            #expect(try image.blurred(by: blur, threadCount: threads).bytes == one, "\(threads) threads, σ = \(sigma)")
        }
        var mask = AlphaMask(x: 3, y: -2, width: 301, height: 173)
        for y in 0..<173 { for x in 0..<301 { mask[3 + x, y - 2] = image[x, y].a } }
        let single = mask.blurred(by: blur)
        #expect(single.x == 3 - blur.reachX && single.y == -2 - blur.reachY)
        for threads in [2, 8] {
            #expect(mask.blurred(by: blur, threadCount: threads) == single, "\(threads) threads, σ = \(sigma)")
        }
    }

    /// NaN, zero or negative σ: no blur (the same pixels); huge or infinite σ: the maximum.
    @Test func clampsSigmaAndGrowsByTheReach() throws {
        let image = try Self.randomImage(width: 9, height: 7, seed: 1)
        for sigma in [Double.nan, 0, -3, -Double.infinity] {
            let blur = GaussianBlur(sigma: sigma)
            #expect(blur.sigmaX == 0 && blur.reachX == 0 && blur.reachY == 0)
            #expect(try image.blurred(by: blur).bytes == image.bytes)
        }
        for sigma in [1e9, Double.infinity] {
            #expect(GaussianBlur(sigma: sigma) == GaussianBlur(sigma: GaussianBlur.maximumSigma))
        }
        // The reach: ⌈3σ⌉ for the sampled kernel, at most one more for the boxes.
        for tenths in 1...2500 {
            let sigma = Double(tenths) / 10, blur = GaussianBlur(sigmaX: sigma, sigmaY: 0)
            let bound = Int((3 * sigma).rounded(.up))
            #expect(blur.reachX <= bound + (sigma < 2 ? 0 : 1), "σ = \(sigma)")
        }
        let blurred = try image.blurred(by: GaussianBlur(sigmaX: 5, sigmaY: 0.5))
        #expect(blurred.width == 9 + 2 * GaussianBlur(sigma: 5).reachX && blurred.height == 7 + 2 * 2)
        let empty = try Pixmap(width: 0, height: 4).blurred(by: GaussianBlur(sigma: 3))
        #expect(empty.width == 2 * GaussianBlur(sigma: 3).reachX && empty.bytes.allSatisfy { $0 == 0 })
    }
}
