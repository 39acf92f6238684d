import CLibZ
import Foundation

/// A zip archive read from a file, with every size and offset it holds checked before use.
///
/// Opening reads the central directory into ``entries``; ``data(of:limit:)`` reads one entry,
/// stored or deflated, within a limit on its decompressed size. The file is read by bounded,
/// positioned reads (never mapped), so a truncated or hostile file gives a ``ZipError``, never a
/// crash, a hang or an allocation larger than the file or the caller's limits. An archive may be
/// read from several threads at once.
///
/// What it does not read: encrypted entries, methods other than stored and deflate, archives
/// split across several files, and data prepended to the archive (self-extracting archives).
public final class ZipArchive: Sendable {
    /// The entries, in the central directory's order.
    public let entries: [ZipEntry]
    private let file: ZipFile
    /// Each path's first entry in ``entries``.
    private let indexByPath: [String: Int]

    /// Opens the zip archive at `url` and reads its central directory.
    ///
    /// - Parameters:
    ///   - url: The archive's file.
    ///   - maximumEntries: The most entries the archive may list; checked against the count
    ///     the archive declares, before any entry is read.
    /// - Throws: ``ZipError`` when the file cannot be read, is not a zip archive, lists more
    ///   than `maximumEntries` entries, or has a central directory that does not fit the file.
    public init(contentsOf url: URL, maximumEntries: Int) throws(ZipError) {
        file = try ZipFile(url: url)
        entries = try CentralDirectory.entries(of: file, maximumEntries: maximumEntries)
        var indexByPath: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where indexByPath[entry.path] == nil {
            indexByPath[entry.path] = index
        }
        self.indexByPath = indexByPath
    }

    /// The first entry whose path is `path`, as written in the archive; nil when there is none.
    public func entry(atPath path: String) -> ZipEntry? {
        indexByPath[path].map { entries[$0] }
    }

    /// The decompressed bytes of `entry`, checked against its size and CRC-32.
    ///
    /// - Parameters:
    ///   - entry: One of ``entries``.
    ///   - limit: The most bytes the entry may decompress to. Decompression stops as soon as the
    ///     output would pass it, whatever size the archive declares (a zip bomb stops there).
    /// - Throws: ``ZipError`` for an encrypted entry, an unsupported method, an entry whose data
    ///   lies outside the file, data that does not decompress within its compressed size, an
    ///   output over `limit`, or a size or CRC-32 other than the archive's.
    public func data(of entry: ZipEntry, limit: Int) throws(ZipError) -> Data {
        guard !entry.isEncrypted else { throw .encrypted(path: entry.path) }
        let stored: UInt16 = 0, deflated: UInt16 = 8
        guard entry.method == stored || entry.method == deflated else {
            throw .unsupportedMethod(path: entry.path, method: entry.method)
        }
        let limit = max(0, limit)
        let dataOffset = try dataOffset(of: entry)
        guard file.contains(dataOffset, count: entry.compressedSize) else {
            throw .truncated(structure: "data of \(entry.path)")
        }
        let data: Data, crc: UInt32
        if entry.method == stored {
            guard entry.compressedSize <= limit else { throw .entryTooLarge(path: entry.path, limit: limit) }
            data = try file.data(Int(entry.compressedSize), at: dataOffset, structure: "data of \(entry.path)")
            crc = data.withUnsafeBytes { Self.crc32(of: $0) }
        } else {
            (data, crc) = try RawInflater(file: file, entry: entry, dataOffset: dataOffset).inflate(limit: limit)
        }
        guard data.count == entry.uncompressedSize else {
            throw .sizeMismatch(path: entry.path, expected: entry.uncompressedSize, actual: UInt64(data.count))
        }
        guard crc == entry.crc32 else { throw .checksumMismatch(path: entry.path, expected: entry.crc32, actual: crc) }
        return data
    }

    /// Where the entry's data begins: after its local header, whose name and extra field may
    /// differ in length from the central directory's.
    private func dataOffset(of entry: ZipEntry) throws(ZipError) -> UInt64 {
        let signature: UInt32 = 0x0403_4b50, length = 30
        let header = try file.bytes(length, at: entry.localHeaderOffset, structure: "local header of \(entry.path)")
        guard header.uint32(at: 0) == signature else {
            throw .malformed(reason: "\(entry.path): no local header at \(entry.localHeaderOffset)")
        }
        // Within the file's size plus 131,100: no overflow.
        return entry.localHeaderOffset + UInt64(length) + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
    }

    private static func crc32(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return UInt32(crc32_z(0, base.assumingMemoryBound(to: Bytef.self), bytes.count))
    }
}
