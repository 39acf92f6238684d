import Foundation
import TesseraZip
import ZIPFoundation

/// Files for the tests: each in a folder of its own under the temporary directory, which the
/// test removes.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zip-tests-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A file named `name` holding `bytes`.
    func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// A zip written by ZIPFoundation, an independent writer, with `entries` in this order: a path
    /// ending in `/` is a folder; a file is deflated when `deflate` says so.
    func zipFoundationZip(_ name: String, _ entries: [(path: String, data: Data, deflate: Bool)]) throws -> URL {
        let file = url.appendingPathComponent(name)
        let archive = try Archive(url: file, accessMode: .create)
        for (path, data, deflate) in entries {
            let type: Entry.EntryType = path.hasSuffix("/") ? .directory : .file
            try archive.addEntry(
                with: path, type: type, uncompressedSize: Int64(data.count), compressionMethod: deflate ? .deflate : .none
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return file
    }
}

/// Every entry of the zip at `url` read, within `limit` bytes each.
func readEverything(_ url: URL, limit: Int = 1 << 20) throws(ZipError) -> [String: Data] {
    let archive = try ZipArchive(contentsOf: url, maximumEntries: 1000)
    var contents: [String: Data] = [:]
    for entry in archive.entries {
        contents[entry.path] = try archive.data(of: entry, limit: limit)
    }
    return contents
}

/// CRC-32 (ISO-HDLC, the zip and PNG one), bit by bit: independent of zlib's.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// `data` as one final stored deflate block (at most 65,535 bytes): a deflate stream built by
/// hand, without zlib.
func storedDeflateStream(_ data: [UInt8]) -> [UInt8] {
    let length = UInt16(data.count)
    return [0x01] + length.littleEndianBytes + (~length).littleEndianBytes + data
}

extension FixedWidthInteger {
    var littleEndianBytes: [UInt8] { (0..<MemoryLayout<Self>.size).map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) } }
}
