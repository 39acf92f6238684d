import Foundation
import TesseraCore
import TesseraKeyedArchive

/// Why a Core Animation archive could not be read or written.
///
/// Content Tessera does not model (unknown classes, keys and values) is not an error: it is left
/// out and listed in ``SceneDocument/skipped``.
public enum SceneDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not an NSKeyedArchiver archive: a malformed binary property list, or a
    /// property list without `$archiver`, `$version` and `$top`.
    case notAnArchive(KeyedArchiveError)
    /// `$archiver` names an archiver other than `NSKeyedArchiver`.
    case unsupportedArchiver(String)
    /// `$version` is not 100000.
    case unsupportedVersion(Int)
    /// The document has no `rootLayer` (or it is nil).
    case missingRootLayer
    /// The archive breaks the rules of keyed archives or of Core Animation's classes: a reference
    /// outside the objects, a value of the wrong type (a string for `lineWidth`, a point for
    /// `bounds`), a layer where there should be none or none where there should be one, a cycle in
    /// the layer tree, nesting or sharing beyond the documented limits.
    case malformedObjectGraph(reason: String)
    /// A value of the layer tree cannot be archived (an animation value of a type Core Animation
    /// cannot archive, a layer that appears twice in the tree).
    case unencodableValue(reason: String)
    /// A CAML document that cannot be read: XML that is not well-formed (or that the reader
    /// refuses: a DTD, an encoding other than UTF-8, limits exceeded), a root element other than
    /// `<caml>`, or no layer in it. Where, and why.
    case malformedCAML(DocumentLocation, reason: String)
    /// A `.ca` bundle that cannot be read: no `main.caml` (or none where `index.xml` says), an
    /// `index.xml` that is not a property list, or a document path that leaves the bundle.
    case invalidBundle(URL, reason: String)
    /// The file could not be read.
    case unreadableFile(URL, reason: String)
    /// The file could not be written.
    case unwritableFile(URL, reason: String)
    /// The layer tree cannot be written as CAML without losing part of it: what, and where in
    /// the tree (a string with a character XML 1.0 cannot hold, a NaN or infinite number where
    /// CAML needs a finite one, an image with no bundle to put it in; see
    /// `SceneDocument.camlData()`).
    case unwritableCAML(reason: String)

    /// One line for a log.
    public var description: String {
        switch self {
        case .notAnArchive(let error): "not a Core Animation archive: \(error)"
        case .unsupportedArchiver(let archiver): "unsupported archiver \"\(archiver)\" (expected NSKeyedArchiver)"
        case .unsupportedVersion(let version): "unsupported archive version \(version) (expected 100000)"
        case .missingRootLayer: "the archive has no root layer"
        case .malformedObjectGraph(let reason): "malformed Core Animation archive: \(reason)"
        case .unencodableValue(let reason): "cannot archive: \(reason)"
        case .malformedCAML(let location, let reason): "\(location): malformed CAML: \(reason)"
        case .invalidBundle(let url, let reason): "invalid .ca bundle \(url.path): \(reason)"
        case .unreadableFile(let url, let reason): "cannot read \(url.path): \(reason)"
        case .unwritableFile(let url, let reason): "cannot write \(url.path): \(reason)"
        case .unwritableCAML(let reason): "cannot write CAML: \(reason)"
        }
    }

    /// The archive error for a lower-level keyed archive error met while loading.
    package init(_ error: KeyedArchiveError) {
        switch error {
        case .propertyList, .notAKeyedArchive: self = .notAnArchive(error)
        case .unsupportedArchiver(let archiver): self = .unsupportedArchiver(archiver)
        case .unsupportedVersion(let version): self = .unsupportedVersion(version)
        case .missingTop, .invalidReference, .typeMismatch, .malformedObjectGraph, .invalidFieldKey:
            self = .malformedObjectGraph(reason: error.description)
        }
    }
}
