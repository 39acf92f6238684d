import Foundation
import Testing
import TesseraZip

/// Damaged and hostile zips: each gives a typed error, never a crash, a hang or an allocation
/// past the caller's limit.
@Suite struct DamagedZipTests {
    static let text = Data(String(repeating: "a sublayer ", count: 40).utf8)
    static let unended = "the deflate stream does not end within the entry's compressed size"

    /// A small zip from ZIPFoundation: a stored entry, then a deflated one.
    static func smallZip(in folder: TemporaryFolder) throws -> [UInt8] {
        let url = try folder.zipFoundationZip("small.zip", [("stored.txt", Data("stored".utf8), false), ("deflated.txt", text, true)])
        return Array(try Data(contentsOf: url))
    }

    /// Where a zip without a comment keeps its central directory, and its first record's fields.
    struct Offsets {
        let endRecord: Int
        let centralDirectory: Int
        init(_ bytes: [UInt8]) {
            endRecord = bytes.count - 22
            centralDirectory = Int(bytes[endRecord + 16]) | Int(bytes[endRecord + 17]) << 8 | Int(bytes[endRecord + 18]) << 16
        }
        /// The central directory record of entry `index` when names are `nameLength` bytes and
        /// records carry no extra field or comment.
        func record(_ index: Int, nameLength: Int) -> Int { centralDirectory + index * (46 + nameLength) }
    }

    static func patch(_ bytes: inout [UInt8], at offset: Int, _ value: some FixedWidthInteger) {
        bytes.replaceSubrange(offset..<offset + MemoryLayout.size(ofValue: value), with: value.littleEndianBytes)
    }

    /// Whether reading `bytes` throws; the error is typed, so a throw is a `ZipError`.
    static func fails(_ bytes: [UInt8], in folder: TemporaryFolder, limit: Int = 1 << 20) throws -> Bool {
        let url = try folder.file("damaged.zip", bytes)
        do {
            _ = try readEverything(url, limit: limit)
            return false
        } catch {
            return true
        }
    }

