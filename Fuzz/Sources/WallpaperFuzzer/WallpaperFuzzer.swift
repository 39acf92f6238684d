import Foundation
import Tessera
import TesseraRaster

/// The fuzz target of the wallpaper reader, libFuzzer's `LLVMFuzzerTestOneInput` (main.swift hands
/// it to the driver): the bytes as a `.tendies` file. Every input must load as a wallpaper or
/// give a typed error; a wallpaper that loads must also go to each of its states (animated, at
/// 0.1 s) and render a small frame. The zip is read within small limits, so that an input cannot
/// decompress to more than a few megabytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWallpaperReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).tendies")
    guard (try? bytes.write(to: file)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: file) }
    var limits = TendiesArchive.Limits()
    limits.entryCount = 256
    limits.entryBytes = 4 << 20
    limits.bundleBytes = 8 << 20
    guard let wallpaper = try? Wallpaper(contentsOf: file, limits: limits) else { return 0 }
    for name in wallpaper.stateNames.prefix(8) {
        try? wallpaper.setState(name, at: 0.1, animated: true)
        _ = wallpaper.rootLayer.presentation(at: 0.3)
    }
    render(wallpaper)
    return 0
}

/// Renders at half a second into 48 × 48 pixels, fitted to the wallpaper's size.
private func render(_ wallpaper: Wallpaper) {
    guard let pixmap = try? Pixmap(width: 48, height: 48) else { return }
    let renderer = LayerRenderer(threadCount: 1)
    let side = max(wallpaper.size.width, wallpaper.size.height)
    renderer.scale = side.isFinite && side > 0 ? min(4, 48 / Double(side)) : 1
    renderer.render(wallpaper.rootLayer, at: 0.5, into: pixmap)
}
