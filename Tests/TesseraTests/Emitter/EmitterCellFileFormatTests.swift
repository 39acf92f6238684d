import Foundation
import Testing
@testable import Tessera
@testable import TesseraCAAR
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// Emitter cells in both file formats, through the one table of their properties
/// (``CodedProperties/emitterCell``): written and read back with every property, nested cells
/// and images; read from CAML; malformed cell lists as typed errors.
@Suite struct EmitterCellFileFormatTests {
    typealias Builder = ArchiveTests.Builder

    /// A cell whose every property differs from a new cell's, with a nested cell.
    static func everyPropertyCell() -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.isEnabled = false
        cell.beginTime = 0.5
        cell.duration = 3
        cell.birthRate = 12
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.emissionLatitude = 0.1
        cell.emissionLongitude = 1.2
        cell.emissionRange = 0.3
        cell.velocity = 40
        cell.velocityRange = 4
        cell.xAcceleration = 1
        cell.yAcceleration = 9.8
        cell.zAcceleration = -2
        cell.scale = 0.5
        cell.scaleRange = 0.1
        cell.scaleSpeed = -0.2
        cell.spin = 2
        cell.spinRange = 0.7
        cell.color = CGColor(srgbRed: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        cell.redRange = 0.1
        cell.greenRange = 0.2
        cell.blueRange = 0.3
        cell.alphaRange = 0.4
        cell.redSpeed = -0.1
        cell.greenSpeed = -0.2
        cell.blueSpeed = 0.3
        cell.alphaSpeed = -0.5
        cell.contents = EmitterLayerTests.sprite
        cell.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        cell.contentsScale = 2
        cell.minificationFilter = .nearest
        cell.magnificationFilter = .trilinear
        let child = CAEmitterCell()
        child.name = "ember"
        child.birthRate = 3
        child.lifetime = 0.25
        cell.emitterCells = [child]
        return cell
    }

    /// A cell's values without its image, which a file holds as a copy (compared by pixels).
    static func withoutImages(_ values: EmitterCellValues) -> EmitterCellValues {
        var v = values
        v.contents = .none
        v.emitterCells = v.emitterCells.map(withoutImages)
        return v
    }

    static func pixels(_ image: CGImage?) -> [UInt8]? {
        guard let image else { return nil }
        return (0..<image.height).flatMap { y in (0..<image.width).flatMap { x in
            let p = image.rasterImage[x, y]
            return [p.r, p.g, p.b, p.a]
        } }
    }

    @Test func theTableCoversEveryPropertyOfTheCell() throws {
        // Each row of the cell above differs from a new cell's: the writer writes it.
        var writer = ArchiveValueWriter()
        let cell = Self.everyPropertyCell(), defaults = CAEmitterCell()
        for row in ArchivedProperty.tables.emitterCell.all {
            #expect(try row.encode(cell, defaults, &writer) != nil, "\(row.key)")
        }
    }

    @Test func archivesKeepEveryCellPropertyAndNestedCells() throws {
        let layer = CAEmitterLayer()
        layer.seed = 7
        layer.emitterCells = [Self.everyPropertyCell()]
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        let emitter = try #require(loaded.rootLayer as? CAEmitterLayer)
        let original = try #require(layer.properties.emitterCells), read = try #require(emitter.properties.emitterCells)
        #expect(read.map(Self.withoutImages) == original.map(Self.withoutImages))
        #expect(Self.pixels(read.first?.contents.image) == Self.pixels(EmitterLayerTests.sprite))
        #expect(emitter.emitterCells?.first?.emitterCells?.first?.name == "ember")
    }

