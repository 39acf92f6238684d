import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLWriterTests {
    /// Trees with images written as `.ca` bundles and as `.caml` files with their assets: the
    /// images come back with the same pixels, the tree draws the same, `index.xml` gives the
    /// document's size and flip.
    @Suite struct CAMLWriterBundleTests {
        /// A layer showing an image, a backdrop with a variable blur masked by an image, and a
        /// second layer sharing the first image.
        static func tree() throws -> CALayer {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let image = try TestImages.quadrants()
            let picture = CALayer()
            picture.frame = CGRect(x: 2, y: 2, width: 20, height: 20)
            picture.contents = image
            picture.magnificationFilter = .nearest
            let again = CALayer()
            again.frame = CGRect(x: 22, y: 2, width: 16, height: 16)
            again.contents = image
            let backdrop = CABackdropLayer()
            backdrop.frame = CGRect(x: 0, y: 15, width: 40, height: 15)
            backdrop.properties.filters = [LayerFilter(type: "variableBlur", inputs: [
                "inputRadius": .number(4), "inputMaskImage": .image(LayerContents(try TestImages.mask([0, 128, 255]))),
            ])]
            for layer in [picture, again, backdrop] { root.addSublayer(layer) }
            return root
        }

        static func pixels(_ image: CGImage?) -> [UInt8]? {
            guard let image else { return nil }
            var bytes: [UInt8] = []
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.rasterImage[x, y]
                    bytes += [p.r, p.g, p.b, p.a]
                }
            }
            return bytes
        }

        @Test func bundleKeepsImagesSizeAndFlip() throws {
            let folder = try CAMLTests.temporaryFolder().appendingPathComponent("Scene.ca")
            defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
            let tree = try Self.tree()
            let archive = SceneDocument(rootLayer: tree, documentSize: CGSize(width: 40, height: 30), geometryFlipped: true)
            try archive.writeCAMLBundle(to: folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
            // One file per image: the shared image once.
            #expect(files == ["assets", "assets/image-1.png", "assets/image-2.png", "index.xml", "main.caml"])
            let main = try String(contentsOf: folder.appendingPathComponent("main.caml"), encoding: .utf8)
            #expect(main.contains(#"<contents type="CGImage" src="assets/image-1.png"/>"#))
            #expect(main.contains(#"<inputMaskImage type="CGImage" src="assets/image-2.png"/>"#))

            let loaded = try SceneDocument(contentsOf: folder)
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            #expect(loaded.documentSize == CGSize(width: 40, height: 30))
            #expect(loaded.isGeometryFlipped)
            let layers = try #require(loaded.rootLayer.sublayers)
            #expect(Self.pixels(layers[0].properties.contents.image) == Self.pixels(tree.sublayers?[0].properties.contents.image))
            #expect(layers[0].properties.contents == layers[1].properties.contents)
            guard case .image(let mask)? = layers[2].properties.filters?.first?.inputs["inputMaskImage"],
                  case .image(let originalMask)? = tree.sublayers?[2].properties.filters?.first?.inputs["inputMaskImage"] else {
                Issue.record("the mask image was not read back")
                return
            }
            #expect(Self.pixels(mask.image) == Self.pixels(originalMask.image))
            for t in [0.0, 1] { #expect(try render(loaded.rootLayer, at: t) == render(tree, at: t)) }
        }

        /// A `.caml` file written alone puts its images in `assets/` beside it, where reading the
        /// file finds them.
        @Test func camlFileWritesItsAssetsBesideIt() throws {
            let folder = try CAMLTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let tree = try Self.tree()
            let url = folder.appendingPathComponent("scene.caml")
            try SceneDocument(rootLayer: tree).writeCAML(to: url)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets/image-1.png").path))
            let loaded = try SceneDocument(contentsOf: url)
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            #expect(try render(loaded.rootLayer, at: 0) == render(tree, at: 0))
        }

        /// `index.xml` is the property list the reader expects: `rootDocument` names `main.caml`.
        @Test func indexNamesTheDocument() throws {
            let folder = try CAMLTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try SceneDocument(rootLayer: CALayer()).writeCAMLBundle(to: folder)
            let index = try PropertyListSerialization.propertyList(from: Data(contentsOf: folder.appendingPathComponent("index.xml")), format: nil)
            let dictionary = try #require(index as? [String: Any])
            #expect(dictionary["rootDocument"] as? String == "main.caml")
            #expect((dictionary["geometryFlipped"] as? NSNumber)?.boolValue == false)
            #expect(dictionary["documentWidth"] == nil)
        }
    }
}
