import Foundation
import Testing
import Tessera
import ZIPFoundation

/// `tessera convert`: between `.caar`, `.caml` and `.ca` bundles (and out of `.tendies`), the
/// output drawing as the input does; what is left out reported; an existing output kept unless
/// `--force`; every error with its exit status.
@Suite struct ConvertCommandTests {
    /// `file` rendered at `time` (in `state`, when given) to a PNG in `folder`: its bytes.
    static func rendered(_ file: String, in folder: URL, time: Double, state: String? = nil) throws -> Data {
        let name = "render-\(UUID().uuidString).png"
        let result = try CLI.run(["render", file, "--time", "\(time)", "--scale", "2", "--background", "black", "-o", name, "--quiet"]
                                 + (state.map { ["--state", $0] } ?? []), in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// A chain through every format and back, from an archive and from a CAML file: each output
    /// draws the same pixels as the original at several times (and states, for CAML in formats
    /// that hold them).
    @Test(arguments: [("Checkmark.caar", ["Checkmark.ca", "Checkmark.caml", "again.caar", "again.ca"]),
                      ("Bluetooth.caml", ["Bluetooth.ca", "Bluetooth.caar", "again.caml"])])
    func everyFormatDrawsTheSame(_ fixture: String, chain: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var previous = CLI.fixture(fixture)
        for output in chain {
            let result = try CLI.run(["convert", previous, output], in: folder)
            #expect(result.status == 0, "\(previous) → \(output): \(result.stderr)")
            #expect(result.stderr.contains("wrote \(output)"))
            for t in [0.0, 0.3, 1.2] {
                #expect(try Self.rendered(output, in: folder, time: t) == Self.rendered(CLI.fixture(fixture), in: folder, time: t),
                        "\(output) at \(t)")
            }
            previous = folder.appendingPathComponent(output).path
        }
        // A bundle holds the states: drawn the same in each.
        if fixture == "Bluetooth.caml" {
            for state in ["off", "seeking", "on"] {
                #expect(try Self.rendered("Bluetooth.ca", in: folder, time: 0.5, state: state)
                        == Self.rendered(CLI.fixture(fixture), in: folder, time: 0.5, state: state), "\(state)")
            }
        }
    }

    /// A bundle is a folder with `main.caml` and `index.xml` holding the document's size.
    @Test func aBundleKeepsTheDocumentSize() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["convert", CLI.fixture("Checkmark.caar"), "Checkmark.ca"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder.appendingPathComponent("Checkmark.ca")) == ["index.xml", "main.caml"])
        let archive = try SceneDocument(contentsOf: folder.appendingPathComponent("Checkmark.ca"))
        #expect(archive.documentSize == CGSize(width: 400, height: 400))
        #expect(archive.isGeometryFlipped)
    }

    /// What the output's format cannot hold is reported, not silently lost: states in an
    /// archive, a document size in a `.caml` file; `--quiet` prints nothing.
    @Test func lossesAreReported() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "b.caar"], in: folder)
        #expect(states.status == 0 && states.stderr.contains("b.caar: archives hold no states: left out 3 states and 4 transitions"),
                "\(states.stderr)")
        let size = try CLI.run(["convert", CLI.fixture("Checkmark.caar"), "c.caml"], in: folder)
        #expect(size.status == 0 && size.stderr.contains("c.caml: a .caml file holds no document size or flip"), "\(size.stderr)")
        let quiet = try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "q.caar", "--quiet"], in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
    }

    /// What reading left out is listed with the input's name.
    @Test func skippedInputIsReported() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("odd.caml")
        try Data(#"<caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 10 10" sparkle="1"/></caml>"#.utf8).write(to: input)
        let result = try CLI.run(["convert", "odd.caml", "odd.ca"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("odd.caml: reading left out") && result.stderr.contains("sparkle"), "\(result.stderr)")
    }

    /// An existing output is refused (64) and left as it was; `--force` replaces it.
    @Test func anExistingOutputNeedsForce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.caml")
        try Data("keep me".utf8).write(to: output)
        let refused = try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "out.caml"], in: folder)
        #expect(refused.status == 64 && refused.stderr.contains("out.caml: exists (--force replaces it)"), "\(refused.stderr)")
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
        let forced = try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "out.caml", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try SceneDocument(contentsOf: output).states.names == ["off", "seeking", "on"])
        // A bundle folder is replaced whole: no file of the old one is left.
        let bundle = folder.appendingPathComponent("out.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data().write(to: bundle.appendingPathComponent("stale.png"))
        #expect(try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "out.ca"], in: folder).status == 64)
        #expect(try CLI.run(["convert", CLI.fixture("Bluetooth.caml"), "out.ca", "--force"], in: folder).status == 0)
        #expect(CLI.contents(of: bundle) == ["index.xml", "main.caml"])
    }

    /// Every failure has its exit status and names the file.
    @Test func errorsHaveTheirExitStatus() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not an archive".utf8).write(to: folder.appendingPathComponent("bad.caar"))
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["convert", CLI.fixture("Emoji.caar"), "out.png"], 64, "out.png: the output's extension must be .caar, .caml or .ca"),
            (["convert", "missing.caar", "out.caml"], 66, "missing.caar: cannot read"),
            (["convert", "bad.caar", "out.caml"], 65, "bad.caar: not a Core Animation archive"),
            (["convert", "bad.caar", "./bad.caar"], 64, "is the input itself"),
            (["convert", CLI.fixture("Emoji.caar"), "no/such/folder/out.caar"], 73, "no/such/folder/out.caar: cannot write"),
            (["convert", CLI.fixture("Emoji.caar"), "out.caml", "--bundle", "X.ca"], 64, "--bundle names a bundle inside a .tendies file"),
        ]
        for (arguments, status, message) in cases {
            let result = try CLI.run(arguments, in: folder)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        // Nothing was written by a failed conversion.
        #expect(CLI.contents(of: folder) == ["bad.caar"])
    }

    /// A bundle inside a `.tendies` zip, named with `--bundle`, converts like the folder.
    @Test func aTendiesBundleConverts() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let caml = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("Brightness.caml")))
        let zip = try Archive(url: folder.appendingPathComponent("pack.tendies"), accessMode: .create)
        try zip.addEntry(with: "wallpaper/Glyph.ca/main.caml", type: .file, uncompressedSize: Int64(caml.count),
                         compressionMethod: .deflate) { position, size in caml.subdata(in: Int(position)..<Int(position) + size) }
        let unnamed = try CLI.run(["convert", "pack.tendies", "glyph.ca"], in: folder)
        #expect(unnamed.status == 64 && unnamed.stderr.contains("the file holds: Glyph"))
        let result = try CLI.run(["convert", "pack.tendies", "--bundle", "Glyph.ca", "glyph.ca"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.rendered("glyph.ca", in: folder, time: 0.2, state: "min")
                == Self.rendered(CLI.fixture("Brightness.caml"), in: folder, time: 0.2, state: "min"))
    }
}
