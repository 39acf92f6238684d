import Testing
import TesseraRaster

/// The per-pixel filters drawn apart from a group: a colour matrix on premultiplied components
/// and the alpha threshold, on pixels whose results are worked out by hand (rounding: a byte is
/// round(x · 255), and no expected value lies within float error of a half).
@Suite struct PixelFilterTests {
    static func pixmap(_ pixels: [PremultipliedRGBA8]) throws -> Pixmap {
        let pixmap = try Pixmap(width: pixels.count, height: 1)
        for (x, pixel) in pixels.enumerated() { pixmap[x, 0] = pixel }
        return pixmap
    }

    static func row(_ pixmap: Pixmap) -> [PremultipliedRGBA8] { (0..<pixmap.width).map { pixmap[$0, 0] } }

    static func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(r: r, g: g, b: b, a: a)
    }

    /// r′ = 0.5 r + 0.12, g′ = g + 0.25 a, b′ = 0.2, alpha kept, on premultiplied values.
    static let matrix = ColorMatrix(red: [0.5, 0, 0, 0], green: [0, 1, 0, 0.25], blue: .zero, bias: [0.12, 0, 0.2, 0])

    @Test func premultipliedMatrixReadsTheBytesAsTheyAre() throws {
        let pixmap = try Self.pixmap([Self.px(100, 50, 0, 200), .transparent, Self.px(255, 255, 255, 255), Self.px(10, 20, 30, 40)])
        pixmap.applyToPremultiplied(Self.matrix)
        #expect(Self.row(pixmap) == [
            // r: 0.5 · 100/255 + 0.12 = 80.6/255 → 81; g: (50 + 0.25 · 200)/255 → 100; b: 0.2 → 51.
            Self.px(81, 100, 51, 200),
            .transparent,   // stays transparent, the bias notwithstanding
            // r: 0.62 → 158.1 → 158; g: 1.25, clamped to alpha → 255.
            Self.px(158, 255, 51, 255),
            // r: (5 + 30.6)/255 → 36; g: (20 + 10)/255 → 30; b: 0.2 > alpha 40/255, clamped → 40.
            Self.px(36, 30, 40, 40),
        ])
        // Straight components (Core Image's CIColorMatrix) differ where the bias meets alpha < 1:
        // r = 100/200 = 0.5 → 0.37, times alpha 200 → 74.
        let straight = try Self.pixmap([Self.px(100, 50, 0, 200)])
        straight.apply(Self.matrix)
        #expect(straight[0, 0].r == 74)
    }

    /// A matrix that keeps alpha, with no bias and no alpha column, is the same both ways.
    @Test func premultipliedAndStraightAgreeWithoutBias() throws {
        let m = ColorMatrix(red: [0.3, 0.5, 0.1, 0], green: [0, 0.8, 0, 0], blue: [0.2, 0.2, 0.2, 0])
        let pixels = [Self.px(60, 30, 90, 120), Self.px(255, 10, 0, 255), Self.px(3, 2, 1, 7)]
        let a = try Self.pixmap(pixels), b = try Self.pixmap(pixels)
        a.applyToPremultiplied(m)
        b.apply(m)
        for x in 0..<pixels.count {
            let p = a[x, 0], q = b[x, 0]
            #expect(p.a == q.a)
            #expect(abs(Int(p.r) - Int(q.r)) <= 1 && abs(Int(p.g) - Int(q.g)) <= 1 && abs(Int(p.b) - Int(q.b)) <= 1,
                    "\(p) \(q): one rounding apart at most (straight divides by alpha first)")
        }
    }

    @Test func thresholdKeepsWhatReachesItOpaque() throws {
        let pixels = [PremultipliedRGBA8.transparent, Self.px(50, 25, 0, 127), Self.px(64, 32, 0, 128), Self.px(255, 255, 255, 255)]
        let own = try Self.pixmap(pixels)
        own.apply(AlphaThreshold(amount: 0.5))
        #expect(Self.row(own) == [
            .transparent,
            .transparent,                 // 127/255 < 0.5
            Self.px(128, 64, 0, 255),     // 128/255 ≥ 0.5: straight (64·255 + 64)/128 = 128, (32·255 + 64)/128 → 64
            Self.px(255, 255, 255, 255),
        ])
        let blue = try Self.pixmap(pixels)
        blue.apply(AlphaThreshold(amount: 0.5, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        // Half blue, premultiplied: round(127.5) = 128.
        #expect(Self.row(blue) == [.transparent, .transparent, Self.px(0, 0, 128, 128), Self.px(0, 0, 128, 128)])
    }

    /// Transparent pixels stay transparent at any threshold; NaN keeps nothing.
    @Test func thresholdBounds() throws {
        let pixels = [PremultipliedRGBA8.transparent, Self.px(0, 0, 1, 1)]
        let zero = try Self.pixmap(pixels)
        zero.apply(AlphaThreshold(amount: -3, color: .white))
        #expect(Self.row(zero) == [.transparent, Self.px(255, 255, 255, 255)])
        let nan = try Self.pixmap(pixels)
        nan.apply(AlphaThreshold(amount: .nan))
        #expect(Self.row(nan) == [.transparent, .transparent])
        let one = try Self.pixmap([Self.px(1, 2, 3, 254), Self.px(1, 2, 3, 255)])
        one.apply(AlphaThreshold(amount: 1))
        #expect(Self.row(one) == [.transparent, Self.px(1, 2, 3, 255)])
    }
}
