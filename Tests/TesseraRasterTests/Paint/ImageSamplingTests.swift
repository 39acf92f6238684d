/// Image patterns sampled through the kernels (both the SSE2 kernel and the reference, which
/// must agree): texel centres exactly, bilinear weights between them, every extend mode at the
/// borders, rotation, nearest against bilinear, and the bench image's check values.
import Testing
@testable import TesseraRaster

@Suite struct ImageSamplingTests {
    typealias Support = ImageTestSupport

    private static func testImage() -> Image {
        var random = Support.Random(seed: 11)
        return Support.image(width: 7, height: 5) { _, _ in Support.randomTexel(&random) }
    }

    @Test(arguments: [ImagePattern.Filter.nearest, .bilinear, .trilinear])
    func identityGivesTheTexelsBack(filter: ImagePattern.Filter) {
        let image = Self.testImage()
        let pattern = ImagePattern(image: image, extend: .none, filter: filter)
        for y in 0..<image.height {
            let row = Support.sample(pattern, x: 0, y: y, count: image.width)
            #expect(row == (0..<image.width).map { image[$0, y] })
        }
    }

    @Test(arguments: [ImagePattern.Filter.nearest, .bilinear])
    func integerTranslationGivesTheTexelsBack(filter: ImagePattern.Filter) {
        let image = Self.testImage()
        // In the shape's space the image starts at (3, -2); the device is the shape's space moved by (10, 20).
        let pattern = ImagePattern(image: image, transform: Transform(translationX: 3, y: -2), extend: .pad, filter: filter)
        let userToDevice = Transform(translationX: 10, y: 20)
        for l in 0..<image.height {
            let row = Support.sample(pattern, userToDevice: userToDevice, x: 13, y: 18 + l, count: image.width)
            #expect(row == (0..<image.width).map { image[$0, l] })
        }
    }

    /// Two texels, black and white, with the pixel centres between them: the weights are
    /// round(fract(u − 0.5) · 128) and the blend is the documented fixed-point one; the results
    /// are within 1 of the exact blend.
    @Test func bilinearWeightsBetweenTexels() {
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let image = Support.image(width: 2, height: 1) { x, _ in x == 0 ? black : white }
        for (shift, expectedWeight) in [(0.25, 96), (0.5, 64), (0.75, 32), (0.1, 115), (0.9, 13)] {
            // Pixel 1's centre, 1.5, lies at u = 1.5 − shift.
            let pattern = ImagePattern(image: image, transform: Transform(translationX: shift, y: 0), filter: .bilinear)
            let pixel = Support.pixel(pattern, x: 1, y: 0)
            let expected = Support.bilinear(black, white, black, white, wx: expectedWeight, wy: 0)
            #expect(pixel == expected, "shift \(shift)")
            let exact = (1 - shift) * 255
            #expect(abs(Double(pixel?.r ?? 0) - exact) <= 1, "shift \(shift)")
            #expect(pixel?.a == 255)
        }
        // Hand-computed: u − 0.5 = 0.75, wx = 96: top = 255 · 96 = 24480, (24480 + 64) >> 7 = 191
        // (exactly 191.25).
        let quarter = ImagePattern(image: image, transform: Transform(translationX: 0.25, y: 0), filter: .bilinear)
        #expect(Support.pixel(quarter, x: 1, y: 0) == PremultipliedRGBA8(r: 191, g: 191, b: 191, a: 255))
    }

    /// Four texels around a point at fractions (0.3, 0.7) of the way: the documented blend of
    /// all four, within 1 of the exact bilinear value.
    @Test func bilinearBlendsFourTexels() {
        let texels = [PremultipliedRGBA8(r: 200, g: 10, b: 0, a: 255), PremultipliedRGBA8(r: 0, g: 100, b: 50, a: 128),
                      PremultipliedRGBA8(r: 30, g: 30, b: 30, a: 60), PremultipliedRGBA8(r: 90, g: 0, b: 90, a: 90)]
        let image = Support.image(width: 2, height: 2) { x, y in texels[y * 2 + x] }
        // Pixel (1, 1)'s centre (1.5, 1.5) lands at image (0.8, 1.2): (u − 0.5, v − 0.5) = (0.3, 0.7).
        let pattern = ImagePattern(image: image, transform: Transform(translationX: 0.7, y: 0.3), filter: .bilinear)
        let pixel = Support.pixel(pattern, x: 1, y: 1)
        let wx = Int((0.3 * 128).rounded()), wy = Int((0.7 * 128).rounded())
        #expect(pixel == Support.bilinear(texels[0], texels[1], texels[2], texels[3], wx: wx, wy: wy))
        func exact(_ path: KeyPath<PremultipliedRGBA8, UInt8>) -> Double {
            let top = Double(texels[0][keyPath: path]) * 0.7 + Double(texels[1][keyPath: path]) * 0.3
            let bottom = Double(texels[2][keyPath: path]) * 0.7 + Double(texels[3][keyPath: path]) * 0.3
            return top * 0.3 + bottom * 0.7
        }
        for path in [\PremultipliedRGBA8.r, \.g, \.b, \.a] {
            #expect(abs(Double(pixel?[keyPath: path] ?? 0) - exact(path)) <= 1)
        }
    }

