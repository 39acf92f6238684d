/// The binary property list format (`bplist00`), as Core Foundation writes it.
///
/// A file is a header (`bplist00`), the objects, an offset table giving each object's byte
/// offset, and a 32-byte trailer giving the sizes of offsets and object references, the object
/// count, the top object and where the offset table starts. Containers hold references (indices
/// into the offset table) to their elements.
package enum BinaryPropertyList {
    /// The most containers that may nest inside one another, in reading and in writing.
    package static let maximumDepth = 512

    /// Decodes the top object of a binary property list.
    ///
    /// Every offset, count and reference is checked against the data: malformed input throws,
    /// never traps. Objects referenced several times are decoded once and shared, so decoding
    /// time stays proportional to the file's size.
    package static func decode(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        var reader = try BinaryPropertyListReader(bytes: bytes)
        return try reader.decodeTopObject()
    }

    /// Encodes `value` as a binary property list, deterministically.
    ///
    /// Equal scalars (strings, numbers, dates, data, references) are written once; containers are
    /// written once per occurrence, so a value whose containers share storage many times over is
    /// written in full each time. Foundation's `PropertyListSerialization` reads the output (the
    /// tests check every type it supports, which leaves out null, sets and UIDs).
    package static func encode(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
        try BinaryPropertyListWriter.encode(value)
    }

    /// The 8 bytes every file starts with.
    static let header: [UInt8] = Array("bplist00".utf8)
}

/// The high nibble of an object's first byte: its type. The low nibble is a size or a count.
enum BinaryPropertyListMarker {
    static let simple: UInt8 = 0x0   // null 0x00, false 0x08, true 0x09, fill 0x0F
    static let integer: UInt8 = 0x1
    static let real: UInt8 = 0x2
    static let date: UInt8 = 0x3
    static let data: UInt8 = 0x4
    static let asciiString: UInt8 = 0x5
    static let utf16String: UInt8 = 0x6
    static let uid: UInt8 = 0x8
    static let array: UInt8 = 0xA
    static let set: UInt8 = 0xC
    static let dictionary: UInt8 = 0xD

    static let null: UInt8 = 0x00
    static let boolFalse: UInt8 = 0x08
    static let boolTrue: UInt8 = 0x09
    /// A low nibble of 0xF: the count follows as an integer object.
    static let extendedCount: UInt8 = 0xF
}
