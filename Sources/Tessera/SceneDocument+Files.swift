import Foundation
import TesseraCAAR
import TesseraCAML
import TesseraCore
import TesseraDocument

/// Opening a scene file of any format Tessera reads as a `SceneDocument`: a `.caar`
/// archive, a CAML document or a `.ca` bundle.
extension SceneDocument {
    /// Loads a `.caar` archive, a CAML document (a `.caml` file, or any file whose bytes are
    /// XML rather than an archive's) or a `.ca` bundle, told apart by what `url` names.
    ///
    /// A `.ca` bundle is a folder: its document is the one its `index.xml` names
    /// (`rootDocument`; `main.caml` when there is no `index.xml`), which gives the document size
    /// and flip too (`documentWidth`, `documentHeight`, `geometryFlipped`); its images are read
    /// from the folder, never from outside it. A CAML file read alone reads its images from its
    /// own folder.
    ///
    /// - Throws: `SceneDocumentError.unreadableFile(_:reason:)` for a file that cannot be
    ///   read; `SceneDocumentError.invalidBundle(_:reason:)` for a bundle whose `index.xml`
    ///   is not a property list or whose document is missing or outside the folder; the errors
    ///   of `SceneDocument(archiveData:)` and `SceneDocument(camlData:bundleURL:)`.
    public init(contentsOf url: URL) throws(SceneDocumentError) {
        if Self.isBundle(url) {
            try self.init(bundle: url)
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(url, reason: error.localizedDescription)
        }
        if SceneFileFormat(of: url) == .caml || Self.isCAML(data) {
            try self.init(camlData: data, bundleURL: url.deletingLastPathComponent())
        } else {
            try self.init(archiveData: data)
        }
    }
}