    /// A 3 × 2 image seen from x = −7 to 9 and y = −3 to 4, nearest: each extend mode picks the
    /// texels it defines.
    @Test(arguments: [ImagePattern.Extend.pad, .repeat, .reflect, .none])
    func extendModesAtTheBorders(extend: ImagePattern.Extend) {
        let image = Self.testImage()
        let (w, h) = (image.width, image.height)
        func index(_ k: Int, _ n: Int) -> Int? {
            switch extend {
            case .pad: return min(max(k, 0), n - 1)
            case .repeat: return ((k % n) + n) % n
            case .reflect:
                let m = ((k % (2 * n)) + 2 * n) % (2 * n)
                return m < n ? m : 2 * n - 1 - m
            case .none: return (0..<n).contains(k) ? k : nil
            }
        }
        for filter in [ImagePattern.Filter.nearest, .bilinear] {
            let pattern = ImagePattern(image: image, extend: extend, filter: filter)
            for y in -(2 * h + 1)...(2 * h + 1) {
                let row = Support.sample(pattern, x: -(2 * w + 1), y: y, count: 4 * w + 3)
                let expected = (-(2 * w + 1)...(2 * w + 1)).map { x -> PremultipliedRGBA8 in
                    guard let k = index(x, w), let l = index(y, h) else { return .transparent }
                    return image[k, l]
                }
                #expect(row == expected, "\(filter) row \(y)")
            }
        }
    }

    /// Bilinear half a texel outside the image: pad repeats the edge texel, none blends it with
    /// transparency, repeat with the far edge, reflect with itself.
    @Test func bilinearAcrossTheBorder() {
        let image = Self.testImage()
        let shifted = Transform(translationX: 0.5, y: 0)   // pixel 0's centre lands at u = 0
        let left = image[0, 2], right = image[image.width - 1, 2]
        func pixel(_ extend: ImagePattern.Extend) -> PremultipliedRGBA8? {
            Support.pixel(ImagePattern(image: image, transform: shifted, extend: extend, filter: .bilinear), x: 0, y: 2)
        }
        #expect(pixel(.pad) == left)
        #expect(pixel(.reflect) == left)
        #expect(pixel(.none) == Support.bilinear(.transparent, left, .transparent, left, wx: 64, wy: 0))
        #expect(pixel(.repeat) == Support.bilinear(right, left, right, left, wx: 64, wy: 0))
    }

    /// A quarter turn maps texels onto pixels exactly, for the exact matrix and for the one
    /// `Transform(rotationAngle:)` computes (cos(π/2) ≈ 6e−17, not 0).
    @Test(arguments: [ImagePattern.Filter.nearest, .bilinear])
    func quarterTurnMapsTexelsExactly(filter: ImagePattern.Filter) {
        let image = Self.testImage()
        let (w, h) = (image.width, image.height)
        // (u, v) → (h − v, u): image column k lands on device row k, image row l on column h − 1 − l.
        let exact = Transform(a: 0, b: 1, c: -1, d: 0, tx: Double(h), ty: 0)
        let computed = Transform(rotationAngle: .pi / 2).concatenating(Transform(translationX: Double(h), y: 0))
        for transform in [exact, computed] {
            let pattern = ImagePattern(image: image, transform: transform, extend: .none, filter: filter)
            for y in 0..<w {
                let row = Support.sample(pattern, x: 0, y: y, count: h)
                #expect(row == (0..<h).map { image[y, h - 1 - $0] })
            }
        }
    }

