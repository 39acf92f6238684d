/// One entry of a zip archive, as its central directory describes it.
///
/// The central directory's values are the ones used: an entry written with a data descriptor
/// (general-purpose flag bit 3) has zeros in its local header where sizes and CRC belong.
public struct ZipEntry: Equatable, Sendable {
    /// What an entry is.
    public enum Kind: Equatable, Sendable {
        /// A regular file.
        case file
        /// A folder: a path ending in `/`, or a Unix mode that says so.
        case directory
        /// A symbolic link (a Unix mode that says so); its data is the link's target.
        case symbolicLink
    }

    /// The entry's path in the archive, decoded as UTF-8 whether or not flag bit 11 says so
    /// (invalid sequences become U+FFFD).
    public let path: String
    /// What the entry is.
    public let kind: Kind
    /// The compression method: 0 stored, 8 deflated (the two ``ZipArchive`` reads), or another.
    public let method: UInt16
    /// The size of the entry's data in the archive.
    public let compressedSize: UInt64
    /// The size of the entry's data once decompressed.
    public let uncompressedSize: UInt64
    /// The CRC-32 of the decompressed data.
    public let crc32: UInt32
    /// Where the entry's local header begins in the file.
    public let localHeaderOffset: UInt64
    /// Whether the entry is encrypted (general-purpose flag bit 0).
    public let isEncrypted: Bool
}
