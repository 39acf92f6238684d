import Foundation
import GoldenSupport
import Testing
import TesseraRaster

/// This target's golden images (`Tests/TesseraTests/Golden/`), compared as
/// ``GoldenImageStore`` describes.
enum GoldenImage {
    static let store = GoldenImageStore(
        bundle: .module,
        sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden", isDirectory: true))

    /// Records an issue unless `pixmap` matches the golden `name`.
    static func expectMatch(_ pixmap: Pixmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = store.check(pixmap, named: name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}
