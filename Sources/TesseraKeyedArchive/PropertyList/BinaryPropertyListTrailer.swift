/// The last 32 bytes of a binary property list, validated against the data's length.
///
/// Layout: 5 unused bytes, a sort version, the size of an offset (1 to 8 bytes), the size of an
/// object reference (1 to 8 bytes), then three big-endian 64-bit integers: the object count, the
/// top object's number and the offset table's byte offset.
struct BinaryPropertyListTrailer {
    static let size = 32

    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    /// Where the offset table starts, which is also where the object area ends.
    let offsetTableOffset: Int

    /// Reads the header and the trailer. After this, every entry of the offset table lies inside
    /// the data, and `objectCount` is at most the data's length.
    init(bytes: [UInt8]) throws(PropertyListError) {
        let magic = BinaryPropertyList.header
        guard bytes.count >= 6, bytes[0..<6].elementsEqual(magic[0..<6]) else {
            throw .notABinaryPropertyList
        }
        guard bytes.count >= 8 else { throw .truncated }
        guard bytes[6..<8].elementsEqual(magic[6..<8]) else {
            throw .unsupportedVersion(String(decoding: bytes[6..<8], as: UTF8.self))
        }
        // The header, at least one one-byte object, the trailer.
        guard bytes.count >= magic.count + 1 + Self.size else { throw .truncated }

        let start = bytes.count - Self.size
        func uint64(at offset: Int) -> UInt64 {
            bytes[(start + offset)..<(start + offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        offsetSize = Int(bytes[start + 6])
        referenceSize = Int(bytes[start + 7])
        let count = uint64(at: 8), top = uint64(at: 16), tableOffset = uint64(at: 24)

        // Core Foundation accepts any size from 1 to 8 bytes, not only powers of two.
        guard (1...8).contains(offsetSize) else {
            throw .invalidTrailer(reason: "offset size \(offsetSize) is not 1 to 8 bytes")
        }
        guard (1...8).contains(referenceSize) else {
            throw .invalidTrailer(reason: "object reference size \(referenceSize) is not 1 to 8 bytes")
        }
        guard count > 0 else { throw .invalidTrailer(reason: "no objects") }
        guard top < count else {
            throw .invalidTrailer(reason: "top object \(top) is not less than the object count \(count)")
        }
        guard tableOffset > UInt64(magic.count) else {
            throw .invalidTrailer(reason: "offset table at \(tableOffset) leaves no room for objects")
        }
        let (tableSize, sizeOverflow) = count.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, endOverflow) = tableOffset.addingReportingOverflow(tableSize)
        guard !sizeOverflow, !endOverflow, tableEnd <= UInt64(start) else {
            throw .invalidTrailer(reason: "offset table of \(count) entries at \(tableOffset) runs past the trailer")
        }
        // All three are now below bytes.count, so they fit in Int.
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableOffset = Int(tableOffset)
    }
}
