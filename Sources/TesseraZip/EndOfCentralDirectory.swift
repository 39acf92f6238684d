/// Where the central directory lies and how many entries it holds, as the end of central
/// directory record says (or Zip64's record, when its locator sits just before that one).
struct EndOfCentralDirectory {
    static let signature: UInt32 = 0x0605_4b50
    static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    static let zip64Signature: UInt32 = 0x0606_4b50
    /// The record's fixed part; a comment of up to 65,535 bytes follows.
    static let length = 22
    /// How far from the file's end the record may begin.
    static let searchLength = length + 0xFFFF

    /// The entries the directory holds (unchecked: a count from the file).
    var entryCount: UInt64
    /// Where the directory begins.
    var directoryOffset: UInt64
    /// The directory's length in bytes.
    var directorySize: UInt64
    /// Where the records after the directory begin: the directory must end there or before.
    var directoryLimit: UInt64

    /// Finds the record in `file`: the last signature in its last 65,557 bytes whose comment fits
    /// in the file.
    init(in file: ZipFile) throws(ZipError) {
        let tailLength = min(file.size, UInt64(Self.searchLength))
        guard tailLength >= Self.length else { throw .notAZip }
        let tailStart = file.size - tailLength
        let tail = try file.bytes(Int(tailLength), at: tailStart, structure: "end of central directory record")
        var position = tail.count - Self.length
        while position >= 0 {
            if tail.uint32(at: position) == Self.signature,
                position + Self.length + Int(tail.uint16(at: position + 20)) <= tail.count
            {
                break
            }
            position -= 1
        }
        guard position >= 0 else { throw .notAZip }
        let recordOffset = tailStart + UInt64(position)
        entryCount = UInt64(tail.uint16(at: position + 10))
        directorySize = UInt64(tail.uint32(at: position + 12))
        directoryOffset = UInt64(tail.uint32(at: position + 16))
        directoryLimit = recordOffset
        try readZip64(before: recordOffset, in: file)
    }

    /// Takes the Zip64 record's values when its locator sits just before the classic record.
    /// Some tools write Zip64 records even for small archives; their values then agree.
    private mutating func readZip64(before recordOffset: UInt64, in file: ZipFile) throws(ZipError) {
        let locatorLength: UInt64 = 20, zip64Length: UInt64 = 56
        guard recordOffset >= locatorLength else { return }
        let locatorOffset = recordOffset - locatorLength
        let locator = try file.bytes(Int(locatorLength), at: locatorOffset, structure: "Zip64 locator")
        guard locator.uint32(at: 0) == Self.zip64LocatorSignature else { return }
        let zip64Offset = locator.uint64(at: 8)
        guard locatorOffset >= zip64Length, zip64Offset <= locatorOffset - zip64Length else {
            throw .malformed(reason: "the Zip64 end of central directory record does not lie before its locator")
        }
        let record = try file.bytes(Int(zip64Length), at: zip64Offset, structure: "Zip64 end of central directory record")
        guard record.uint32(at: 0) == Self.zip64Signature else {
            throw .malformed(reason: "no Zip64 end of central directory record where its locator points")
        }
        entryCount = record.uint64(at: 32)
        directorySize = record.uint64(at: 40)
        directoryOffset = record.uint64(at: 48)
        directoryLimit = zip64Offset
    }
}
