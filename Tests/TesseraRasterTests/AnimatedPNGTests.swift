import Foundation
import Testing
import TesseraRaster

/// Animated PNG files: the chunk layout of the APNG specification, valid checksums, and the
/// first frame for readers that only know PNG.
@Suite struct AnimatedPNGTests {
    static func frame(_ gray: Double) throws -> Pixmap {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(Color(red: gray, green: gray, blue: gray))
        canvas.fill(Path(rect: Rect(x: 2, y: 2, width: 4, height: 4)), paint: .solid(Color(red: 1, green: 0, blue: 0)))
        let pixmap = try Pixmap(width: 8, height: 6)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// The chunks of a PNG file: type, data, and whether the stored CRC is right.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8], crcOK: Bool)] {
        var result: [(String, [UInt8], Bool)] = []
        var at = 8
        func be32(_ i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while at + 12 <= bytes.count {
            let length = Int(be32(at))
            let typeAndData = Array(bytes[at + 4..<at + 8 + length])
            var c: UInt32 = 0xFFFF_FFFF
            for byte in typeAndData {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            result.append((String(decoding: typeAndData.prefix(4), as: UTF8.self), Array(typeAndData.dropFirst(4)),
                           c ^ 0xFFFF_FFFF == be32(at + 8 + length)))
            at += 12 + length
        }
        return result
    }

    @Test func layout() throws {
        var animation = AnimatedPNG(framesPerSecond: 25)
        for gray in [0.0, 0.5, 1.0] { try animation.append(try Self.frame(gray)) }
        let bytes = try #require(animation.encoded())
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = Self.chunks(bytes)
        #expect(chunks.allSatisfy { $0.crcOK })
        let types = chunks.map(\.type)
        #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
        #expect(chunks[1].data == [0, 0, 0, 3, 0, 0, 0, 0], "3 frames, played forever")
        #expect(types.filter { $0 == "fcTL" }.count == 3)
        // Sequence numbers run 0, 1, 2, … over fcTL and fdAT chunks in order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
            .map { $0.data.prefix(4).reduce(0) { $0 << 8 | UInt32($1) } }
        #expect(sequence == Array(0..<UInt32(sequence.count)))
        // Frame 0 is the IDAT after the first fcTL; the others are fdAT.
        #expect(types.firstIndex(of: "IDAT")! > types.firstIndex(of: "fcTL")!)
        let control = try #require(chunks.first { $0.type == "fcTL" }).data
        #expect(Array(control[20..<24]) == [0, 1, 0, 25], "1/25 s a frame")
    }

    /// A reader that knows only PNG sees the first frame.
    @Test func firstFrameForPlainReaders() throws {
        var animation = AnimatedPNG(framesPerSecond: 10)
        let first = try Self.frame(0.25)
        try animation.append(first)
        try animation.append(try Self.frame(0.75))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-apng-\(UUID()).png").path
        try Data(try #require(animation.encoded())).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Pixmap(contentsOfPNGFile: path)
        for y in 0..<6 { for x in 0..<8 { #expect(read[x, y] == first[x, y]) } }
    }

    @Test func framesMustShareASize() throws {
        var animation = AnimatedPNG(framesPerSecond: 10)
        try animation.append(try Self.frame(0))
        let small = try Pixmap(width: 4, height: 4)
        #expect(throws: PNGError.frameSizeMismatch(width: 8, height: 6)) { try animation.append(small) }
        #expect(AnimatedPNG(framesPerSecond: 10).encoded() == nil)
    }
}
