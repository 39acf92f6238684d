import Foundation
import Tessera
import TesseraRaster

/// The fuzz target, libFuzzer's `LLVMFuzzerTestOneInput` (main.swift hands it to the driver):
/// feeds the bytes to `SceneDocument(archiveData:)`, the public entry point a user's bad file reaches
/// (under it the binary property list reader, the keyed archive reader and the layer tree's
/// decoder). Every input must give an archive or a typed error. An archive that loads must also
/// evaluate, render (a small frame: its images, gradients and 3D layers drawn), write, and load
/// again from what was written, to the same bytes: a failure there traps, for libFuzzer to report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveReaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    if let archive = try? SceneDocument(archiveData: bytes) {
        _ = archive.rootLayer.presentation(at: 0.25)
        _ = archive.rootLayer.presentation(at: 2)
        render(archive)
        do {
            let written = try archive.archiveData()
            let reloaded = try SceneDocument(archiveData: written)
            guard try reloaded.archiveData() == written else { fatalError("a rewritten archive differs from the first writing") }
        } catch {
            fatalError("a loaded archive must write and load again: \(error)")
        }
    }
    return 0
}

/// Renders the archive at a quarter of a second into 48 × 48 pixels, fitted to its document
/// size as the `tessera` command does (a layer far outside still costs its geometry only).
private func render(_ archive: SceneDocument) {
    guard let pixmap = try? Pixmap(width: 48, height: 48) else { return }
    let renderer = LayerRenderer(threadCount: 1)
    let root = archive.rootLayerForDisplay()
    let size = archive.documentSize ?? root.bounds.size
    let side = max(size.width, size.height)
    renderer.scale = side.isFinite && side > 0 ? min(4, 48 / Double(side)) : 1
    renderer.render(root, at: 0.25, into: pixmap)
}
