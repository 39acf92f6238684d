/// Why a zip archive, or one of its entries, could not be read.
///
/// Every failure of ``ZipArchive`` is one of these: a file that is not a zip, a structure that
/// lies about its sizes or offsets, a truncated file, data that does not inflate or does not match
/// its checksum, an entry that would decompress past the caller's limit.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's message.
    case unreadableFile(reason: String)
    /// No end-of-central-directory record in the file's last 65,557 bytes: not a zip.
    case notAZip
    /// A structure of the archive, named by `structure`, would extend past the file's end.
    case truncated(structure: String)
    /// A structure of the archive is not what its place says it should be; `reason` says how.
    case malformed(reason: String)
    /// The archive lists more than `limit` entries.
    case tooManyEntries(count: UInt64, limit: Int)
    /// The entry at `path` is encrypted, which the reader does not support.
    case encrypted(path: String)
    /// The entry at `path` is compressed with `method`, neither stored (0) nor deflated (8).
    case unsupportedMethod(path: String, method: UInt16)
    /// The deflated data of the entry at `path` is not a valid deflate stream, or does not end
    /// within the entry's compressed size; `reason` says which.
    case corruptData(path: String, reason: String)
    /// The entry at `path` decompresses to more than `limit` bytes; reading stopped there.
    case entryTooLarge(path: String, limit: Int)
    /// The entry at `path` decompressed to `actual` bytes where the archive says `expected`.
    case sizeMismatch(path: String, expected: UInt64, actual: UInt64)
    /// The CRC-32 of the entry at `path` is `actual` where the archive says `expected`.
    case checksumMismatch(path: String, expected: UInt32, actual: UInt32)

    public var description: String {
        switch self {
        case .unreadableFile(let reason): "cannot read the file: \(reason)"
        case .notAZip: "no end of central directory record in its last 65,557 bytes"
        case .truncated(let structure): "truncated: the \(structure) goes past the end of the file"
        case .malformed(let reason): "malformed zip archive: \(reason)"
        case .tooManyEntries(let count, let limit): "\(count) entries, more than \(limit)"
        case .encrypted(let path): "\(path): encrypted, which is not supported"
        case .unsupportedMethod(let path, let method): "\(path): compression method \(method) is not supported"
        case .corruptData(let path, let reason): "\(path): corrupt deflated data: \(reason)"
        case .entryTooLarge(let path, let limit): "\(path): more than \(limit) bytes once decompressed"
        case .sizeMismatch(let path, let expected, let actual):
            "\(path): \(actual) bytes once decompressed, where the archive says \(expected)"
        case .checksumMismatch(let path, let expected, let actual):
            "\(path): CRC-32 \(hex(actual)), where the archive says \(hex(expected))"
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
