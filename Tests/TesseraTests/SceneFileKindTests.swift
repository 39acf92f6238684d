import Foundation
import Testing
import Tessera

/// The one rule of what a path holds: extensions for files, contents for folders, a wallpaper
/// folder first whatever its name.
@Suite struct SceneFileKindTests {
    /// Files, existing or not, by their extension in any case.
    @Test func filesAreToldByTheirExtension() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("scene.caar").path
        #expect(FileManager.default.createFile(atPath: existing, contents: Data("bplist00".utf8)))
        #expect(SceneFileKind(of: existing) == .document)
        let expected: [String: SceneFileKind] = [
            "a.caar": .document, "a.caml": .document, "a.ca": .document, "no-extension": .document,
            "a.wallpaper": .document, "a.json": .lottie, "a.LOTTIE": .lottie, "a.Tendies": .tendies,
        ]
        for (name, kind) in expected {
            #expect(SceneFileKind(of: folder.appendingPathComponent(name).path) == kind, "\(name)")
        }
    }

    /// A folder is a bundle by its `.ca` extension or its `main.caml` or `index.xml`, a wallpaper
    /// by its `.wallpaper` extension or its `Wallpaper.plist` or `descriptors` folder; any other
    /// is a folder.
    @Test func foldersAreToldByWhatTheyHold() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        func make(_ name: String, holding entry: String? = nil, isFolder: Bool = false) throws -> String {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            if let entry {
                let inside = url.appendingPathComponent(entry)
                if isFolder {
                    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
                } else {
                    try Data().write(to: inside)
                }
            }
            return url.path
        }
        #expect(SceneFileKind(of: try make("Glyph.CA")) == .bundle)
        #expect(SceneFileKind(of: try make("plain-main", holding: "main.caml")) == .bundle)
        #expect(SceneFileKind(of: try make("plain-index", holding: "index.xml")) == .bundle)
        #expect(SceneFileKind(of: try make("Aurora.wallpaper")) == .wallpaperFolder)
        #expect(SceneFileKind(of: try make("unzipped", holding: "descriptors", isFolder: true)) == .wallpaperFolder)
        // A wallpaper whatever its extension: its Wallpaper.plist decides before `.ca` or `.json`.
        #expect(SceneFileKind(of: try make("odd.ca", holding: "Wallpaper.plist")) == .wallpaperFolder)
        #expect(SceneFileKind(of: try make("odd.json", holding: "Wallpaper.plist")) == .wallpaperFolder)
        #expect(SceneFileKind(of: try make("other", holding: "notes.txt")) == .folder)
        // A file named descriptors is not the unzipped wallpaper's folder.
        #expect(SceneFileKind(of: try make("flat", holding: "descriptors")) == .folder)
        // Other extensions keep their meaning on a folder: the readers say it is one.
        #expect(SceneFileKind(of: try make("folder.tendies", holding: "main.caml")) == .tendies)
        #expect(SceneFileKind(of: try make("folder.json", holding: "main.caml")) == .lottie)
    }

    /// `--bundle` picks from `.tendies` files and wallpaper folders only.
    @Test func onlyTendiesAndWallpaperFoldersHoldBundles() {
        let holding: [SceneFileKind] = [.wallpaperFolder, .lottie, .tendies, .bundle, .folder, .document].filter(\.holdsBundles)
        #expect(holding == [.wallpaperFolder, .tendies])
    }

    /// The output formats' extensions as `tessera convert` lists them.
    @Test func archiveFormatsInWords() {
        #expect(SceneFileFormat.extensionsInWords == ".caar, .caml or .ca")
    }

    private static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
