import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension CAMLWriterTests {
    /// CAML and archives hold the same model: a tree goes from one format to the other and back
    /// with every value both can hold (archives hold no states; CAML no animation keys).
    @Suite struct CAMLWriterArchiveTests {
        private static let times: [Double] = [0, 1e-6, 0.3, 0.6, 0.9, 1.3, 1.7, 2.2, 2.9, 4, 7.5, 30]

        /// The archive tests' tree (every class of layer the archive writes, every animation
        /// kind, non-default properties of every type) as CAML and back: the same values, the
        /// same presentation at every time, every animation taken.
        @Test func treeBuiltInCode() throws {
            let tree = ArchiveTests.sampleTree()
            let (loaded, _) = try reread(SceneDocument(rootLayer: tree))
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            let expected = treeDescription(tree), actual = treeDescription(loaded.rootLayer)
            #expect(actual.count == expected.count)
            for (line, expectedLine) in zip(actual, expected) { #expect(line == expectedLine) }
            for t in Self.times {
                #expect(ArchiveTests.sameSnapshots(loaded.rootLayer.presentation(at: t), tree.presentation(at: t)), "at \(t)")
            }
            var layers = [loaded.rootLayer]
            while let layer = layers.popLast() {
                #expect(layer.diagnostics.isEmpty, "\(layer.name ?? "-"): \(layer.diagnostics)")
                layers += layer.sublayers ?? []
            }
        }

        /// The real archives, archive → CAML → archive: the same tree, and the archive written
        /// from it holds the same tree as the original's (keys aside); rendered the same.
        @Test(arguments: ["Checkmark", "Emoji"])
        func archiveToCAMLToArchive(_ name: String) throws {
            let original = try ArchiveTests.fixtureArchive(name)
            let (caml, _) = try reread(original)
            #expect(caml.skipped.isEmpty, "\(caml.skipped)")
            let archived = try SceneDocument(archiveData: try caml.archiveData())
            for archive in [caml, archived] { expectSameTrees(archive, original) }
            let size = original.documentSize
            for archive in [original, archived] { archive.rootLayerForDisplay() }
            for t in [0, 0.25, 0.5, 1, 2] {
                #expect(try render(archived.rootLayer, at: t, size: size) == render(original.rootLayer, at: t, size: size), "at \(t)")
            }
        }

        /// Apple's CAML files, CAML → archive → CAML: the same text as the tree's own CAML (without
        /// the states, which archives do not hold).
        @Test(arguments: ["Bluetooth", "Brightness"])
        func camlToArchiveToCAML(_ name: String) throws {
            let original = try CAMLTests.fixtureArchive(name)
            let archived = try SceneDocument(archiveData: try original.archiveData())
            #expect(archived.skipped.isEmpty, "\(archived.skipped)")
            let direct = try SceneDocument(rootLayer: original.rootLayer).camlData()
            #expect(String(decoding: try archived.camlData(), as: UTF8.self) == String(decoding: direct, as: UTF8.self))
        }
    }
}
