import Foundation
import TesseraRaster

/// Writes frames as PNG files for `--png`.
enum PNGOutput {
    /// Writes `pixmap` to `directory/sceneName.png`, creating the directory, and returns the path.
    static func write(_ pixmap: Pixmap, directory: String, sceneName: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: directory).appendingPathComponent(sceneName + ".png").path
        try pixmap.writePNG(to: path)
        return path
    }
}
