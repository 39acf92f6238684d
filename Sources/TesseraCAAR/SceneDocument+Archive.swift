import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Core Animation Archives (`.caar`): a `SceneDocument` read from and written as
/// NSKeyedArchiver's bytes.
extension SceneDocument {
    /// Loads a document from the bytes of a `.caar` file, a Core Animation Archive (see
    /// "Core Animation Archives" in `SceneDocument`'s overview).
    public init(archiveData data: Data) throws(SceneDocumentError) {
        let bytes = [UInt8](data)
        do {
            let archive = try KeyedArchive(bytes: bytes)
            var decoder = ArchiveReader(budget: 4 * bytes.count + 1024)
            let document = try decoder.document(archive)
            self.init(
                rootLayer: document.rootLayer, documentSize: document.size, geometryFlipped: document.isFlipped,
                states: LayerStates(), skipped: decoder.skipped)
        } catch let error as SceneDocumentError {
            throw error
        } catch let error as KeyedArchiveError {
            throw SceneDocumentError(error)
        } catch ArchiveDecodingFailure.malformed(let reason) {
            throw .malformedObjectGraph(reason: reason)
        } catch {
            throw .malformedObjectGraph(reason: "\(error)")
        }
    }

    /// The document as the bytes of a `.caar` file (a binary property list), which Tessera reads
    /// back identically and Core Animation reads with `NSKeyedUnarchiver`.
    public func archiveData() throws(SceneDocumentError) -> Data {
        var encoder = ArchiveWriter()
        do {
            return Data(try encoder.document(rootLayer: rootLayer, size: documentSize, isFlipped: isGeometryFlipped))
        } catch let error as SceneDocumentError {
            throw error
        } catch {
            throw .unencodableValue(reason: "\(error)")
        }
    }

    /// Writes the document to a `.caar` file, as ``archiveData()`` describes.
    public func writeArchive(to url: URL) throws(SceneDocumentError) {
        let data = try archiveData()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
    }

    // The names these had when the document was named after this format alone.

    /// Loads a document from the bytes of a `.caar` file. Deprecated: use
    /// ``init(archiveData:)``, whose name says the format.
    @available(*, deprecated, renamed: "init(archiveData:)")
    public init(data: Data) throws(SceneDocumentError) { try self.init(archiveData: data) }

    /// The document as the bytes of a `.caar` file. Deprecated: use ``archiveData()``, whose
    /// name says the format.
    @available(*, deprecated, renamed: "archiveData()")
    public func encoded() throws(SceneDocumentError) -> Data { try archiveData() }

    /// Writes the document to a `.caar` file. Deprecated: use ``writeArchive(to:)``, whose name
    /// says the format.
    @available(*, deprecated, renamed: "writeArchive(to:)")
    public func write(to url: URL) throws(SceneDocumentError) { try writeArchive(to: url) }
}
