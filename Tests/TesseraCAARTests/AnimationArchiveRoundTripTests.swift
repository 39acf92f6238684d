import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Layer trees archived and loaded again: the same properties, animations and presentations.
    @Suite struct AnimationArchiveRoundTripTests {
        private func roundTrip(_ archive: SceneDocument) throws -> SceneDocument {
            try SceneDocument(archiveData: try archive.archiveData())
        }

        private static let times: [Double] = [0, 1e-6, 0.3, 0.6, 0.9, 1.3, 1.7, 2.2, 2.9, 4, 7.5, 30]

        @Test func treeBuiltInCode() throws {
            let tree = ArchiveTests.sampleTree()
            let archive = SceneDocument(rootLayer: tree, documentSize: CGSize(width: 320, height: 240), geometryFlipped: true)
            let loaded = try roundTrip(archive)
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            #expect(loaded.documentSize == CGSize(width: 320, height: 240))
            #expect(loaded.isGeometryFlipped)
            #expect(type(of: loaded.rootLayer.sublayers?[0] ?? CALayer()) == CAShapeLayer.self)
            #expect(type(of: loaded.rootLayer.sublayers?[1] ?? CALayer()) == CAReplicatorLayer.self)
            let expected = treeDescription(tree), actual = treeDescription(loaded.rootLayer)
            #expect(actual.count == expected.count)
            for (line, expectedLine) in zip(actual, expected) { #expect(line == expectedLine) }
            for t in Self.times {
                #expect(sameSnapshots(loaded.rootLayer.presentation(at: t), tree.presentation(at: t)), "at \(t)")
            }
            // Every animation was taken: none is reported in the layers' diagnostics.
            var layers = [loaded.rootLayer]
            while let layer = layers.popLast() {
                #expect(layer.diagnostics.isEmpty, "\(layer.name ?? "-"): \(layer.diagnostics)")
                layers += layer.sublayers ?? []
            }
        }

        /// Both real archives: loaded, written, loaded again, they hold the same trees and play the
        /// same way.
        @Test(arguments: ["Checkmark", "Emoji"])
        func fixtureRewritten(_ name: String) throws {
            let original = try fixtureArchive(name)
            let loaded = try roundTrip(original)
            #expect(loaded.documentSize == original.documentSize)
            #expect(loaded.isGeometryFlipped == original.isGeometryFlipped)
            #expect(loaded.skipped.isEmpty)
            #expect(treeDescription(loaded.rootLayer) == treeDescription(original.rootLayer))
            for t in Self.times {
                #expect(sameSnapshots(loaded.rootLayer.presentation(at: t), original.rootLayer.presentation(at: t)), "at \(t)")
            }
            // Written again, the archive is byte for byte the same: the writer is deterministic.
            #expect(try loaded.archiveData() == original.archiveData())
        }

        /// The file uses Apple's class names, keys and proxies, writes only what differs from the
        /// defaults, and lists it in `__CACodingContents`.
        @Test func writesCoreAnimationsFormat() throws {
            let root = CALayer()
            let shape = CAShapeLayer()
            shape.lineWidth = 2
            shape.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
            shape.strokeColor = CGColor(gray: 0.25, alpha: 1)
            shape.fillColor = nil
            root.addSublayer(shape)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.beginTime = 1e-6
            shape.add(fade, forKey: "fade")
            let bytes = try SceneDocument(rootLayer: root, documentSize: CGSize(width: 10, height: 20)).archiveData()

            let document = try KeyedArchive(data: bytes).topObject()
            #expect(document.className == "NSDictionary")
            let entries = try document.dictionaryEntries()
            #expect(entries.keys == ["rootLayer", "geometryFlipped", "documentWidth", "documentHeight"])
            #expect(try entries.bool(forKey: "geometryFlipped") == false && entries.double(forKey: "documentHeight") == 20)
            let rootObject = try #require(try entries.object(forKey: "rootLayer"))
            #expect(rootObject.classHierarchy == ["CALayer", "NSObject"])
            #expect(rootObject.keys.sorted() == ["__CACodingContents", "sublayers"], "a default layer writes only its sublayers")
            let sublayers = try #require(try rootObject.object(forKey: "sublayers"))
            #expect(sublayers.className == "LKNSArrayCodingProxy")
            let shapeObject = try #require(try sublayers.array(forKey: "array")?.first?.objectValue)
            #expect(shapeObject.classHierarchy == ["CAShapeLayer", "CALayer", "NSObject"])
            let contents = try #require(try shapeObject.array(forKey: "__CACodingContents")).compactMap(\.stringValue)
            #expect(contents == ["bounds", "fillColor", "lineWidth", "path", "strokeColor"])
            #expect(Set(shapeObject.keys) == Set(contents + ["__CACodingContents", "CALayerAnimations", "CALayerAnimationKeys"]))
            #expect(try shapeObject.value(forKey: "fillColor") == .null, "nil is written as $null")
            #expect(try shapeObject.double(forKey: "lineWidth") == 2)
            let bounds = try #require(try shapeObject.object(forKey: "bounds"))
            #expect(bounds.className == "LKNSValueCodingProxy")
            #expect(try bounds.int(forKey: "kind") == 2 && bounds.double(forKey: "height") == 20)
            let stroke = try #require(try shapeObject.object(forKey: "strokeColor"))
            #expect(stroke.className == "LKCGColorCodingProxy")
            #expect(try ["r", "g", "b", "a"].map { try stroke.double(forKey: $0) } == [0.25, 0.25, 0.25, 1], "gray is written as RGB")
            let segments = try #require(try shapeObject.object(forKey: "path")?.array(forKey: "LKCGPathSegments")).compactMap(\.objectValue)
            #expect(segments.map(\.className) == Array(repeating: "CACGPathCodingSegment", count: 5))
            #expect(try segments.map { try $0.int(forKey: "LKCGPathType") } == [0, 1, 1, 1, 4])
            #expect(try shapeObject.array(forKey: "CALayerAnimationKeys") == [.string("fade")])
            let animation = try #require(try shapeObject.array(forKey: "CALayerAnimations")?.first?.objectValue)
            #expect(animation.classHierarchy == ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"])
            #expect(try animation.array(forKey: "__CACodingContents")?.compactMap(\.stringValue) == ["beginTime", "keyPath", "toValue"])
            #expect(try animation.double(forKey: "toValue") == 0 && animation.string(forKey: "keyPath") == "opacity")
            // A valid property list for Foundation too.
            let plist = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
            #expect(plist?["$archiver"] as? String == "NSKeyedArchiver")
        }

        @Test func filesAreWrittenAndRead() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString).caar")
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = SceneDocument(rootLayer: ArchiveTests.sampleTree(), documentSize: CGSize(width: 1, height: 2))
            try archive.writeArchive(to: url)
            let loaded = try SceneDocument(contentsOf: url)
            #expect(treeDescription(loaded.rootLayer) == treeDescription(archive.rootLayer))
            #expect(loaded.documentSize == CGSize(width: 1, height: 2))

            let missing = url.appendingPathExtension("missing")
            #expect {
                try SceneDocument(contentsOf: missing)
            } throws: { error in
                guard case .unreadableFile(let failed, _)? = error as? SceneDocumentError else { return false }
                return failed == missing
            }
            let directory = URL(fileURLWithPath: "/nonexistent-tessera-dir/x.caar")
            #expect {
                try archive.writeArchive(to: directory)
            } throws: { error in
                guard case .unwritableFile? = error as? SceneDocumentError else { return false }
                return true
            }
        }

        /// The README's example, on the fixture.
        @Test func readmeExample() throws {
            let source = try TestFixtures.url("Checkmark", "caar")
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString).caar")
            defer { try? FileManager.default.removeItem(at: copy) }

            let archive = try SceneDocument(contentsOf: source)
            let checkmark = archive.rootLayer
            #expect(archive.skipped.isEmpty)
            try SceneDocument(rootLayer: checkmark, documentSize: archive.documentSize,
                              geometryFlipped: archive.isGeometryFlipped).writeArchive(to: copy)

            let reread = try SceneDocument(contentsOf: copy)
            #expect(reread.documentSize == CGSize(width: 400, height: 400) && reread.isGeometryFlipped)
            #expect(treeDescription(reread.rootLayer) == treeDescription(checkmark))
        }

        /// What the writer cannot archive is an error, not a silent loss.
        @Test func unencodableValuesAreErrors() {
            let root = CALayer()
            let strange = CABasicAnimation(keyPath: "opacity")
            strange.toValue = URL(fileURLWithPath: "/")
            strange.beginTime = 1
            root.add(strange, forKey: "strange")
            #expect(throws: SceneDocumentError.unencodableValue(reason: "a value of type URL")) {
                try SceneDocument(rootLayer: root).archiveData()
            }

            let parent = CALayer(), child = CALayer()
            child.name = "Child"
            parent.addSublayer(child)
            parent.mask = child
            #expect(throws: SceneDocumentError.unencodableValue(reason: "layer Child appears twice in the tree")) {
                try SceneDocument(rootLayer: parent).archiveData()
            }
        }
    }
}
