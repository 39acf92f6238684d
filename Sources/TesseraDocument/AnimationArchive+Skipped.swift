import TesseraCore

extension AnimationArchive {
    /// Something loading left out or approximated: the model's `SkippedFeature`, which every
    /// format (archives, CAML, Lottie) reports with. The name this module gave it before the
    /// model held it.
    public typealias Skipped = SkippedFeature
}

/// A place in a CAML document's text: the model's `DocumentLocation`, which ``AnimationArchiveError``
/// and `SkippedFeature` carry. The name this module gave it before the model held it.
public typealias CAMLSourceLocation = DocumentLocation
