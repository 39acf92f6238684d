import TesseraCore
import TesseraDocument

/// Why a value cannot be written as CAML: the writer reports it with the layer and property
/// (`SceneDocumentError.unwritableCAML(reason:)`).
struct CAMLWriteFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    /// A value that a ``CAMLSyntax`` formatter refuses (a NaN, an infinity where CAML needs a
    /// finite number).
    init(_ error: CAMLValueError) {
        reason = error.reason.description
    }
}
