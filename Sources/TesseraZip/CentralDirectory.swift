/// The central directory's records, read into entries.
enum CentralDirectory {
    static let signature: UInt32 = 0x0201_4b50
    /// A record's fixed part; its name, extra field and comment follow.
    static let recordLength = 46

    /// The entries of the zip in `file`, in the directory's order. The count the end record
    /// gives is checked against `maximumEntries`, and against the directory's size (a record
    /// takes at least 46 bytes), before any entry is read.
    static func entries(of file: ZipFile, maximumEntries: Int) throws(ZipError) -> [ZipEntry] {
        let end = try EndOfCentralDirectory(in: file)
        guard end.entryCount <= UInt64(max(0, maximumEntries)) else {
            throw .tooManyEntries(count: end.entryCount, limit: maximumEntries)
        }
        guard end.directorySize <= end.directoryLimit, end.directoryOffset <= end.directoryLimit - end.directorySize else {
            throw .malformed(
                reason: "the central directory (\(end.directorySize) bytes at \(end.directoryOffset)) does not end before its end record")
        }
        guard end.entryCount <= end.directorySize / UInt64(recordLength) else {
            throw .malformed(reason: "\(end.entryCount) entries cannot fit in a central directory of \(end.directorySize) bytes")
        }
        let directory = try file.bytes(Int(end.directorySize), at: end.directoryOffset, structure: "central directory")
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(end.entryCount))
        var position = 0
        for _ in 0..<end.entryCount {
            entries.append(try entry(at: &position, in: directory))
        }
        return entries
    }

    /// The record at `position` of `directory`; moves `position` past it.
    private static func entry(at position: inout Int, in directory: [UInt8]) throws(ZipError) -> ZipEntry {
        guard directory.count - position >= recordLength else {
            throw .malformed(reason: "the central directory ends inside a record")
        }
        guard directory.uint32(at: position) == signature else {
            throw .malformed(reason: "no central directory record at byte \(position) of the directory")
        }
        let nameStart = position + recordLength
        let extraStart = nameStart + Int(directory.uint16(at: position + 28))
        let extraEnd = extraStart + Int(directory.uint16(at: position + 30))
        let recordEnd = extraEnd + Int(directory.uint16(at: position + 32))
        guard recordEnd <= directory.count else {
            throw .malformed(reason: "a central directory record runs past the directory's end")
        }
        let path = String(decoding: directory[nameStart..<extraStart], as: UTF8.self)
        var sizes = Zip64Values(
            uncompressedSize: UInt64(directory.uint32(at: position + 24)),
            compressedSize: UInt64(directory.uint32(at: position + 20)),
            localHeaderOffset: UInt64(directory.uint32(at: position + 42)))
        try sizes.widen(from: directory, extraField: extraStart..<extraEnd, path: path)
        let entry = ZipEntry(
            path: path,
            kind: kind(
                path: path, versionMadeBy: directory.uint16(at: position + 4),
                externalAttributes: directory.uint32(at: position + 38)),
            method: directory.uint16(at: position + 10),
            compressedSize: sizes.compressedSize,
            uncompressedSize: sizes.uncompressedSize,
            crc32: directory.uint32(at: position + 16),
            localHeaderOffset: sizes.localHeaderOffset,
            isEncrypted: directory.uint16(at: position + 8) & 1 != 0)
        position = recordEnd
        return entry
    }

    /// A folder when the path ends in `/`; else, when the archive was made on Unix or macOS, what
    /// the file type bits of the Unix mode (the external attributes' high half) say.
    private static func kind(path: String, versionMadeBy: UInt16, externalAttributes: UInt32) -> ZipEntry.Kind {
        if path.hasSuffix("/") { return .directory }
        let unix: UInt16 = 3, darwin: UInt16 = 19
        guard versionMadeBy >> 8 == unix || versionMadeBy >> 8 == darwin else { return .file }
        switch externalAttributes >> 16 & 0o170000 {
        case 0o120000: return .symbolicLink
        case 0o040000: return .directory
        default: return .file
        }
    }
}

/// The three values of a central directory record that Zip64 widens to 64 bits.
private struct Zip64Values {
    var uncompressedSize: UInt64
    var compressedSize: UInt64
    var localHeaderOffset: UInt64

    /// Replaces the values that are saturated (0xFFFFFFFF) with those of the Zip64 extra field
    /// (id 0x0001) in `extraField` of `bytes`, which holds those values, and only those, in this
    /// order. Without such a field the values stay as they are (a real size may be 0xFFFFFFFF).
    mutating func widen(from bytes: [UInt8], extraField: Range<Int>, path: String) throws(ZipError) {
        let saturated: UInt64 = 0xFFFF_FFFF
        guard uncompressedSize == saturated || compressedSize == saturated || localHeaderOffset == saturated else { return }
        var position = extraField.lowerBound
        while extraField.upperBound - position >= 4 {
            let id = bytes.uint16(at: position)
            var field = position + 4
            let end = field + Int(bytes.uint16(at: position + 2))
            guard end <= extraField.upperBound else { return }
            guard id == 0x0001 else {
                position = end
                continue
            }
            for keyPath in [\Zip64Values.uncompressedSize, \.compressedSize, \.localHeaderOffset] where self[keyPath: keyPath] == saturated
            {
                guard end - field >= 8 else { throw .malformed(reason: "\(path): its Zip64 extra field is too short") }
                self[keyPath: keyPath] = bytes.uint64(at: field)
                field += 8
            }
            return
        }
    }
}