    /// Scaled up 4×, nearest repeats each texel over 4 × 4 pixels while bilinear ramps between
    /// neighbours (equal to nearest only where the samples fall on texel centres).
    @Test func nearestAgainstBilinear() {
        let image = Self.testImage()
        let scale = Transform(scaleX: 4, y: 4)
        let nearest = ImagePattern(image: image, transform: scale, extend: .pad, filter: .nearest)
        let bilinear = ImagePattern(image: image, transform: scale, extend: .pad, filter: .bilinear)
        let y = 9   // v = 9.5 / 4 = 2.375: nearest takes texel row 2, bilinear blends rows 1 and 2
        let near = Support.sample(nearest, x: 0, y: y, count: 28)!
        let blend = Support.sample(bilinear, x: 0, y: y, count: 28)!
        #expect(near == (0..<28).map { image[$0 / 4, 2] })
        // Pixel x: u − 0.5 = (x + 0.5) / 4 − 0.5, v − 0.5 = 1.875: rows 1 and 2, wy = 112.
        for x in 0..<28 {
            let s = (Double(x) + 0.5) / 4 - 0.5
            let k0 = Int(s.rounded(.down)), wx = Int(((s - s.rounded(.down)) * 128).rounded())
            let (a, b) = (min(max(k0, 0), 6), min(max(k0 + 1, 0), 6))
            let expected = Support.bilinear(image[a, 1], image[b, 1], image[a, 2], image[b, 2],
                                            wx: wx, wy: 112)
            #expect(blend[x] == expected, "pixel \(x)")
        }
        #expect(blend != near)
    }

    /// bench-scenes.md's image: its check values, and a pattern under the identity gives them
    /// back; the mean of its colour channels.
    @Test func benchImageCheckValues() {
        let image = Support.noiseImage()
        #expect(image[0, 0] == PremultipliedRGBA8(r: 99, g: 4, b: 230, a: 255))
        #expect(image[1, 0] == PremultipliedRGBA8(r: 149, g: 115, b: 63, a: 255))
        #expect(image[0, 1] == PremultipliedRGBA8(r: 147, g: 4, b: 186, a: 255))
        #expect(image[255, 255] == PremultipliedRGBA8(r: 158, g: 188, b: 151, a: 255))
        var sum = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let p = image[x, y]
                sum += Int(p.r) + Int(p.g) + Int(p.b)
            }
        }
        #expect(abs(Double(sum) / Double(256 * 256 * 3) - 127.6267) < 0.00005)
        let pattern = ImagePattern(image: image, extend: .repeat, filter: .bilinear)
        #expect(Support.sample(pattern, x: 0, y: 0, count: 2) == [image[0, 0], image[1, 0]])
        #expect(Support.pixel(pattern, x: 0, y: 1) == image[0, 1])
        #expect(Support.pixel(pattern, x: 255, y: 255) == image[255, 255])
        // One tile further on, repeat gives the same texels.
        #expect(Support.pixel(pattern, x: 256 + 255, y: -1) == image[255, 255])
    }

    /// The fill-image scene's mapping (translate · rotate · scale): every sample lies between the
    /// lowest and highest of its four texels, and the two kernels agree (checked in `sample`).
    @Test func benchRotatedPatternStaysWithinItsTexels() {
        let image = Support.noiseImage()
        let (theta, s) = (0.7, 0.8)
        let m = Transform(a: s * _cos(theta), b: s * _sin(theta), c: -s * _sin(theta), d: s * _cos(theta), tx: 300, ty: 200)
        let pattern = ImagePattern(image: image, transform: m, extend: .repeat, filter: .bilinear)
        let inverse = m.inverted()!
        for y in stride(from: 150, to: 450, by: 37) {
            let row = Support.sample(pattern, x: 250, y: y, count: 200)!
            for (i, pixel) in row.enumerated() {
                let p = inverse.apply(Point(x: Double(250 + i) + 0.5, y: Double(y) + 0.5))
                let k = Int((p.x - 0.5).rounded(.down)), l = Int((p.y - 0.5).rounded(.down))
                let corners = [(k, l), (k + 1, l), (k, l + 1), (k + 1, l + 1)].map {
                    image[(($0.0 % 256) + 256) % 256, (($0.1 % 256) + 256) % 256]
                }
                for path in [\PremultipliedRGBA8.r, \.g, \.b] {
                    let values = corners.map { $0[keyPath: path] }
                    #expect(values.min()! <= pixel[keyPath: path] && pixel[keyPath: path] <= values.max()!)
                }
                #expect(pixel.a == 255)
            }
        }
    }
}
