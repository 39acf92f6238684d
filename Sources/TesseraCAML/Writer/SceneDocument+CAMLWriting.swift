import Foundation
import TesseraCore
import TesseraDocument

extension SceneDocument {
    /// The document written as CAML (Core Animation's XML, what a `.ca` bundle's `main.caml`
    /// holds), which ``init(camlData:bundleURL:)`` reads back as the same tree, animations and
    /// `states`; Apple's readers take it too (the element and attribute names and value
    /// syntaxes of Apple's files).
    ///
    /// Only what differs from a new object's defaults is written, as archives do. The document
    /// size and flip are not part of a CAML document (a bundle's `index.xml` holds them: see
    /// ``writeCAMLBundle(to:)``), and images need a bundle to be written in, so a tree with
    /// images fails here (``writeCAML(to:)`` and ``writeCAMLBundle(to:)`` write them).
    ///
    /// The tree is written as it is now, with the animations a state's transition added; it must
    /// be in the base state (`LayerStates.currentState` nil), since the layers of a tree in a
    /// state hold that state's values, not the base values the states start from.
    ///
    /// - Throws: `SceneDocumentError.unwritableCAML(reason:)`, naming the layer and the
    ///   property, for what CAML cannot hold without loss: a string with a character XML 1.0
    ///   forbids (U+0000 to U+001F other than tab, line feed and carriage return; U+FFFE,
    ///   U+FFFF), a NaN (or an infinite number outside timing), an image (a document alone has
    ///   no bundle to put it in), an animation of a class Tessera does not model, a layer twice in
    ///   the tree, a state or portal that refers to a layer outside it, a document beyond what
    ///   CAML readers take (elements nested 256 deep, a million elements, an attribute of 4 MiB,
    ///   64 MiB in all), a tree that is not in its base state.
    public func camlData() throws(SceneDocumentError) -> Data {
        try caml(hasBundle: false).document
    }

    /// Writes the document as a CAML file at `url`, as ``camlData()`` describes, and its images
    /// as PNG files in `assets/` beside it (`assets/image-1.png`…), where reading the file
    /// (`SceneDocument(contentsOf:)`) finds them. Files of those names are replaced.
    ///
    /// - Throws: `SceneDocumentError.unwritableCAML(reason:)` as ``camlData()`` does (images
    ///   aside); `SceneDocumentError.unwritableFile(_:reason:)` when a file cannot be written.
    public func writeCAML(to url: URL) throws(SceneDocumentError) {
        let (document, images) = try caml(hasBundle: true)
        try Self.write(images, in: url.deletingLastPathComponent())
        try Self.write(document, to: url)
    }

    /// Writes the document as a `.ca` bundle, the folder at `url` (created when missing):
    /// `main.caml` (as ``camlData()`` describes), `index.xml` (a property list whose
    /// `rootDocument` is `main.caml`, with `documentWidth`, `documentHeight` when the document
    /// has a size, and `geometryFlipped`) and the images as PNG files in `assets/`. What
    /// `SceneDocument(contentsOf:)` reads back is the same document. Files of those names are replaced;
    /// other files in the folder are left.
    ///
    /// - Throws: `SceneDocumentError.unwritableCAML(reason:)` as ``camlData()`` does (images
    ///   aside); `SceneDocumentError.unwritableFile(_:reason:)` when the folder or a file
    ///   cannot be written.
    public func writeCAMLBundle(to url: URL) throws(SceneDocumentError) {
        let (document, images) = try caml(hasBundle: true)
        var index: [String: Any] = ["rootDocument": CAMLFileNames.bundleDocument, "geometryFlipped": isGeometryFlipped]
        if let documentSize {
            index["documentWidth"] = Double(documentSize.width)
            index["documentHeight"] = Double(documentSize.height)
        }
        let indexData: Data
        do {
            indexData = try PropertyListSerialization.data(fromPropertyList: index, format: .xml, options: 0)
        } catch {
            throw .unwritableCAML(reason: "index.xml: \(error)")
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
        try Self.write(images, in: url)
        try Self.write(indexData, to: url.appendingPathComponent(CAMLFileNames.bundleIndex))
        try Self.write(document, to: url.appendingPathComponent(CAMLFileNames.bundleDocument))
    }

    /// The document's bytes and its images (none without a bundle).
    private func caml(hasBundle: Bool) throws(SceneDocumentError) -> (document: Data, images: [(path: String, png: Data)]) {
        var writer = CAMLWriter(context: CAMLWriteContext(hasBundle: hasBundle))
        let document = try writer.document(rootLayer: rootLayer, states: states)
        var text = CAMLXMLText()
        do {
            try text.append(document)
            return (try text.data(), writer.context.images)
        } catch {
            throw .unwritableCAML(reason: error.reason)
        }
    }

    private static func write(_ images: [(path: String, png: Data)], in folder: URL) throws(SceneDocumentError) {
        guard !images.isEmpty else { return }
        let assets = folder.appendingPathComponent(CAMLFileNames.assetsFolder)
        do {
            try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        } catch {
            throw .unwritableFile(assets, reason: error.localizedDescription)
        }
        for (path, png) in images { try write(png, to: folder.appendingPathComponent(path)) }
    }

    private static func write(_ data: Data, to url: URL) throws(SceneDocumentError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
    }
}
