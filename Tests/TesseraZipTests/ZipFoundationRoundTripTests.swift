import Foundation
import Testing
import TesseraZip

/// Zips written by ZIPFoundation, an independent writer, read back byte for byte.
@Suite struct ZipFoundationRoundTripTests {
    /// Bytes that deflate does not shrink, from a fixed seed.
    static func noise(_ count: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
    }

    @Test func storedAndDeflatedFilesFoldersAndAnEmptyFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = Data(String(repeating: "layer ", count: 5000).utf8)
        let entries: [(path: String, data: Data, deflate: Bool)] = [
            ("assets/", Data(), false),
            ("assets/noise.bin", Self.noise(200_000), true),
            ("assets/stored.bin", Self.noise(3000), false),
            ("main.caml", text, true),
            ("main-stored.caml", text, false),
            ("empty", Data(), true),
            ("empty-stored", Data(), false),
            ("naïve/ünïcode.txt", Data("ü".utf8), true),
        ]
        let url = try folder.zipFoundationZip("mixed.zip", entries)
        let archive = try ZipArchive(contentsOf: url, maximumEntries: 100)
        #expect(archive.entries.map(\.path) == entries.map(\.path))
        #expect(archive.entries.map(\.kind) == [.directory] + Array(repeating: .file, count: 7))
        #expect(archive.entries.map(\.method) == [0, 8, 0, 8, 0, 8, 0, 8])
        for (path, data, _) in entries {
            let entry = try #require(archive.entry(atPath: path))
            #expect(entry.uncompressedSize == UInt64(data.count) && !entry.isEncrypted)
            #expect(try archive.data(of: entry, limit: data.count) == data)
        }
        #expect(archive.entry(atPath: "missing") == nil && archive.entry(atPath: "assets") == nil)
        // The text shrinks; the noise does not.
        #expect(try #require(archive.entry(atPath: "main.caml")).compressedSize < 1000)
    }

    @Test func manyEntries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let entries = (0..<600).map { (path: "f/\($0).txt", data: Data("entry \($0)".utf8), deflate: $0 % 2 == 0) }
        let url = try folder.zipFoundationZip("many.zip", entries)
        let contents = try readEverything(url)
        #expect(contents.count == 600)
        #expect(entries.allSatisfy { contents[$0.path] == $0.data })
        #expect(throws: ZipError.tooManyEntries(count: 600, limit: 599)) { try ZipArchive(contentsOf: url, maximumEntries: 599) }
    }

    /// An archive is read from several threads at once (positioned reads share no file offset).
    @Test func concurrentReads() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let entries = (0..<8).map { (path: "\($0).bin", data: Self.noise(100_000 + $0), deflate: true) }
        let archive = try ZipArchive(contentsOf: try folder.zipFoundationZip("shared.zip", entries), maximumEntries: 10)
        let matches = await withTaskGroup(of: Bool.self) { group in
            for (index, entry) in archive.entries.enumerated() {
                group.addTask { (try? archive.data(of: entry, limit: 1 << 20)) == entries[index].data }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(matches)
    }
}
