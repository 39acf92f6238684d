import Testing
@testable import TesseraRaster

/// `Color.premultiplied`: each channel is `round(c · a · 255)`, halves away from zero, clamped
/// to [0, 1] first (NaN as 0).
struct ColorConversionTests {
    /// The byte conversion against `rounded()` itself: every value k/255 and the values around
    /// (k + 0.5)/255 (some of which land on the half exactly), then a million random values.
    @Test func byteRoundsHalvesAwayFromZero() {
        var exactHalves = 0
        for k in 0...255 {
            let half = (Double(k) + 0.5) / 255
            for v in [Double(k) / 255, half, half.nextDown, half.nextUp] where v <= 1 {
                if v * 255 == Double(k) + 0.5 { exactHalves += 1 }
                #expect(Color.byte(v) == UInt8((v * 255).rounded()), "v = \(v)")
            }
        }
        #expect(exactHalves > 100)   // the halves themselves were tried
        var random = SystemRandomNumberGenerator()
        for _ in 0..<1_000_000 {
            let v = Double.random(in: 0...1, using: &random)
            #expect(Color.byte(v) == UInt8((v * 255).rounded()))
        }
    }

    @Test func premultipliedChannels() {
        let c = Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.5).premultiplied
        #expect((c.r, c.g, c.b, c.a) == (128, 64, 26, 128))   // 127.5, 63.75, 25.5, 127.5
        let clamped = Color(red: 2, green: -1, blue: .nan, alpha: 1).premultiplied
        #expect((clamped.r, clamped.g, clamped.b, clamped.a) == (255, 0, 0, 255))
    }
}
