/// ``Image/tinted(red:green:blue:)``: each channel multiplied and rounded, alpha kept, each tint
/// made once and shared by every thread that asks for it.
import Dispatch
import Synchronization
import Testing
@testable import TesseraRaster

@Suite struct ImageTintTests {
    static func image() throws -> Image {
        try Image(width: 2, height: 1, premultipliedRGBA: [200, 100, 50, 200, 255, 255, 255, 255])
    }

    @Test func multipliesTheColourChannelsAndRounds() throws {
        let tinted = try Self.image().tinted(red: 128, green: 255, blue: 0)
        // 200 × 128 / 255 = 100.39 → 100; 255 × 128 / 255 = 128; blue 0; alpha kept.
        #expect(tinted[0, 0] == PremultipliedRGBA8(r: 100, g: 100, b: 0, a: 200))
        #expect(tinted[1, 0] == PremultipliedRGBA8(r: 128, g: 255, b: 0, a: 255))
    }

    @Test func whiteAndAlphaImagesAreThemselves() throws {
        let image = try Self.image()
        #expect(image.tinted(red: 255, green: 255, blue: 255) === image)
        let alpha = try Image(width: 1, height: 1, alpha: [7])
        #expect(alpha.tinted(red: 1, green: 2, blue: 3) === alpha)
    }

    /// Each tint is made once: threads asking for the same tints at once end up with one copy each.
    @Test func eachTintIsKeptOnceForEveryThread() throws {
        let image = try Self.image()
        let kept = (0..<32).map { image.tinted(red: UInt8($0 * 8), green: 10, blue: 20) }
        let different = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for i in 0..<4_000 where image.tinted(red: UInt8(i % 32 * 8), green: 10, blue: 20) !== kept[i % 32] {
                different.add(1, ordering: .relaxed)
            }
        }
        #expect(different.load(ordering: .relaxed) == 0)
    }
}