    @Test func everyTruncationIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.smallZip(in: folder)
        #expect(try readEverything(try folder.file("whole.zip", bytes))["deflated.txt"] == Self.text)
        for length in 0..<bytes.count {
            #expect(try Self.fails(Array(bytes[..<length]), in: folder), "a zip cut to \(length) bytes")
        }
    }

    /// Every byte changed in turn: each either reads (a field the reader does not use, such as a
    /// date) with the same contents, or is refused with a typed error.
    @Test func everyChangedByteReadsTheSameOrFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.smallZip(in: folder)
        let contents = try readEverything(try folder.file("whole.zip", bytes))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0xFF
            let url = try folder.file("changed.zip", changed)
            if let read = try? readEverything(url) {
                #expect(read.values.sorted { $0.count < $1.count } == contents.values.sorted { $0.count < $1.count }, "byte \(index)")
            }
        }
    }

    /// A file truncated after its directory was read: the entry's read stops at the file's new
    /// end (positioned reads, no mapping that would fault).
    @Test func fileTruncatedWhileOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.file("shrinking.zip", try Self.smallZip(in: folder))
        let archive = try ZipArchive(contentsOf: url, maximumEntries: 10)
        let entry = archive.entries[1]
        let handle = try FileHandle(forWritingTo: url)
        // Past the entry's local header and name, inside its data.
        try handle.truncate(atOffset: entry.localHeaderOffset + 30 + 12 + entry.compressedSize / 2)
        try handle.close()
        #expect(throws: ZipError.truncated(structure: "data of deflated.txt")) {
            try archive.data(of: entry, limit: 1 << 20)
        }
    }

    @Test func wrongChecksumAndSize() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.smallZip(in: folder)
        let offsets = Offsets(bytes)
        let record = offsets.record(1, nameLength: 10)
        var wrongCRC = bytes
        Self.patch(&wrongCRC, at: record + 16, UInt32(0x1234_5678))
        #expect(throws: ZipError.checksumMismatch(path: "deflated.txt", expected: 0x1234_5678, actual: crc32(Array(Self.text)))) {
            try readEverything(try folder.file("crc.zip", wrongCRC))
        }
        var wrongSize = bytes
        Self.patch(&wrongSize, at: record + 24, UInt32(100))
        #expect(throws: ZipError.sizeMismatch(path: "deflated.txt", expected: 100, actual: UInt64(Self.text.count))) {
            try readEverything(try folder.file("size.zip", wrongSize))
        }
    }

    /// The hang's shape (Fuzz/Hangs' zip-inflate-loop.lottie): a deflate stream that does not end
    /// within the entry's compressed size. Inflating stops when those bytes run out.
    @Test func deflateStreamLongerThanItsCompressedSize() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var bytes = try Self.smallZip(in: folder)
        let record = Offsets(bytes).record(1, nameLength: 10)
        let compressed = UInt32(bytes[record + 20]) | UInt32(bytes[record + 21]) << 8
        Self.patch(&bytes, at: record + 20, compressed - 10)
        #expect(throws: ZipError.corruptData(path: "deflated.txt", reason: Self.unended)) {
            try readEverything(try folder.file("short.zip", bytes))
        }

        // The same built by hand, the entry last before the central directory, as in the hang.
        let content = Array(Self.text)
        var zip = HandBuiltZip(entries: [HandBuiltZip.Entry("x", content: content, stored: storedDeflateStream(content), method: 8)])
        var handBuilt = zip.bytes
        Self.patch(&handBuilt, at: zip.layout.centralDirectoryOffset + 20, UInt32(50))
        #expect(throws: ZipError.corruptData(path: "x", reason: Self.unended)) {
            try readEverything(try folder.file("hand.zip", handBuilt))
        }
        zip.entries[0].stored[0] = 0x07   // a reserved block type
        #expect { try readEverything(try folder.file("bad.zip", zip.bytes)) } throws: { error in
            guard case ZipError.corruptData(path: "x", _) = error else { return false }
            return true
        }
    }

    /// 8 MB of zeros deflate to a few kilobytes; read within 1 MB, inflating stops at the limit,
    /// whatever size the archive declares.
    @Test func zipBombStopsAtTheLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.zipFoundationZip("bomb.zip", [("zeros", Data(count: 8 << 20), true), ("stored", Data(count: 2 << 20), false)])
        var bytes = Array(try Data(contentsOf: url))
        let archive = try ZipArchive(contentsOf: url, maximumEntries: 2)
        #expect(archive.entries[0].compressedSize < 64 << 10)
        #expect(throws: ZipError.entryTooLarge(path: "zeros", limit: 1 << 20)) { try readEverything(url, limit: 1 << 20) }
        Self.patch(&bytes, at: Offsets(bytes).record(0, nameLength: 5) + 24, UInt32(1000))
        #expect(throws: ZipError.entryTooLarge(path: "zeros", limit: 1 << 20)) {
            try readEverything(try folder.file("lying.zip", bytes), limit: 1 << 20)
        }
        #expect(throws: ZipError.entryTooLarge(path: "stored", limit: 1 << 20)) { try archive.data(of: archive.entries[1], limit: 1 << 20) }
        #expect(try archive.data(of: archive.entries[0], limit: 8 << 20) == Data(count: 8 << 20))
    }

    @Test func endRecordLies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.smallZip(in: folder)
        let end = Offsets(bytes).endRecord
        func opening(_ change: (inout [UInt8]) -> Void, maximumEntries: Int = 100) throws -> ZipError? {
            var changed = bytes
            change(&changed)
            let url = try folder.file("lie.zip", changed)
            do throws(ZipError) {
                _ = try ZipArchive(contentsOf: url, maximumEntries: maximumEntries)
                return nil
            } catch {
                return error
            }
        }
        func isMalformed(_ error: ZipError?) -> Bool {
            guard case .malformed = error else { return false }
            return true
        }
        // More entries than the directory holds, and more than 46 bytes each could fit.
        #expect(isMalformed(try opening { Self.patch(&$0, at: end + 10, UInt16(3)) }))
        #expect(isMalformed(try opening({ Self.patch(&$0, at: end + 10, UInt16(0xFFFF)) }, maximumEntries: 100_000)))
        #expect(
            try opening({ Self.patch(&$0, at: end + 10, UInt16(0xFFFF)) }, maximumEntries: 10) == .tooManyEntries(count: 65535, limit: 10))
        // A directory past the file's end, over the end record, or not where it is said to be.
        #expect(isMalformed(try opening { Self.patch(&$0, at: end + 16, UInt32(0xFFFF_FF00)) }))
        #expect(isMalformed(try opening { Self.patch(&$0, at: end + 12, UInt32(0xFFFF_FF00)) }))
        #expect(isMalformed(try opening { Self.patch(&$0, at: end + 12, UInt32(bytes.count)) }))
        #expect(isMalformed(try opening { $0[end + 16] &+= 1 }))
        // No end record at all.
        #expect(try opening { $0[end] = 0 } == .notAZip)
        #expect(try opening { $0 = [] } == .notAZip)
        #expect(try opening { $0 = Array("not a zip".utf8) } == .notAZip)
    }

    @Test func localHeaderOffsetLies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.smallZip(in: folder)
        let record = Offsets(bytes).record(1, nameLength: 10)
        var far = bytes
        Self.patch(&far, at: record + 42, UInt32(0x7FFF_FFF0))
        #expect(throws: ZipError.truncated(structure: "local header of deflated.txt")) {
            try readEverything(try folder.file("far.zip", far))
        }
        var near = bytes
        Self.patch(&near, at: record + 42, UInt32(1))
        #expect(throws: ZipError.malformed(reason: "deflated.txt: no local header at 1")) {
            try readEverything(try folder.file("near.zip", near))
        }
        // Sizes that would run past the file's end.
        var long = bytes
        Self.patch(&long, at: record + 20, UInt32(0xFFFF_FFF0))
        #expect(throws: ZipError.truncated(structure: "data of deflated.txt")) { try readEverything(try folder.file("long.zip", long)) }
    }

    @Test func filesThatCannotBeOpened() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: ZipError.unreadableFile(reason: "not a regular file")) { try ZipArchive(contentsOf: folder.url, maximumEntries: 1) }
        #expect(throws: ZipError.unreadableFile(reason: "No such file or directory")) {
            try ZipArchive(contentsOf: folder.url.appendingPathComponent("missing.zip"), maximumEntries: 1)
        }
    }

    /// A Zip64 locator that points at no Zip64 record, or past its own place.
    @Test func zip64LocatorLies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let zip = HandBuiltZip(entries: [HandBuiltZip.Entry("a", content: [1])], zip64: true)
        let locator = zip.layout.endRecordOffset - 20
        var wrong = zip.bytes
        Self.patch(&wrong, at: locator + 8, UInt64(0))
        #expect(throws: ZipError.malformed(reason: "no Zip64 end of central directory record where its locator points")) {
            try readEverything(try folder.file("wrong.zip", wrong))
        }
        var past = zip.bytes
        Self.patch(&past, at: locator + 8, UInt64(locator))
        #expect(throws: ZipError.malformed(reason: "the Zip64 end of central directory record does not lie before its locator")) {
            try readEverything(try folder.file("past.zip", past))
        }
    }
}