    /// The sprite is premultiplied white, which PNG's straight alpha holds exactly: the archived
    /// scene draws the same bytes.
    @Test func anArchivedEmitterDrawsTheSameParticles() throws {
        let scene = EmitterLayerTests.scene()
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: scene).archiveData())
        let expected = try EmitterLayerTests.render(scene, at: 1.25)
        #expect(expected.bytes.contains { $0 != 0 })
        #expect(try EmitterLayerTests.render(loaded.rootLayer, at: 1.25).bytes == expected.bytes)
    }

    /// Written as a CAML bundle (the image in its assets) and read back: every property, the
    /// nested cell and the image's pixels; the emitter's scale too.
    @Test func camlBundlesKeepEveryCellProperty() throws {
        let layer = CAEmitterLayer()
        layer.scale = 0.5
        layer.emitterCells = [Self.everyPropertyCell()]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cells-\(UUID().uuidString).ca")
        defer { try? FileManager.default.removeItem(at: folder) }
        try SceneDocument(rootLayer: layer).writeCAMLBundle(to: folder)
        let loaded = try SceneDocument(contentsOf: folder)
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        let emitter = try #require(loaded.rootLayer as? CAEmitterLayer)
        #expect(emitter.scale == 0.5)
        let original = try #require(layer.properties.emitterCells), read = try #require(emitter.properties.emitterCells)
        #expect(read.map(Self.withoutImages) == original.map(Self.withoutImages))
        #expect(Self.pixels(read.first?.contents.image) == Self.pixels(EmitterLayerTests.sprite))
        // Written again, the same text.
        let again = folder.deletingLastPathComponent().appendingPathComponent("again-\(UUID().uuidString).ca")
        defer { try? FileManager.default.removeItem(at: again) }
        try loaded.writeCAMLBundle(to: again)
        let text = { (url: URL) in try Data(contentsOf: url.appendingPathComponent("main.caml")) }
        #expect(try text(again) == (try text(folder)))
    }

    @Test func camlCellsReadWithTheirImagesAndNestedCells() throws {
        let bundle = try CAMLTests.temporaryFolder(["assets/dots.png": try CAMLTests.png()])
        defer { try? FileManager.default.removeItem(at: bundle) }
        let text = CAMLTests.document("""
            <CAEmitterLayer bounds="0 0 64 64" emitterPosition="32 32" seed="5">
              <emitterCells>
                <CAEmitterCell name="spark" birthRate="40" lifetime="1.5" velocity="20" emissionRange="3.14159"
                    scale="0.75" alphaSpeed="-0.4" enabled="1" contentsScale="2">
                  <color value="1 0.6 0.2" opacity="0.5"/>
                  <contents type="CGImage" src="assets/dots.png"/>
                  <emitterCells><CAEmitterCell name="ember" birthRate="3" lifetime="0.25"/></emitterCells>
                </CAEmitterCell>
              </emitterCells>
            </CAEmitterLayer>
            """)
        let archive = try CAMLTests.load(text, bundle: bundle)
        #expect(archive.skipped.isEmpty, "\(archive.skipped)")
        let emitter = try #require(archive.rootLayer as? CAEmitterLayer)
        let cell = try #require(emitter.emitterCells?.first)
        #expect(cell.name == "spark" && cell.birthRate == 40 && cell.lifetime == 1.5 && cell.velocity == 20)
        #expect(cell.emissionRange == 3.14159 && cell.scale == 0.75 && cell.alphaSpeed == -0.4 && cell.contentsScale == 2)
        #expect(cell.color?.components == [1, 0.6, 0.2, 0.5])
        #expect((cell.contents as? CGImage)?.width == 2)
        #expect(cell.emitterCells?.map(\.name) == ["ember"] && cell.emitterCells?.first?.lifetime == 0.25)
        #expect(emitter.properties.emitterCells?.first?.emitterCells.first?.birthRate == 3, "the layer holds the nested cell")
    }

    @Test func camlReportsWhatACellListCannotHold() throws {
        let text = CAMLTests.document("""
            <CALayer>
              <sublayers>
                <CAEmitterLayer name="E"><emitterCells>
                  <CAEmitterCell birthRate="two" sparkle="1"/>
                  <CALayer/>
                </emitterCells></CAEmitterLayer>
              </sublayers>
              <emitterCells><CAEmitterCell/></emitterCells>
            </CALayer>
            """)
        let archive = try CAMLTests.load(text)
        let emitter = try #require(archive.rootLayer.sublayers?.first as? CAEmitterLayer)
        #expect(emitter.emitterCells?.count == 1 && emitter.emitterCells?.first?.birthRate == 0)
        let keys = archive.skipped.map { "\($0.layer) \($0.key ?? "-")" }
        #expect(keys == ["<CALayer root>/E emitterCells[0].birthRate", "<CALayer root>/E emitterCells[0].sparkle",
                         "<CALayer root>/E emitterCells[1]", "<CALayer root> emitterCells"], "\(archive.skipped)")
    }

    // MARK: Malformed archives

    private static func malformedReason(_ data: Data) -> String? {
        do {
            _ = try SceneDocument(archiveData: data)
            return nil
        } catch {
            guard case .malformedObjectGraph(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    static let cellClass = ArchiveClass("CAEmitterCell")
    static let emitterClass = ArchiveClass("CAEmitterLayer", superclasses: ["CALayer", "NSObject"])

    @Test func aCellThatContainsItselfIsMalformed() throws {
        var b = Builder()
        let cell = b.writer.reserveObject()
        try b.writer.setObject(cell, class: Self.cellClass, fields: [("emitterCells", try b.array([.reference(cell)]))])
        let data = try b.document(try b.object(Self.emitterClass, [("name", .string("E")), ("emitterCells", try b.array([.reference(cell)]))]))
        #expect(Self.malformedReason(data) == "E: emitterCells[0].emitterCells[0] is one of its own ancestors: the emitter cells have a cycle")
    }

    @Test func aLayerWhereACellBelongsIsMalformed() throws {
        var b = Builder()
        let layer = try b.object(Builder.layer, [])
        let data = try b.document(try b.object(Self.emitterClass, [("name", .string("E")), ("emitterCells", try b.array([layer]))]))
        #expect(Self.malformedReason(data) == "E: emitterCells[0] is an object of class CALayer, not an emitter cell")
    }

    /// One cell object in two lists is read in each; unknown keys and values are reported, and
    /// cells on a layer that is not an emitter are a key it does not have.
    @Test func sharedCellsAndUnknownKeys() throws {
        var b = Builder()
        let cell = try b.object(Self.cellClass, [("birthRate", .real(5)), ("style", .integer(1)), ("minificationFilter", .string("blurry"))])
        let parent = try b.object(Self.cellClass, [("emitterCells", try b.array([cell]))])
        let emitter = try b.object(Self.emitterClass, [("name", .string("E")), ("emitterCells", try b.array([cell, parent]))])
        let data = try b.document(try b.object(Builder.layer, [
            ("name", .string("Root")), ("sublayers", try b.array([emitter])), ("emitterCells", try b.array([cell])),
        ]))
        let archive = try SceneDocument(archiveData: data)
        let read = try #require(archive.rootLayer.sublayers?.first as? CAEmitterLayer)
        #expect(read.emitterCells?.map(\.birthRate) == [5, 0])
        #expect(read.emitterCells?.last?.emitterCells?.first?.birthRate == 5)
        #expect(archive.skipped.map { "\($0.layer) \($0.key ?? "-")" } == [
            "Root emitterCells",
            "Root/E emitterCells[0].style", "Root/E emitterCells[0].minificationFilter",
            "Root/E emitterCells[1].emitterCells[0].style", "Root/E emitterCells[1].emitterCells[0].minificationFilter",
        ])
    }
}
