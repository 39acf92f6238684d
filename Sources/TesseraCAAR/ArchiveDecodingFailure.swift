import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Why decoding a value of a Core Animation archive stopped.
enum ArchiveDecodingFailure: Error {
    /// The file breaks the format: loading fails with
    /// `SceneDocumentError.malformedObjectGraph(reason:)`.
    case malformed(String)
    /// Tessera does not model the value: the property or the animation holding it is skipped.
    /// `className` is the class of the object not understood (nil: the holder's).
    case unsupported(className: String?, reason: SkippedFeature.Reason)

    /// A NaN or infinite number where a finite one is needed.
    static let nonFinite = ArchiveDecodingFailure.unsupported(
        className: nil, reason: .unsupportedValue("a NaN or infinite number"))

    /// A value of another type than `expected`.
    static func mismatch(_ value: ArchivedValue, expected: String) -> ArchiveDecodingFailure {
        .malformed("\(value.typeName) where \(expected) is expected")
    }
}
