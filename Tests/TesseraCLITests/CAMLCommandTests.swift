import Foundation
import Testing
import Tessera
import TesseraRaster
import ZIPFoundation

/// `tessera render` and `inspect` on CAML: `.caml` files, `.ca` folders, bundles inside a
/// `.tendies` zip, `--state` and `--transition`, and their errors.
@Suite struct CAMLCommandTests {
    /// The Bluetooth glyph's pulse: opacity 1 in state "on", and the white glyph drawn there.
    @Test func aStateIsRenderedAndTheStatesAreListed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let on = try CLI.run(["render", CLI.fixture("Bluetooth.caml"), "--state", "on", "--background", "black",
                              "--scale", "4", "-o", "on.png"], in: folder)
        #expect(on.status == 0, "\(on.stderr)")
        let pixmap = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("on.png").path)
        #expect(pixmap.width == 160 && (0..<160).contains { x in pixmap[x, 80].r == 255 })
        let inspect = try CLI.run(["inspect", CLI.fixture("Bluetooth.caml")])
        let text = String(decoding: inspect.stdout, as: UTF8.self)
        #expect(inspect.status == 0 && text.contains("states: off, seeking (based on off), on"))
        #expect(text.contains("transition * → on: opacity of #1"))
    }

    /// `--transition min:max` animates Brightness from its min state: the first frame differs
    /// from the last.
    @Test func aTransitionIsAnimated() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", CLI.fixture("Brightness.caml"), "--transition", "min:max", "--fps", "10",
                                  "--duration", "1.5", "-o", "frames/", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = CLI.contents(of: folder.appendingPathComponent("frames"))
        #expect(frames.count > 2)
        let first = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("frames/\(frames.first!)").path)
        let last = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("frames/\(frames.last!)").path)
        let changed = first.bytes != last.bytes
        #expect(changed)
    }

    /// What a CAML document left out is listed with its line and column, in text and JSON.
    @Test func skippedItemsHaveTheirPlaceInTheFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("odd.caml")
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
              <CALayer bounds="0 0 10 10" wobble="3"/>
            </caml>
            """.utf8).write(to: file)
        let text = try CLI.run(["inspect", file.path])
        #expect(text.status == 0 && String(decoding: text.stdout, as: UTF8.self).contains("2:31: "))
        let json = try CLI.run(["inspect", "--json", file.path])
        let document = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        let item = (document?["skipped"] as? [[String: Any]])?.first
        #expect(item?["key"] as? String == "wobble" && item?["line"] as? Int == 2 && item?["column"] as? Int == 31)
    }

    @Test func statesThatDoNotExistAreUsageErrors() throws {
        let unknown = try CLI.run(["render", CLI.fixture("Bluetooth.caml"), "--state", "nope", "-o", "x.png"])
        #expect(unknown.status == 64 && unknown.stderr.contains("its states: off, seeking, on"))
        let none = try CLI.run(["render", CLI.fixture("Checkmark.caar"), "--state", "on", "-o", "x.png"])
        #expect(none.status == 64 && none.stderr.contains("has no states"))
        let malformed = try CLI.run(["render", CLI.fixture("Bluetooth.caml"), "--transition", "on", "-o", "x.png"])
        #expect(malformed.status == 64)
    }

    /// A `.ca` folder, and the same bundle inside a `.tendies` zip named with `--bundle`.
    @Test func bundlesAndTendies() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Glyph.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let caml = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("Bluetooth.caml")))
        try caml.write(to: bundle.appendingPathComponent("main.caml"))
        let direct = try CLI.run(["render", bundle.path, "--state", "on", "-o", "direct.png"], in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        let zip = folder.appendingPathComponent("pack.tendies")
        let archive = try Archive(url: zip, accessMode: .create)
        try archive.addEntry(with: "wallpaper/Glyph.ca/main.caml", type: .file, uncompressedSize: Int64(caml.count),
                             compressionMethod: .deflate) { position, size in caml.subdata(in: Int(position)..<Int(position) + size) }
        let listed = try CLI.run(["render", zip.path, "-o", "x.png"], in: folder)
        #expect(listed.status == 64 && listed.stderr.contains("the file holds: Glyph"))
        let inspect = try CLI.run(["inspect", zip.path])
        #expect(inspect.status == 0 && String(decoding: inspect.stdout, as: UTF8.self) == "wallpaper/Glyph.ca\n")
        let zipped = try CLI.run(["render", zip.path, "--bundle", "Glyph.ca", "--state", "on", "-o", "zipped.png"], in: folder)
        #expect(zipped.status == 0, "\(zipped.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("zipped.png")) == Data(contentsOf: folder.appendingPathComponent("direct.png")))
        let wrong = try CLI.run(["render", zip.path, "--bundle", "Other.ca", "-o", "x.png"], in: folder)
        #expect(wrong.status == 64)
    }
}
