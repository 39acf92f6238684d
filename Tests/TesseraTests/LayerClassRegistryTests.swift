import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

/// The layer-class registry (``LayerClass``, a row per ``LayerKind``) is what every format and
/// the presentation's copies read: each kind's row names its own class, under the Swift name
/// that is Core Animation's, and a layer of each class comes back as that class, with its kind,
/// from CAML, from an archive and from a presentation.
@Suite struct LayerClassRegistryTests {
    @Test(arguments: LayerKind.allCases)
    func theRowIsTheClassOfItsKind(_ kind: LayerKind) {
        let row = kind.layerClass
        #expect(row.kind == kind)
        #expect(row.type.kind == kind, "the class's own kind")
        #expect(row.type.init().properties.kind == kind)
        #expect(row.name == String(describing: row.type), "Core Animation's name, as the Swift class")
        #expect(LayerKind(className: row.name) == kind)
        #expect(row.superclass == (kind == .layer ? nil : .layer), "every class Tessera models subclasses CALayer")
    }

    /// A root layer holding one layer of `kind`'s class, named and sized.
    static func tree(holding kind: LayerKind) -> CALayer {
        let root = CALayer()
        root.name = "root"
        let layer = kind.layerClass.type.init()
        layer.name = "sample"
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.addSublayer(layer)
        return root
    }

    /// The sublayer of `archive`'s root, of exactly `kind`'s class, with its kind's properties.
    static func expectSample(in archive: SceneDocument, of kind: LayerKind, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(archive.skipped.isEmpty, "\(archive.skipped)", sourceLocation: sourceLocation)
        let layer = archive.rootLayer.sublayers?.first
        #expect(layer.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(kind.layerClass.type), sourceLocation: sourceLocation)
        #expect(layer?.properties.kind == kind && layer?.name == "sample" && layer?.bounds.width == 20, sourceLocation: sourceLocation)
    }

    @Test(arguments: LayerKind.allCases)
    func roundTripsThroughCAMLAsItsClass(_ kind: LayerKind) throws {
        let data = try SceneDocument(rootLayer: Self.tree(holding: kind)).camlData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<\(kind.layerClass.name) name=\"sample\""), "\(text)")
        Self.expectSample(in: try SceneDocument(camlData: data), of: kind)
    }

    @Test(arguments: LayerKind.allCases)
    func roundTripsThroughAnArchiveAsItsClass(_ kind: LayerKind) throws {
        let data = try SceneDocument(rootLayer: Self.tree(holding: kind)).archiveData()
        let entries = try KeyedArchive(data: data).topObject().dictionaryEntries()
        let sublayers = try #require(try entries.object(forKey: "rootLayer")?.object(forKey: "sublayers"))
        let object = try #require(try sublayers.array(forKey: "array")?.first?.objectValue)
        let superclasses = kind == .layer ? [] : ["CALayer"]
        #expect(object.classHierarchy == [kind.layerClass.name] + superclasses + ["NSObject"])
        Self.expectSample(in: try SceneDocument(archiveData: data), of: kind)
    }

    @Test(arguments: LayerKind.allCases)
    func presentsAsItsClass(_ kind: LayerKind) throws {
        let copy = try #require(Self.tree(holding: kind).presentation()?.sublayers?.first)
        #expect(ObjectIdentifier(type(of: copy)) == ObjectIdentifier(kind.layerClass.type))
        #expect(copy.properties.kind == kind)
    }

    /// An archived subclass Tessera does not model loads as the nearest class it does, and says so.
    @Test func anUnknownSubclassLoadsAsTheNearestModelledClass() throws {
        typealias Builder = ArchiveTests.Builder
        var b = Builder()
        let custom = ArchiveClass("MyGaugeLayer", superclasses: ["CAShapeLayer", "CALayer", "NSObject"])
        let gauge = try b.object(custom, [("name", .string("Gauge")), ("lineWidth", .real(3))])
        let root = try b.object(Builder.layer, [("name", .string("Root")), ("sublayers", try b.array([gauge]))])
        let archive = try SceneDocument(archiveData: try b.document(root))
        let loaded = try #require(archive.rootLayer.sublayers?.first as? CAShapeLayer)
        #expect(type(of: loaded) == CAShapeLayer.self && loaded.lineWidth == 3)
        #expect(archive.skipped == [
            SkippedFeature(layer: "Root/Gauge", className: "MyGaugeLayer", key: nil,
                                     reason: .approximated("loaded as CAShapeLayer")),
        ])
    }
}
