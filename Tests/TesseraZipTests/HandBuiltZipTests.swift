import Foundation
import Testing
import TesseraZip

/// What ZIPFoundation does not write, built byte by byte: data descriptors, Zip64 records, symbolic
/// links, encrypted entries, other compression methods.
@Suite struct HandBuiltZipTests {
    static let content = Array("the layer tree".utf8)

    static func archive(_ zip: HandBuiltZip, in folder: TemporaryFolder) throws -> ZipArchive {
        try ZipArchive(contentsOf: try folder.file("hand.zip", zip.bytes), maximumEntries: 10)
    }

    /// Zeros in the local header, the sizes after the data: the central directory's are used.
    @Test func dataDescriptorEntry() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var stored = HandBuiltZip.Entry("stored.txt", content: Self.content)
        stored.dataDescriptor = true
        var deflated = HandBuiltZip.Entry("deflated.txt", content: Self.content, stored: storedDeflateStream(Self.content), method: 8)
        deflated.dataDescriptor = true
        let archive = try Self.archive(HandBuiltZip(entries: [stored, deflated]), in: folder)
        for entry in archive.entries {
            #expect(entry.crc32 == crc32(Self.content))
            #expect(try archive.data(of: entry, limit: 100) == Data(Self.content))
        }
    }

    @Test func zip64Entries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var first = HandBuiltZip.Entry("first.txt", content: Self.content)
        first.zip64 = true
        var second = HandBuiltZip.Entry("second.txt", content: [1, 2, 3], stored: storedDeflateStream([1, 2, 3]), method: 8)
        second.zip64 = true
        let zip = HandBuiltZip(entries: [first, second], zip64: true)
        let archive = try Self.archive(zip, in: folder)
        #expect(archive.entries.map(\.path) == ["first.txt", "second.txt"])
        #expect(archive.entries.map(\.localHeaderOffset) == zip.layout.localHeaderOffsets.map(UInt64.init))
        #expect(archive.entries.map(\.compressedSize) == [14, 8] && archive.entries.map(\.uncompressedSize) == [14, 3])
        #expect(try archive.data(of: archive.entries[0], limit: 100) == Data(Self.content))
        #expect(try archive.data(of: archive.entries[1], limit: 100) == Data([1, 2, 3]))
    }

    /// Kinds from the Unix mode (when the archive was made on Unix) and a trailing `/`.
    @Test func symbolicLinksAndFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var link = HandBuiltZip.Entry("link", content: Array("../outside".utf8))
        link.externalAttributes = 0o120777 << 16
        var unixFolder = HandBuiltZip.Entry("folder", content: [])
        unixFolder.externalAttributes = 0o040755 << 16
        var dosFile = HandBuiltZip.Entry("dos", content: [])
        dosFile.versionMadeBy = 0x0014
        dosFile.externalAttributes = 0o120777 << 16
        let slashed = HandBuiltZip.Entry("slashed/", content: [])
        let archive = try Self.archive(HandBuiltZip(entries: [link, unixFolder, dosFile, slashed]), in: folder)
        #expect(archive.entries.map(\.kind) == [.symbolicLink, .directory, .file, .directory])
        #expect(try archive.data(of: archive.entries[0], limit: 100) == Data("../outside".utf8))
    }

    @Test func encryptedEntryAndOtherMethods() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var encrypted = HandBuiltZip.Entry("secret", content: Self.content)
        encrypted.flags = 1
        let bzip2 = HandBuiltZip.Entry("packed", content: Self.content, method: 12)
        let archive = try Self.archive(HandBuiltZip(entries: [encrypted, bzip2]), in: folder)
        #expect(archive.entries.map(\.isEncrypted) == [true, false])
        #expect(throws: ZipError.encrypted(path: "secret")) { try archive.data(of: archive.entries[0], limit: 100) }
        #expect(throws: ZipError.unsupportedMethod(path: "packed", method: 12)) { try archive.data(of: archive.entries[1], limit: 100) }
    }

    /// A name that is not UTF-8 (flag bit 11 clear, as old tools write code page 437) is read
    /// leniently.
    @Test func namesThatAreNotUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var bytes = HandBuiltZip(entries: [HandBuiltZip.Entry("a?b", content: [])]).bytes
        let layout = HandBuiltZip(entries: [HandBuiltZip.Entry("a?b", content: [])]).layout
        bytes[layout.centralDirectoryOffset + 46 + 1] = 0x81
        let archive = try ZipArchive(contentsOf: try folder.file("cp437.zip", bytes), maximumEntries: 1)
        #expect(archive.entries.map(\.path) == ["a\u{FFFD}b"])
    }
}
