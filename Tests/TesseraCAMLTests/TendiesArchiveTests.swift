import Foundation
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore
import ZIPFoundation

/// `.tendies` files: bundles listed and extracted; hostile zips (paths escaping the bundle,
/// symbolic links, zip bombs, too many entries, not a zip) refused with a clear error, nothing
/// written outside the target folder.
@Suite struct TendiesArchiveTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tendies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A zip at `url` with `files` (path → bytes), deflated.
    static func zip(_ files: [(String, Data)], at url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    static let caml = Data("<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\"><CALayer bounds=\"0 0 4 4\"/></caml>".utf8)

    @Test func bundlesAreListedAndExtracted() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("pack.tendies")
        try Self.zip([("descriptors/a/Glyph.ca/main.caml", Self.caml), ("descriptors/a/Glyph.ca/assets/x.png", Data([1, 2, 3])),
                      ("Background.ca/main.caml", Self.caml), ("readme.txt", Data("hi".utf8))], at: file)
        let tendies = try TendiesArchive(contentsOf: file)
        #expect(tendies.bundles == ["Background.ca", "descriptors/a/Glyph.ca"])
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let glyph = try tendies.extract(bundle: "Glyph.ca", to: out)
        #expect(glyph.lastPathComponent == "Glyph.ca")
        #expect(try Data(contentsOf: glyph.appendingPathComponent("main.caml")) == Self.caml)
        #expect(try Data(contentsOf: glyph.appendingPathComponent("assets/x.png")) == Data([1, 2, 3]))
        #expect(throws: TendiesError.noSuchBundle("Missing.ca", available: ["Background", "Glyph"])) {
            try tendies.extract(bundle: "Missing.ca", to: out)
        }
    }

    /// A bundle is named by its path, its folder's name, or any part of its path that no other
    /// holds (ignoring case); macOS's resource forks are neither bundles nor files.
    @Test func bundlesAreNamedByAnyUniquePartOfTheirPath() throws {
        let file = try Self.folder().appendingPathComponent("pack.tendies")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Self.zip([("w/7400.X_Background-390w-844h@3x~iphone.ca/main.caml", Self.caml),
                      ("w/7400.X_Floating-390w-844h@3x~iphone.ca/main.caml", Self.caml),
                      ("__MACOSX/w/Fork.ca/main.caml", Self.caml), ("w/._Wallpaper.plist", Data([0]))], at: file)
        let tendies = try TendiesArchive(contentsOf: file)
        #expect(tendies.bundles == ["w/7400.X_Background-390w-844h@3x~iphone.ca", "w/7400.X_Floating-390w-844h@3x~iphone.ca"])
        #expect(tendies.files == tendies.bundles.map { $0 + "/main.caml" })
        #expect(try tendies.bundle(named: "floating") == tendies.bundles[1])
        #expect(tendies.shortNames == ["7400.X_Background-390w-844h@3x~iphone", "7400.X_Floating-390w-844h@3x~iphone"])
        #expect(throws: TendiesError.noSuchBundle("7400", available: tendies.shortNames)) { try tendies.bundle(named: "7400") }
        #expect(throws: TendiesError.noSuchBundle("Fork.ca", available: tendies.shortNames)) { try tendies.bundle(named: "Fork.ca") }
    }

    /// An entry whose path climbs out of the bundle is refused, and nothing lands outside.
    @Test func pathsEscapingTheBundleAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("evil.tendies")
        try Self.zip([("Glyph.ca/main.caml", Self.caml), ("Glyph.ca/../../escaped.txt", Data("x".utf8))], at: file)
        let tendies = try TendiesArchive(contentsOf: file)
        let out = try Self.folder().appendingPathComponent("inner")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        #expect(throws: TendiesError.unsafePath("Glyph.ca/../../escaped.txt")) { try tendies.extract(bundle: "Glyph.ca", to: out) }
        #expect(!FileManager.default.fileExists(atPath: out.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        #expect(TendiesArchive.safeComponents("/etc/passwd") == nil && TendiesArchive.safeComponents("a\\..\\b") == nil)
        #expect(TendiesArchive.safeComponents("a/./b") == nil && TendiesArchive.safeComponents("a/b.ca/c") == ["a", "b.ca", "c"])
    }

    /// 20 MB of zeros deflate to a few kilobytes; with a 1 MB limit the extraction stops there.
    @Test func zipBombsStopAtTheLimit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bomb.tendies")
        try Self.zip([("Glyph.ca/main.caml", Self.caml), ("Glyph.ca/assets/zeros.png", Data(count: 20 << 20))], at: file)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0 < 1 << 20)
        var limits = TendiesArchive.Limits()
        limits.entryBytes = 1 << 20
        let tendies = try TendiesArchive(contentsOf: file, limits: limits)
        #expect(throws: TendiesError.tooLarge("Glyph.ca/assets/zeros.png", limit: 1 << 20)) {
            try tendies.extract(bundle: "Glyph.ca", to: dir.appendingPathComponent("entry"))
        }
        limits = TendiesArchive.Limits()
        limits.bundleBytes = 2 << 20
        #expect(throws: TendiesError.tooLarge("Glyph.ca", limit: 2 << 20)) {
            try TendiesArchive(contentsOf: file, limits: limits).extract(bundle: "Glyph.ca", to: dir.appendingPathComponent("bundle"))
        }
    }

    @Test func otherFilesAreClearErrors() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("plain.tendies")
        try Data("not a zip".utf8).write(to: text)
        #expect { try TendiesArchive(contentsOf: text) } throws: { error in
            guard case TendiesError.unreadable = error else { return false }
            return true
        }
        let empty = dir.appendingPathComponent("none.tendies")
        try Self.zip([("readme.txt", Data("hi".utf8))], at: empty)
        #expect(throws: TendiesError.noBundle(empty)) { try TendiesArchive(contentsOf: empty) }
        let many = dir.appendingPathComponent("many.tendies")
        try Self.zip((0..<20).map { ("Glyph.ca/f\($0)", Data()) }, at: many)
        var limits = TendiesArchive.Limits()
        limits.entryCount = 10
        #expect(throws: TendiesError.tooManyEntries(many, limit: 10)) { try TendiesArchive(contentsOf: many, limits: limits) }
    }
}
