import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster
import ZIPFoundation

/// Image layers: embedded images, files beside the document, and images over the limits.
@Suite struct LottieImageTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A 2 × 2 opaque red PNG.
    static func redPNG() throws -> Data {
        let pixmap = try Pixmap(width: 2, height: 2)
        for y in 0..<2 { for x in 0..<2 { pixmap[x, y] = red } }
        return Data(try pixmap.pngData())
    }

    /// An image layer at (10, 20) showing asset `image` drawn 30 × 40.
    /// A new folder holding `anim.json`, whose image is `images/red.png` beside it.
    static func documentBesideItsImage() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.redPNG().write(to: folder.appendingPathComponent("images/red.png"))
        let file = folder.appendingPathComponent("anim.json")
        try Self.document(path: "red.png", folder: "images/").write(to: file)
        return (folder, file)
    }

    static func document(path: String, folder: String = "") -> Data {
        let layer: [String: Any] = [
            "ty": 2, "refId": "image", "ind": 1, "ip": 0, "op": 10, "st": 0,
            "ks": Lottie.transform(position: Lottie.value([10, 20])),
        ]
        return Lottie.document(layers: [layer], assets: [["id": "image", "w": 30, "h": 40, "u": folder, "p": path, "e": 1]])
    }

    @Test func embeddedImageFillsItsSize() throws {
        let data = Self.document(path: "data:image/png;base64," + (try Self.redPNG()).base64EncodedString())
        let pixmap = try Lottie.render(data)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (10..<40).contains($0) && (20..<60).contains($1) })
    }

    @Test func imageFileBesideTheDocument() throws {
        let (folder, file) = try Self.documentBesideItsImage()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = try LottieAnimation(contentsOf: file)
        let pixmap = try Pixmap(width: 100, height: 100)
        LayerRenderer(threadCount: 1).render(animation.rootLayer, at: 0, into: pixmap)
        #expect(pixmap[20, 30] == Self.red && animation.skipped.isEmpty)
        // From bytes alone there is no folder to look in; nor outside the document's folder.
        #expect(try LottieAnimation(data: Self.document(path: "red.png", folder: "images/")).skipped.count == 1)
        #expect(try LottieAnimation(contentsOf: file).skipped.isEmpty)
        let escaping = folder.appendingPathComponent("escaping.json")
        try Self.document(path: "../etc/passwd").write(to: escaping)
        #expect(try LottieAnimation(contentsOf: escaping).skipped.count == 1)
    }

    /// Read by its path (the command line's way, without a URL): the same animation, images
    /// beside it included, and the same errors as by its URL.
    @Test func fileReadByItsPathAsByItsURL() throws {
        let (folder, file) = try Self.documentBesideItsImage()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = try LottieAnimation(contentsOfFile: file.path)
        let pixmap = try Pixmap(width: 100, height: 100)
        LayerRenderer(threadCount: 1).render(animation.rootLayer, at: 0, into: pixmap)
        #expect(pixmap[20, 30] == Self.red && animation.skipped.isEmpty)
        #expect(animation.size == CGSize(width: 100, height: 100) && animation.duration == 1)
        for path in [folder.appendingPathComponent("missing.json").path, folder.path] {
            let byURL = #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: URL(fileURLWithPath: path)) }
            let byPath = #expect(throws: LottieError.self) { try LottieAnimation(contentsOfFile: path) }
            #expect(byURL.map { "\($0)" } == byPath.map { "\($0)" }, "\(path)")
        }
    }

    /// A PNG whose header claims 100,000 × 100,000 pixels is refused before it is decoded.
    @Test func hugeImageIsRefusedFromItsHeader() throws {
        var png = [UInt8](try Self.redPNG())
        for (offset, value) in [(16, 100_000), (20, 100_000)] {
            for i in 0..<4 { png[offset + i] = UInt8(value >> (24 - 8 * i) & 0xFF) }
        }
        let animation = try LottieAnimation(data: Self.document(path: "data:image/png;base64," + Data(png).base64EncodedString()))
        #expect(animation.skipped.count == 1)
        #expect("\(animation.skipped[0])".contains("over the limits"))
    }
}

/// dotLottie files: the manifest's animations, their images inside the zip, and zip bombs.
@Suite struct DotLottieTests {
    /// A `.lottie` zip with `files` (path → bytes).
    static func zip(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString).lottie")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    @Test func readsTheManifestsAnimationAndItsImage() throws {
        let manifest = Data(#"{"version": "1", "animations": [{"id": "first"}, {"id": "second"}]}"#.utf8)
        let url = try Self.zip([
            "manifest.json": manifest,
            "animations/first.json": LottieImageTests.document(path: "red.png", folder: "/images/"),
            "animations/second.json": Lottie.document(layers: []),
            "images/red.png": try LottieImageTests.redPNG(),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try LottieAnimation.animations(inDotLottieAt: url) == ["first", "second"])
        let animation = try LottieAnimation(contentsOf: url)
        #expect(animation.skipped.isEmpty)
        let pixmap = try Pixmap(width: 100, height: 100)
        LayerRenderer(threadCount: 1).render(animation.rootLayer, at: 0, into: pixmap)
        #expect(pixmap[20, 30] == LottieImageTests.red)
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url, animation: "third") }
    }

    /// The LottieFuzzer's input that hung ZIPFoundation 0.9.20's reader (Fixtures/zip-inflate-loop.lottie):
    /// its central directory gives `manifest.json` (78 bytes deflated) a compressed size of
    /// 4,244,570,190 bytes in a file of 1,975. ZIPFoundation inflated on past the entry and, at the
    /// file's end, spun on empty reads; checked against the file's size, the entry is refused
    /// before a byte is inflated.
    @Test func entryPastTheFilesEndIsAnError() throws {
        let url = try #require(Bundle.module.url(forResource: "zip-inflate-loop", withExtension: "lottie", subdirectory: "Fixtures"))
        let expected = LottieError.invalidDocument(path: "", reason: "truncated: the data of manifest.json goes past the end of the file")
        #expect(throws: expected) { try LottieAnimation(contentsOf: url) }
    }

    /// 65 MB of zeros, a few tens of kilobytes zipped: stopped at the 64 MB limit, not decompressed.
    @Test func zipBombStopsAtTheLimit() throws {
        let url = try Self.zip(["animations/bomb.json": Data(count: 65 << 20)])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try LottieAnimation(contentsOf: url)
        } throws: { error in
            guard case LottieError.limitExceeded = error else { return false }
            return true
        }
    }
}
