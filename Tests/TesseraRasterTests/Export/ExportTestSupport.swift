import Foundation
import TesseraRaster

/// Frames, folders and files for the frame writer tests.
enum ExportTestSupport {
    /// A new empty folder under the system's temporary folder.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-export-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Whether ffmpeg and ffprobe are on PATH, for the tests that need them.
    static let ffmpegFound = tool("ffmpeg") != nil && tool("ffprobe") != nil

    /// The executable named `name` on PATH.
    static func tool(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in a folder, sorted (hidden ones included: temporary files must not be left).
    static func contents(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func bytes(of path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Frame `index` of a small animation: a background that changes with the index, an opaque
    /// square that moves, and a transparent corner, so that encoders neither merge nor drop frames.
    static func frame(_ index: Int, width: Int = 8, height: Int = 6) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        let shade = UInt8(truncatingIfNeeded: 40 + index * 50)
        pixmap.clear(PremultipliedRGBA8(r: shade, g: 255 - shade, b: 90, a: 255))
        for y in 1..<min(4, height) {
            for x in index % width..<min(index % width + 3, width) {
                pixmap[x, y] = PremultipliedRGBA8(r: 250, g: 250, b: 0, a: 255)
            }
        }
        pixmap[0, 0] = .transparent
        return pixmap
    }

    /// One pixmap of the given size filled with a colour.
    static func solid(_ color: PremultipliedRGBA8, width: Int, height: Int) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        pixmap.clear(color)
        return pixmap
    }
}
