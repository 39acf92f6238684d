import TesseraCore

// The names this module's types had before each concept had one name, kept so that code written
// against them still builds (with a deprecation warning that names the new one).

/// The former name of ``SceneDocument``, from when the document read from any format was named
/// after the first one (Core Animation Archives). Deprecated: use ``SceneDocument``.
@available(*, deprecated, renamed: "SceneDocument")
public typealias AnimationArchive = SceneDocument

/// The former name of ``SceneDocumentError``. Deprecated: use ``SceneDocumentError``.
@available(*, deprecated, renamed: "SceneDocumentError")
public typealias AnimationArchiveError = SceneDocumentError

extension SceneDocument {
    /// The former name of the model's `SkippedFeature`, from before the model held it.
    /// Deprecated: use `SkippedFeature`.
    @available(*, deprecated, renamed: "SkippedFeature")
    public typealias Skipped = SkippedFeature
}

/// The former name of the model's `DocumentLocation` (a place in a CAML document's text), from
/// before the model held it. Deprecated: use `DocumentLocation`.
@available(*, deprecated, renamed: "DocumentLocation")
public typealias CAMLSourceLocation = DocumentLocation
