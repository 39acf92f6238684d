import Foundation
import Testing
@testable import TesseraRaster

/// PNG and JPEG data to images: every PNG colour type the fixtures hold (made by Pillow), JPEG
/// baseline, progressive and grayscale, CMYK refused with its reason, sizes checked before any
/// pixel memory, and bad data refused with a typed error. Fixtures: 16 × 16 images in four 8 × 8
/// quadrants (red, green, blue, near-white), in Tests/TesseraRasterTests/Images.
@Suite struct ImageDecodingTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Images"))
        return [UInt8](try Data(contentsOf: url))
    }

    static let quadrants: [(x: Int, y: Int, rgb: (Int, Int, Int))] = [
        (3, 3, (220, 30, 40)), (12, 3, (30, 200, 60)), (3, 12, (40, 60, 210)), (12, 12, (240, 240, 230)),
    ]

    static func channels(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    @Test func rgbAndPalettePNGsDecodeExactly() throws {
        for name in ["rgb.png", "palette.png"] {
            let image = try Image(pngData: Self.fixture(name))
            #expect(image.width == 16 && image.height == 16)
            for q in Self.quadrants {
                #expect(Self.channels(image[q.x, q.y]) == [q.rgb.0, q.rgb.1, q.rgb.2, 255], "\(name) at \(q.x), \(q.y)")
            }
        }
    }

    /// Alpha is premultiplied on decoding: (30, 200, 60) at alpha 0 is transparent black, near-white
    /// at 128 is round(c × 128 / 255).
    @Test func alphaPNGsArePremultiplied() throws {
        let rgba = try Image(pngData: Self.fixture("rgba.png"))
        #expect(Self.channels(rgba[3, 3]) == [220, 30, 40, 255])
        #expect(Self.channels(rgba[12, 3]) == [0, 0, 0, 0])
        #expect(Self.channels(rgba[12, 12]) == [120, 120, 115, 128])
        let palette = try Image(pngData: Self.fixture("palette-trns.png"))
        let transparent = Self.quadrants.filter { Self.channels(palette[$0.x, $0.y])[3] == 0 }
        #expect(transparent.count == 1, "one palette entry is transparent (tRNS)")
        let grayAlpha = try Image(pngData: Self.fixture("gray-alpha.png"))
        #expect(Self.channels(grayAlpha[3, 3]) == [50, 50, 50, 255])
        #expect(Self.channels(grayAlpha[12, 12]) == [50, 50, 50, 64])   // 200 × 64 / 255
    }

    @Test func grayPNGsOfEightAndSixteenBits() throws {
        for name in ["gray.png", "gray16.png"] {
            let image = try Image(pngData: Self.fixture(name))
            #expect(Self.channels(image[5, 2]) == [50, 50, 50, 255], "\(name)")
            #expect(Self.channels(image[5, 13]) == [200, 200, 200, 255], "\(name)")
        }
    }

    /// JPEG is lossy: the quadrants' centres within 4 of the colours encoded (quality 95, no
    /// chroma subsampling), opaque.
    @Test(arguments: ["baseline.jpg", "progressive.jpg"])
    func colourJPEGs(name: String) throws {
        let image = try Image(jpegData: Self.fixture(name))
        #expect(image.width == 16 && image.height == 16)
        for q in Self.quadrants {
            let c = Self.channels(image[q.x, q.y])
            #expect(abs(c[0] - q.rgb.0) <= 4 && abs(c[1] - q.rgb.1) <= 4 && abs(c[2] - q.rgb.2) <= 4 && c[3] == 255,
                    "\(name) at \(q.x), \(q.y): \(c)")
        }
    }

    @Test func grayJPEG() throws {
        let image = try Image(jpegData: Self.fixture("gray.jpg"))
        let top = Self.channels(image[5, 2]), bottom = Self.channels(image[5, 13])
        #expect(abs(top[0] - 50) <= 3 && top[0] == top[1] && top[1] == top[2] && top[3] == 255)
        #expect(abs(bottom[0] - 200) <= 3 && bottom[3] == 255)
    }

    @Test func cmykJPEGIsRefusedWithItsReason() throws {
        #expect(throws: ImageError.jpeg(.unsupportedColorSpace)) { try Image(jpegData: Self.fixture("cmyk.jpg")) }
    }

    @Test func badDataIsATypedError() throws {
        #expect(throws: ImageError.jpeg(.notJPEG)) { try Image(jpegData: [1, 2, 3, 4]) }
        #expect(throws: ImageError.jpeg(.notJPEG)) { try Image(jpegData: []) }
        let jpeg = try Self.fixture("baseline.jpg")
        #expect(throws: ImageError.jpeg(.corrupt)) { try Image(jpegData: Array(jpeg.prefix(40))) }
        #expect(throws: (any Error).self) { try Image(pngData: Array(try Self.fixture("rgb.png").prefix(30))) }
    }

    /// A header that claims 60000 × 60000 pixels (3.6 G, over the limit) is refused from the
    /// header alone: no decoding, no 14 GB allocation.
    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        var jpeg = try Self.fixture("baseline.jpg")
        // The SOF0 marker (FF C0): length (2 bytes), precision (1), then height and width (2 bytes each).
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0) })
        for (offset, value) in [(5, 60000), (7, 60000)] {
            jpeg[sof + offset] = UInt8(value >> 8)
            jpeg[sof + offset + 1] = UInt8(value & 0xFF)
        }
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000)) { try Image(jpegData: jpeg) }
    }

    /// Within the limits, a header that claims 8000 × 8000 pixels (256 MB) over the data of a
    /// 16 × 16 image is refused where the data ends, not decoded as grey rows to the end.
    @Test func dataEndingBeforeTheImageIsRefused() throws {
        var jpeg = try Self.fixture("baseline.jpg")
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0) })
        for offset in [5, 7] {
            jpeg[sof + offset] = UInt8(8000 >> 8)
            jpeg[sof + offset + 1] = UInt8(8000 & 0xFF)
        }
        #expect(throws: ImageError.jpeg(.corrupt)) { try Image(jpegData: jpeg) }
        let whole = try Self.fixture("progressive.jpg")
        #expect(throws: ImageError.jpeg(.corrupt)) { try Image(jpegData: Array(whole.prefix(whole.count * 2 / 3))) }
    }
}
