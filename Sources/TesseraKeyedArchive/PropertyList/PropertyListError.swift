/// Why a binary property list could not be read or written.
///
/// Offsets (`at:`) are byte offsets into the file; object numbers index its offset table.
public enum PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data does not start with `bplist`.
    case notABinaryPropertyList
    /// The data starts with `bplist` and a version other than `00`.
    case unsupportedVersion(String)
    /// The data is too short to hold the header, an object and the trailer.
    case truncated
    /// The 32-byte trailer is inconsistent with itself or with the data.
    case invalidTrailer(reason: String)
    /// An entry of the offset table points outside the object area (header to offset table).
    case offsetOutOfRange(object: Int, offset: UInt64)
    /// An object reference is not less than the object count.
    case invalidObjectReference(UInt64)
    /// An object's type marker is unknown, or its size nibble is invalid for its type.
    case invalidMarker(UInt8, at: Int)
    /// A count, or what it implies in bytes, does not fit in the object area.
    case countTooLarge(at: Int)
    /// An object's bytes run past the object area.
    case objectOutOfBounds(at: Int)
    /// An integer or a reference does not fit in 64 bits.
    case integerOutOfRange(at: Int)
    /// An ASCII string with a byte above 0x7F, or a UTF-16 string with an unpaired surrogate.
    case invalidString(at: Int)
    /// A dictionary key is not a string.
    case nonStringKey(at: Int)
    /// A dictionary has the same key twice.
    case duplicateKey(String)
    /// A container contains itself, directly or through other containers.
    case cycle(object: Int)
    /// Containers nest deeper than `limit`, the reader's most (512).
    case nestingTooDeep(limit: Int)

    public var description: String {
        switch self {
        case .notABinaryPropertyList:
            "not a binary property list (no bplist header)"
        case .unsupportedVersion(let version):
            "unsupported binary property list version \"\(version)\""
        case .truncated:
            "binary property list is truncated"
        case .invalidTrailer(let reason):
            "invalid binary property list trailer: \(reason)"
        case .offsetOutOfRange(let object, let offset):
            "object \(object) has offset \(offset), outside the object area"
        case .invalidObjectReference(let reference):
            "object reference \(reference) is not less than the object count"
        case .invalidMarker(let marker, let offset):
            "invalid object marker 0x\(String(marker, radix: 16)) at byte \(offset)"
        case .countTooLarge(let offset):
            "count of the object at byte \(offset) does not fit in the file"
        case .objectOutOfBounds(let offset):
            "object at byte \(offset) runs past the object area"
        case .integerOutOfRange(let offset):
            "integer at byte \(offset) does not fit in 64 bits"
        case .invalidString(let offset):
            "string at byte \(offset) is not valid ASCII or UTF-16"
        case .nonStringKey(let offset):
            "dictionary at byte \(offset) has a key that is not a string"
        case .duplicateKey(let key):
            "dictionary has the key \"\(key)\" twice"
        case .cycle(let object):
            "object \(object) contains itself"
        case .nestingTooDeep(let limit):
            "containers nest deeper than \(limit) levels"
        }
    }
}
