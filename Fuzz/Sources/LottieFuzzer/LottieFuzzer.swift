import Foundation
import Tessera
import TesseraLottie
import TesseraRaster

/// The file an input that is a zip is written to, so that it is read as a user's dotLottie file
/// (`.lottie`) is: through its path, whose extension tells the format (one file per process:
/// workers do not share it).
private let dotLottieFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("tessera-lottie-fuzz-\(getpid()).lottie")

/// The fuzz target of the Lottie readers, libFuzzer's `LLVMFuzzerTestOneInput` (main.swift hands
/// it to the driver): bytes that begin as a zip does (`PK`) as a dotLottie file (the zip within
/// its limits, the manifest, the animation, its images), any others as a Lottie JSON document.
/// Every input must load or give a typed error, in time linear in its size (the JSON reader, the
/// layer count checked before building); an animation that loads must evaluate at its start,
/// middle and end and render a small frame, and write as an archive that loads again (or a typed
/// refusal): a failure there traps, for libFuzzer to report. A JSON document has no folder: its
/// image files are reported, never read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottieReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let loaded: LottieAnimation?
    if bytes.starts(with: [0x50, 0x4B]) {
        guard (try? bytes.write(to: dotLottieFile)) != nil else { return 0 }
        loaded = try? LottieAnimation(contentsOf: dotLottieFile)
    } else {
        loaded = try? LottieAnimation(data: bytes)
    }
    guard let animation = loaded else { return 0 }
    for t in [0, animation.duration / 2, animation.duration] { _ = animation.rootLayer.presentation(at: t) }
    if let pixmap = try? Pixmap(width: 48, height: 48) {
        let renderer = LayerRenderer(threadCount: 1)
        let side = max(animation.size.width, animation.size.height)
        renderer.scale = min(4, 48 / Double(side))
        renderer.render(animation.rootLayer, at: animation.duration / 3, into: pixmap)
    }
    do {
        let written = try SceneDocument(rootLayer: animation.rootLayer, documentSize: animation.size).archiveData()
        _ = try SceneDocument(archiveData: written)
    } catch SceneDocumentError.unencodableValue {
        // Values an archive cannot hold: a typed refusal, not a failure.
    } catch {
        fatalError("a Lottie animation that loads must write as an archive that loads again: \(error)")
    }
    return 0
}
