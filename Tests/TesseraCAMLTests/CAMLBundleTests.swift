import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// `.ca` bundles and `.caml` files read through `SceneDocument(contentsOf:)`: the document
    /// `index.xml` names, its size, images from `assets/` (PNG and JPEG), and bundles that try to
    /// leave their folder.
    @Suite struct CAMLBundleTests {
        static let main = CAMLTests.document("""
            <CALayer name="root" bounds="0 0 4 2" position="2 1">
              <sublayers>
                <CALayer name="png" bounds="0 0 2 1"><contents type="CGImage" src="assets/dots.png"/></CALayer>
                <CALayer name="jpeg" bounds="0 0 2 1"><contents type="CGImage" src="assets/quadrants.jpg"/></CALayer>
                <CALayer name="again" bounds="0 0 2 1"><contents type="CGImage" src="assets/dots.png"/></CALayer>
              </sublayers>
            </CALayer>
            """)

        static func index(_ entries: String) -> Data {
            Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \(entries)
                </dict>
                </plist>
                """.utf8)
        }

        static func jpeg() throws -> Data {
            let url = try TestFixtures.url("quadrants", "jpg")
            return try Data(contentsOf: url)
        }

        @Test func aBundleWithoutAnIndexReadsMainCAMLAndItsImages() throws {
            let bundle = try CAMLTests.temporaryFolder([
                "main.caml": Data(Self.main.utf8), "assets/dots.png": try CAMLTests.png(), "assets/quadrants.jpg": try Self.jpeg(),
            ])
            defer { try? FileManager.default.removeItem(at: bundle) }
            let archive = try SceneDocument(contentsOf: bundle)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            #expect(archive.documentSize == nil)
            let layers = try #require(archive.rootLayer.sublayers)
            let png = try #require(layers[0].properties.contents.image)
            #expect(png.width == 2 && png.height == 1)
            #expect(png.rasterImage[0, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
            #expect(png.rasterImage[1, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 128))
            let jpeg = try #require(layers[1].properties.contents.image)
            #expect(jpeg.width > 0 && jpeg.height > 0)
            // One file is one image: contents compare by identity.
            #expect(layers[2].properties.contents.image === png)
        }

        @Test func theIndexNamesTheDocumentAndItsSize() throws {
            let bundle = try CAMLTests.temporaryFolder([
                "index.xml": Self.index("""
                    <key>rootDocument</key><string>docs/glyph.caml</string>
                    <key>documentWidth</key><real>390</real><key>documentHeight</key><integer>844</integer>
                    <key>geometryFlipped</key><true/>
                    """),
                "docs/glyph.caml": Data(try CAMLTests.fixture("Bluetooth")),
            ])
            defer { try? FileManager.default.removeItem(at: bundle) }
            let archive = try SceneDocument(contentsOf: bundle)
            #expect(archive.rootLayer.name == "Root Layer")
            #expect(archive.documentSize == CGSize(width: 390, height: 844))
            #expect(archive.isGeometryFlipped)
            #expect(archive.states.names == ["off", "seeking", "on"])
        }

        @Test func bundlesThatLeaveTheirFolderAreRefused() throws {
            let outside = try CAMLTests.temporaryFolder(["elsewhere.caml": Data(Self.main.utf8)])
            defer { try? FileManager.default.removeItem(at: outside) }
            let cases: [(index: Data?, reason: String)] = [
                (Self.index("<key>rootDocument</key><string>../\(outside.lastPathComponent)/elsewhere.caml</string>"),
                 "is not a path inside the bundle"),
                (Self.index("<key>rootDocument</key><string>\(outside.path)/elsewhere.caml</string>"), "is not a path inside the bundle"),
                (Self.index("<key>rootDocument</key><string>link.caml</string>"), "leads outside the bundle"),
                (Self.index("<key>rootDocument</key><string>absent.caml</string>"), "cannot read its document \"absent.caml\""),
                (Data("<plist><array/></plist>".utf8), "index.xml is not a property list dictionary"),
                (Data("not a plist".utf8), "index.xml is not a property list dictionary"),
                (nil, "cannot read its document \"main.caml\""),
            ]
            // An index.xml that is a link to outside the bundle.
            let linked = try CAMLTests.temporaryFolder(["main.caml": Data(Self.main.utf8)])
            defer { try? FileManager.default.removeItem(at: linked) }
            try Self.index("<key>rootDocument</key><string>main.caml</string>").write(to: outside.appendingPathComponent("index.xml"))
            try FileManager.default.createSymbolicLink(at: linked.appendingPathComponent("index.xml"),
                                                       withDestinationURL: outside.appendingPathComponent("index.xml"))
            #expect(throws: SceneDocumentError.invalidBundle(linked, reason: "its index.xml leads outside the bundle")) {
                try SceneDocument(contentsOf: linked)
            }
            for (index, reason) in cases {
                let bundle = try CAMLTests.temporaryFolder(index.map { ["index.xml": $0] } ?? [:])
                defer { try? FileManager.default.removeItem(at: bundle) }
                try FileManager.default.createSymbolicLink(at: bundle.appendingPathComponent("link.caml"),
                                                           withDestinationURL: outside.appendingPathComponent("elsewhere.caml"))
                do {
                    _ = try SceneDocument(contentsOf: bundle)
                    Issue.record("\(reason): loaded")
                } catch {
                    guard case .invalidBundle(let url, let message) = error else {
                        Issue.record("\(reason): \(error)")
                        continue
                    }
                    #expect(url == bundle)
                    #expect(message.contains(reason), "\(message)")
                }
            }
        }

        /// `contentsOf:` tells CAML from archives by the extension or the bytes.
        @Test func filesAreToldApart() throws {
            let folder = try CAMLTests.temporaryFolder([
                "glyph.caml": Data(try CAMLTests.fixture("Brightness")),
                "glyph.xml": Data(try CAMLTests.fixture("Brightness")),
                "check.caar": Data(try ArchiveTests.fixtureBytes("Checkmark")),
                "broken.caml": Data("<caml><CALayer></caml>".utf8),
            ])
            defer { try? FileManager.default.removeItem(at: folder) }
            for name in ["glyph.caml", "glyph.xml"] {
                let archive = try SceneDocument(contentsOf: folder.appendingPathComponent(name))
                #expect(archive.rootLayer.name == "brightness" && archive.states.names.count == 4)
            }
            let archive = try SceneDocument(contentsOf: folder.appendingPathComponent("check.caar"))
            #expect(archive.documentSize == CGSize(width: 400, height: 400) && archive.states.names.isEmpty)
            #expect(throws: SceneDocumentError.malformedCAML(DocumentLocation(line: 1, column: 16),
                                                                reason: "end tag '</caml>' does not match the open element '<CALayer>'")) {
                try SceneDocument(contentsOf: folder.appendingPathComponent("broken.caml"))
            }
        }
    }
}
