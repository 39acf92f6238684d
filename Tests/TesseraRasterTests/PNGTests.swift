/// PNG encoding and decoding through libpng: exact round trips, the premultiplied ↔ straight alpha
/// conversion, other encoders' color types, and malformed input.
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct PNGTests {
    /// A PNG made from scratch (signature, IHDR, one zlib-compressed IDAT, IEND), so the decoder is
    /// tested on data no part of Tessera wrote.
    static func handMadePNG(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
                            wrongAdler32: Bool = false) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
        // Filter byte 0 before each row; "stored" deflate blocks keep this free of a compressor.
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        let length = UInt16(raw.count)
        var zlib: [UInt8] = [0x78, 0x01, 0x01]
        zlib += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        zlib += raw + bigEndian(wrongAdler32 ? ~adler32(raw) : adler32(raw))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    @Test func opaqueRoundTripIsExact() throws {
        let pixmap = try Pixmap(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { pixmap[x, y] = PremultipliedRGBA8(r: UInt8(x * 30), g: UInt8(y * 50), b: UInt8(x * y), a: 255) } }
        let decoded = try Pixmap(pngData: pixmap.pngData())
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded.bytes == pixmap.bytes)
    }

    @Test func alphaIsConvertedWithDocumentedRounding() throws {
        let pixmap = try Pixmap(width: 3, height: 1)
        pixmap[0, 0] = PremultipliedRGBA8(r: 64, g: 0, b: 10, a: 128)
        pixmap[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        pixmap[2, 0] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 3)
        let data = try pixmap.pngData()
        // Decode the straight values libpng stored: round(c·255/a).
        let straight = try Pixmap(pngData: Self.handMadePNG(width: 1, height: 1, bitDepth: 8, colorType: 6, rows: [[128, 0, 20, 128]]))
        #expect(straight[0, 0] == PremultipliedRGBA8(r: 64, g: 0, b: 10, a: 128))   // round(128·128/255) = 64
        let back = try Pixmap(pngData: data)
        #expect(back[0, 0] == PremultipliedRGBA8(r: 64, g: 0, b: 10, a: 128))
        #expect(back[1, 0] == .transparent)
        #expect(back[2, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 3))
        // The straight bytes pngData hands libpng: round(64·255/128) = 127.5 up, round(1·255/3) = 85.
        var straightBytes: [UInt8] = []
        pixmap.copyRGBA(straightAlpha: true, into: &straightBytes)
        #expect(straightBytes == [128, 0, 20, 128, 0, 0, 0, 0, 85, 170, 255, 3])
    }

    /// A row of opaque, translucent and clear texels: only the translucent one changes.
    @Test func opaqueTexelsAreKeptAndOthersPremultiplied() throws {
        let row: [UInt8] = [255, 7, 0, 255, 128, 0, 20, 128, 10, 20, 30, 0, 0, 0, 0, 255]
        let decoded = try Pixmap(pngData: Self.handMadePNG(width: 4, height: 1, bitDepth: 8, colorType: 6, rows: [row]))
        #expect(decoded[0, 0] == PremultipliedRGBA8(r: 255, g: 7, b: 0, a: 255))
        #expect(decoded[1, 0] == PremultipliedRGBA8(r: 64, g: 0, b: 10, a: 128))
        #expect(decoded[2, 0] == .transparent)
        #expect(decoded[3, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    /// The zlib stream's Adler-32 is not checked (the chunks' CRCs are): a wrong one with a right
    /// CRC decodes; image data changed under its CRC does not.
    @Test func adlerChecksumIsNotCheckedButTheCRCIs() throws {
        let row: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 255]
        let wrongAdler = try Pixmap(pngData: Self.handMadePNG(width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [row], wrongAdler32: true))
        #expect(wrongAdler[0, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
        #expect(wrongAdler[1, 0] == PremultipliedRGBA8(r: 4, g: 5, b: 6, a: 255))
        var changed = Self.handMadePNG(width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [row])
        // The first texel's red, inside IDAT: signature 8, IHDR 25, IDAT's length and type 8, zlib header 2,
        // the stored block's header 5, the row's filter byte 1.
        changed[8 + 25 + 8 + 2 + 5 + 1] ^= 0x10
        #expect(throws: PNGError.corrupt) { try Pixmap(pngData: changed) }
    }

    @Test func decodesGrayAndSixteenBitImagesFromAnotherEncoder() throws {
        let gray = try Pixmap(pngData: Self.handMadePNG(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 200]]))
        #expect(gray[1, 0] == PremultipliedRGBA8(r: 200, g: 200, b: 200, a: 255))
        // 16-bit RGB: 0x8000 strips to 0x80.
        let deep = try Pixmap(pngData: Self.handMadePNG(width: 1, height: 1, bitDepth: 16, colorType: 2, rows: [[0x80, 0, 0xFF, 0xFF, 0, 0]]))
        #expect(deep[0, 0] == PremultipliedRGBA8(r: 0x80, g: 0xFF, b: 0, a: 255))
    }

    @Test func malformedDataThrows() throws {
        #expect(throws: PNGError.notPNG) { try Pixmap(pngData: []) }
        #expect(throws: PNGError.notPNG) { try Pixmap(pngData: Array("not a png at all".utf8)) }
        let good = try Pixmap(width: 8, height: 8).pngData()
        #expect(throws: PNGError.corrupt) { try Pixmap(pngData: Array(good.prefix(good.count / 2))) }
        var flipped = good
        flipped[20] ^= 0xFF   // inside IHDR: its CRC no longer matches
        #expect(throws: PNGError.corrupt) { try Pixmap(pngData: flipped) }
    }

    @Test func hugeDimensionsAreRefusedBeforeAllocating() {
        let huge = Self.handMadePNG(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6, rows: [])
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) { try Pixmap(pngData: huge) }
    }

    @Test func fileErrorsAndFileRoundTrip() throws {
        #expect(throws: PNGError.self) { try Pixmap(contentsOfPNGFile: "/nonexistent/tessera.png") }
        let pixmap = try Pixmap(width: 3, height: 3)
        pixmap.clear(PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-png-test-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try pixmap.writePNG(to: path)
        #expect(try Pixmap(contentsOfPNGFile: path).bytes == pixmap.bytes)
        #expect(throws: PNGError.self) { try pixmap.writePNG(to: "/nonexistent/dir/out.png") }
    }
}
