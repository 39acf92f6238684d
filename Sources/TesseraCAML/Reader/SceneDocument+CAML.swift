import Foundation
import TesseraCore
import TesseraDocument
import TesseraXML

extension SceneDocument {
    /// Loads a CAML document (Core Animation's XML, the `main.caml` of a `.ca` bundle) from its
    /// bytes: the same layer tree an archive gives, with `skipped` saying what was left out
    /// and where, and the document's `states`.
    ///
    /// Images (`<contents type="CGImage" src="assets/art.png"/>`) are read from `bundleURL`, the
    /// bundle's folder, and never from outside it; with no folder, each is reported as skipped.
    /// There is no document size (a `.ca` bundle's `index.xml` has it: see
    /// `SceneDocument(contentsOf:)`).
    ///
    /// - Throws: `SceneDocumentError.malformedCAML(_:reason:)`, with the line and column,
    ///   for XML that is not well-formed or that the reader refuses (a DTD, an encoding other
    ///   than UTF-8, a document beyond the reader's limits) and for a document that is not a
    ///   `<caml>` element with a layer in it. Nothing else fails the document.
    public init(camlData data: Data, bundleURL: URL? = nil) throws(SceneDocumentError) {
        let document: CAMLDocument
        do {
            document = try CAMLDocument(parsing: data)
        } catch {
            throw .malformedCAML(DocumentLocation(error.location), reason: error.reason.description)
        }
        var reader = CAMLReader(context: CAMLReadContext(assets: CAMLAssets(folder: bundleURL)))
        let (rootLayer, states) = try reader.document(document)
        self.init(rootLayer: rootLayer, documentSize: nil, geometryFlipped: false, states: states, skipped: reader.skipped)
    }

    /// Loads the `.ca` bundle at `url`, as `SceneDocument(contentsOf:)` describes. `index.xml` is read
    /// by Foundation's property list reader, which processes no DTD (its `<!DOCTYPE plist>` is
    /// skipped, no entity is declared or fetched). A `rootDocument` that is an absolute path,
    /// has a `..` component or leads outside the folder through a symbolic link is refused, and
    /// so is an `index.xml` that is a link to outside the folder.
    package init(bundle url: URL) throws(SceneDocumentError) {
        let folder = url.standardizedFileURL
        var documentName = CAMLFileNames.bundleDocument
        var size: CGSize?
        var isFlipped = false
        let root = folder.resolvingSymlinksInPath().path
        func isInside(_ url: URL) -> Bool {
            url.resolvingSymlinksInPath().path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
        let indexURL = folder.appendingPathComponent(CAMLFileNames.bundleIndex)
        if FileManager.default.fileExists(atPath: indexURL.path) {
            guard isInside(indexURL) else { throw .invalidBundle(url, reason: "its index.xml leads outside the bundle") }
            let index: [String: Any]
            do {
                let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: indexURL), format: nil)
                guard let dictionary = plist as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
                index = dictionary
            } catch {
                throw .invalidBundle(url, reason: "index.xml is not a property list dictionary (\(error.localizedDescription))")
            }
            if let name = index["rootDocument"] as? String { documentName = name }
            if let width = (index["documentWidth"] as? NSNumber)?.doubleValue,
                let height = (index["documentHeight"] as? NSNumber)?.doubleValue,
                width.isFinite, height.isFinite, width >= 0, height >= 0
            {
                size = CGSize(width: width, height: height)
            }
            isFlipped = (index["geometryFlipped"] as? NSNumber)?.boolValue ?? false
        }
        let components = documentName.split(separator: "/", omittingEmptySubsequences: false)
        guard !documentName.isEmpty, !documentName.hasPrefix("/"), !documentName.contains("\\"),
            !components.contains("..")
        else {
            throw .invalidBundle(url, reason: "its document \"\(documentName)\" is not a path inside the bundle")
        }
        let documentURL = folder.appendingPathComponent(documentName)
        guard isInside(documentURL) else {
            throw .invalidBundle(url, reason: "its document \"\(documentName)\" leads outside the bundle")
        }
        let data: Data
        do {
            data = try Data(contentsOf: documentURL)
        } catch {
            throw .invalidBundle(url, reason: "cannot read its document \"\(documentName)\": \(error.localizedDescription)")
        }
        try self.init(camlData: data, bundleURL: folder)
        documentSize = size
        isGeometryFlipped = isFlipped
    }

    /// Whether `url` is a `.ca` bundle (a folder) rather than a file.
    package static func isBundle(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether the bytes of a file are CAML rather than an archive: XML (a byte order mark or
    /// whitespace, then `<`) where an archive starts `bplist`.
    package static func isCAML(_ data: Data) -> Bool {
        var bytes = data.prefix(64)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }
}
