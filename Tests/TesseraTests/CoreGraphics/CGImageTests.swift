import Foundation
import Testing
import Tessera
import TesseraRaster
import TesseraTestSupport

/// CGImage through the API ported code calls: PNG and JPEG data through `CGDataProvider(data:
/// data as CFData)`, the memberwise initializer's layouts, cropping, and what fails (nil, or a
/// typed error through `init(decoding:)`).
@Suite struct CGImageTests {
    /// A 3 × 2 PNG: row 0 red, green, blue; row 1 white, half-transparent red, transparent.
    static func pngData() throws -> Data {
        let pixmap = try Pixmap(width: 3, height: 2)
        let pixels: [PremultipliedRGBA8] = [
            .init(r: 255, g: 0, b: 0, a: 255), .init(r: 0, g: 255, b: 0, a: 255), .init(r: 0, g: 0, b: 255, a: 255),
            .init(r: 255, g: 255, b: 255, a: 255), .init(r: 128, g: 0, b: 0, a: 128), .init(r: 0, g: 0, b: 0, a: 0),
        ]
        for (i, p) in pixels.enumerated() { pixmap[i % 3, i / 3] = p }
        return Data(try pixmap.pngData())
    }

    static func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.rasterImage[x, y]
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func pngThroughADataProvider() throws {
        let data = try Self.pngData()
        let provider = try #require(CGDataProvider(data: data as CFData))
        let image = try #require(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true,
                                         intent: .defaultIntent))
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 12)
        #expect(image.alphaInfo == .premultipliedLast)
        #expect(Self.rgba(image, 1, 0) == [0, 255, 0, 255])
        #expect(Self.rgba(image, 1, 1) == [128, 0, 0, 128])
        // PNG data is not JPEG data, and the other way round.
        #expect(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func jpegThroughADataProvider() throws {
        let url = try TestFixtures.url("quadrants", "jpg")
        let provider = try #require(CGDataProvider(data: try Data(contentsOf: url) as CFData))
        let image = try #require(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: false,
                                         intent: .perceptual))
        #expect(image.width == 16 && image.height == 16 && !image.shouldInterpolate)
        let c = Self.rgba(image, 3, 3)   // the red quadrant: (220, 30, 40), lossy
        #expect(abs(c[0] - 220) <= 4 && abs(c[1] - 30) <= 4 && abs(c[2] - 40) <= 4 && c[3] == 255)
        #expect(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func decodingGivesTheReason() throws {
        #expect(throws: ImageError.self) { try CGImage(decoding: Data([0x89, 0x50, 0x4E])) }
        #expect(throws: ImageError.jpeg(.corrupt)) { try CGImage(decoding: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])) }
        #expect(try CGImage(decoding: try Self.pngData()).width == 3)
    }

    /// The memberwise initializer's layouts: RGBA premultiplied, straight ARGB little-endian
    /// (BGRA in memory), RGB, RGBX, gray, alpha only; padded rows.
    @Test func memberwiseLayouts() throws {
        func make(_ bytes: [UInt8], bpp: Int, bytesPerRow: Int, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
                  _ info: CGBitmapInfo) -> CGImage? {
            CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: bpp, bytesPerRow: bytesPerRow, space: space,
                    bitmapInfo: info, provider: CGDataProvider(data: Data(bytes) as CFData)!, decode: nil,
                    shouldInterpolate: true, intent: .defaultIntent)
        }
        let premultiplied = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        let rgba = try #require(make([255, 0, 0, 255, 0, 64, 0, 128], bpp: 32, bytesPerRow: 8, premultiplied))
        #expect(Self.rgba(rgba, 0, 0) == [255, 0, 0, 255] && Self.rgba(rgba, 1, 0) == [0, 64, 0, 128])
        // Straight alpha first, little-endian words: memory B, G, R, A; premultiplied on the way.
        let argbLittle = CGBitmapInfo(rawValue: CGImageAlphaInfo.first.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        let bgra = try #require(make([0, 0, 255, 128, 255, 0, 0, 255], bpp: 32, bytesPerRow: 8, argbLittle))
        #expect(Self.rgba(bgra, 0, 0) == [128, 0, 0, 128] && Self.rgba(bgra, 1, 0) == [0, 0, 255, 255])
        let rgb = try #require(make([1, 2, 3, 4, 5, 6, 99], bpp: 24, bytesPerRow: 7, CGBitmapInfo(rawValue: 0)))
        #expect(Self.rgba(rgb, 1, 0) == [4, 5, 6, 255])
        let rgbx = try #require(make([1, 2, 3, 0, 4, 5, 6, 0], bpp: 32, bytesPerRow: 8,
                                     CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue)))
        #expect(Self.rgba(rgbx, 0, 0) == [1, 2, 3, 255])
        let gray = try #require(make([10, 200], bpp: 8, bytesPerRow: 2, space: CGColorSpaceCreateDeviceGray(),
                                     CGBitmapInfo(rawValue: 0)))
        #expect(Self.rgba(gray, 1, 0) == [200, 200, 200, 255])
        let alpha = try #require(make([0, 77], bpp: 8, bytesPerRow: 2, CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)))
        #expect(alpha.alphaInfo == .alphaOnly && alpha.colorSpace == nil && Self.rgba(alpha, 1, 0) == [0, 0, 0, 77])
        // Premultiplied colours above their alpha are clamped to it.
        let clamped = try #require(make([200, 0, 0, 100, 0, 0, 0, 0], bpp: 32, bytesPerRow: 8, premultiplied))
        #expect(Self.rgba(clamped, 0, 0) == [100, 0, 0, 100])
    }

    @Test func memberwiseRefusals() {
        func make(width: Int = 2, height: Int = 2, bpc: Int = 8, bpp: Int = 32, bytesPerRow: Int = 8, count: Int = 16,
                  space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
                  info: UInt32 = CGImageAlphaInfo.premultipliedLast.rawValue) -> CGImage? {
            CGImage(width: width, height: height, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: bytesPerRow,
                    space: space, bitmapInfo: CGBitmapInfo(rawValue: info),
                    provider: CGDataProvider(data: Data(count: count) as CFData)!, decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent)
        }
        #expect(make() != nil)
        #expect(make(count: 15) == nil, "fewer bytes than the rows need")
        #expect(make(bytesPerRow: 7) == nil, "rows shorter than the width")
        #expect(make(bpc: 16) == nil)
        #expect(make(bpp: 24) == nil, "24 bits with alpha")
        #expect(make(space: CGColorSpaceCreateDeviceGray()) == nil)
        #expect(make(width: 0) == nil && make(width: -1) == nil)
        #expect(make(width: 70_000, bytesPerRow: 280_000, count: 560_000) == nil, "a side over 65,535")
        #expect(make(info: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue) == nil)
    }

    @Test func croppingTakesTheIntegralRectInsideTheImage() throws {
        let image = try CGImage(decoding: try Self.pngData())
        let cropped = try #require(image.cropping(to: CGRect(x: 0.5, y: 0.2, width: 1.2, height: 5)))
        // (0.5, 0.2, 1.2, 5).integral is (0, 0, 2, 6), clipped to (0, 0, 2, 2).
        #expect(cropped.width == 2 && cropped.height == 2)
        #expect(Self.rgba(cropped, 1, 1) == [128, 0, 0, 128])
        let corner = try #require(image.cropping(to: CGRect(x: 2, y: 1, width: 10, height: 10)))
        #expect(corner.width == 1 && corner.height == 1 && Self.rgba(corner, 0, 0) == [0, 0, 0, 0])
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
    }
}
