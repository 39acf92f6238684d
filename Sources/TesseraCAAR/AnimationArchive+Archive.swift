import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Core Animation Archives (`.caar`): an `AnimationArchive` read from and written as
/// NSKeyedArchiver's bytes.
extension AnimationArchive {
    /// Loads an archive from the bytes of a `.caar` file.
    public init(data: Data) throws(AnimationArchiveError) {
        let bytes = [UInt8](data)
        do {
            let archive = try KeyedArchive(bytes: bytes)
            var decoder = CoreAnimationDecoder(budget: 4 * bytes.count + 1024)
            let document = try decoder.document(archive)
            self.init(
                rootLayer: document.rootLayer, documentSize: document.size, geometryFlipped: document.isFlipped,
                states: LayerStates(), skipped: decoder.skipped)
        } catch let error as AnimationArchiveError {
            throw error
        } catch let error as KeyedArchiveError {
            throw AnimationArchiveError(error)
        } catch ArchiveDecodingFailure.malformed(let reason) {
            throw .malformedObjectGraph(reason: reason)
        } catch {
            throw .malformedObjectGraph(reason: "\(error)")
        }
    }

    /// The archive as the bytes of a `.caar` file (a binary property list), which Tessera reads
    /// back identically and Core Animation reads with `NSKeyedUnarchiver`.
    public func encoded() throws(AnimationArchiveError) -> Data {
        var encoder = CoreAnimationEncoder()
        do {
            return Data(try encoder.document(rootLayer: rootLayer, size: documentSize, isFlipped: isGeometryFlipped))
        } catch let error as AnimationArchiveError {
            throw error
        } catch {
            throw .unencodableValue(reason: "\(error)")
        }
    }

    /// Writes the archive to a `.caar` file.
    public func write(to url: URL) throws(AnimationArchiveError) {
        let data = try encoded()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
    }
}
