import Foundation
import Tessera
import TesseraRaster

/// The fuzz target of the CAML reader, libFuzzer's `LLVMFuzzerTestOneInput` (main.swift hands it
/// to the driver): the bytes as a CAML document. Every input must load or give a typed error; a
/// document that loads must also evaluate, go to each of its states (animated, at 0.1 s) and
/// render a small frame, write as CAML that reads back and writes again to the same text (or a
/// typed refusal), and write as an archive that loads again: a failure there traps, for
/// libFuzzer to report. No bundle folder: image references are reported, never read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAMLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    guard let document = try? SceneDocument(camlData: bytes) else { return 0 }
    rewriteCAML(document)
    let root = document.rootLayerForDisplay()
    _ = root.presentation(at: 0.25)
    for name in document.states.names.prefix(8) {
        try? document.states.setState(name, at: 0.1, animated: true)
        _ = root.presentation(at: 0.3)
    }
    render(root, size: document.documentSize ?? root.bounds.size)
    do {
        let written = try SceneDocument(rootLayer: document.rootLayer).archiveData()
        _ = try SceneDocument(archiveData: written)
    } catch SceneDocumentError.unencodableValue {
        // Values an archive cannot hold (an emitter's cells): a typed refusal, not a failure.
    } catch {
        fatalError("a CAML document that loads must write as an archive that loads again: \(error)")
    }
    return 0
}

/// Renders at half a second into 48 × 48 pixels, fitted to `size`.
private func render(_ root: CALayer, size: CGSize) {
    guard let pixmap = try? Pixmap(width: 48, height: 48) else { return }
    let renderer = LayerRenderer(threadCount: 1)
    let side = max(size.width, size.height)
    renderer.scale = side.isFinite && side > 0 ? min(4, 48 / Double(side)) : 1
    renderer.render(root, at: 0.5, into: pixmap)
}

/// `document` written as CAML, read back and written again: the same text. What CAML cannot
/// hold (a NaN in a timing value, a character XML forbids) is a typed refusal, not a failure.
private func rewriteCAML(_ document: SceneDocument) {
    do {
        let written = try document.camlData()
        let reread = try SceneDocument(camlData: written)
        guard try reread.camlData() == written else { fatalError("CAML written again differs from the first writing") }
    } catch SceneDocumentError.unwritableCAML {
        return
    } catch {
        fatalError("a CAML document that loads must write as CAML that loads again: \(error)")
    }
}
