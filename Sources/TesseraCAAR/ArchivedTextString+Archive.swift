import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// A text layer's `string` in archives: a string, or an `NSAttributedString` (or a subclass)
/// whose characters (its `NSString` field) are read; its attributes are not. Written back as a
/// plain string.
extension ArchivedTextString: ArchivableProperty {
    static let attributedStringClass = "NSAttributedString"
    static let charactersKey = "NSString"

    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> ArchivedTextString {
        if let string = value.stringValue { return ArchivedTextString(string: string) }
        guard case .object(let object) = value, object.isKind(of: attributedStringClass),
            let characters = try object.value(forKey: charactersKey)?.stringValue
        else {
            throw ArchiveDecodingFailure.mismatch(value, expected: "a string or an attributed string")
        }
        return ArchivedTextString(string: characters)
    }

    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { .string(string) }
}
