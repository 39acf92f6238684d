import Foundation
import Testing
import TesseraRaster

/// `tessera render`, `inspect` and `convert` with a Lottie animation (`.json`).
@Suite struct LottieCommandTests {
    /// 20×20 at 10 fps, frames 5…15: a 10×10 red square that moves from x = 0 to x = 10 over
    /// frames 5…15, and a blur effect (not drawn, reported).
    static let animation = #"""
        {"v": "5.7.0", "fr": 10, "ip": 5, "op": 15, "w": 20, "h": 20, "layers": [
          {"ty": 4, "nm": "square", "ip": 0, "op": 20, "st": 0, "ef": [{"ty": 29, "nm": "Gaussian Blur", "ef": []}],
           "ks": {"p": {"a": 1, "k": [{"t": 5, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 15, "s": [10, 0]}]}},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}],
         "markers": [{"cm": "intro", "tm": 5, "dr": 5}]}
        """#

    static func file(_ text: String = animation) throws -> (folder: URL, path: String) {
        let folder = try CLI.temporaryFolder()
        let file = folder.appendingPathComponent("square.json")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    @Test func renderStartsAtTheInPoint() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("half.png").path
        let result = try CLI.run(["render", path, "--time", "0.5", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not drawn: content lost: effects"), "\(result.stderr)")
        let pixmap = try Pixmap(pngData: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        // 0.5 s after the in point (frame 10): half way, x = 5…15.
        #expect(pixmap[4, 5].a == 0 && pixmap[5, 5].r == 255 && pixmap[14, 5].r == 255 && pixmap[15, 5].a == 0)
    }

    @Test func animationLastsItsOwnLength() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", path, "--fps", "10", "-o", folder.appendingPathComponent("square.apng").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("frames at 10 fps, 1 s from t = 0.0 s"), "\(result.stderr)")
    }

    /// --marker renders the marker's segment; an unknown name lists the markers.
    @Test func markerRendersItsSegment() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", path, "--marker", "intro", "--fps", "10", "-o", folder.appendingPathComponent("intro.apng").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("5 frames at 10 fps, 0.5 s from t = 0.0 s"), "\(result.stderr)")
        let unknown = try CLI.run(["render", path, "--marker", "outro", "-o", folder.appendingPathComponent("x.png").path])
        #expect(unknown.status == 64 && unknown.stderr.contains("no marker \"outro\"; its markers: intro"), "\(unknown.stderr)")
    }

    @Test func inspectListsFramesMarkersAndWhatIsNotDrawn() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["inspect", path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("lottie: version 5.7.0, frames 5–15 at 10 fps (1 s)"), "\(text)")
        #expect(text.contains("markers: intro at 0 s for 0.5 s"))
        #expect(text.contains("[content lost] /square: Lottie.effects (not drawn: effects not drawn: Gaussian Blur)"), "\(text)")
        let json = try CLI.run(["inspect", "--json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let lottie = try #require(object["lottie"] as? [String: Any])
        #expect(lottie["frameRate"] as? Double == 10 && (lottie["markers"] as? [Any])?.count == 1)
    }

    @Test func malformedFileIs65AndNamesIt() throws {
        let (folder, path) = try Self.file(#"{"fr": 10, "ip": 0, "op": 10, "w": 20, "h": 20, "layers": [{"ty": 4, "ks": {"p": 3}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", path, "-o", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("square.json: 1:") && result.stderr.contains("not JSON"), "\(result.stderr)")
    }

    /// A `.lottie` that is not a zip is malformed input too: 65, naming the file.
    @Test func damagedDotLottieIs65AndNamesIt() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.lottie").path
        try Data("PK, but not a zip".utf8).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["inspect", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("broken.lottie: not a Lottie document: not a zip file"), "\(result.stderr)")
    }

    @Test func optionsForOtherFormatsAre64() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", path, "--state", "on", "-o", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 64 && result.stderr.contains("--state does not apply to a Lottie animation"), "\(result.stderr)")
    }

    /// Converted to an archive, the tree renders the same.
    @Test func convertsToAnArchive() throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("square.caar").path
        let converted = try CLI.run(["convert", path, archive])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stderr.contains("reading left out"), "\(converted.stderr)")
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        #expect(try CLI.run(["render", path, "--time", "0.3", "-o", a, "-q"]).status == 0)
        #expect(try CLI.run(["render", archive, "--time", "0.3", "-o", b, "-q"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }
}
