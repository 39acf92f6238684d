import Foundation
import GoldenSupport

/// This target's golden images (`Tests/TesseraCAMLTests/Golden/`), compared as ``GoldenImageStore``
/// describes: `goldenImages.expectMatch(pixmap, named: "…")`.
let goldenImages = GoldenImageStore(
    bundle: .module,
    sourceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true))
