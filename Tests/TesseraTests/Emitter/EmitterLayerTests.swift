import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// ``CAEmitterLayer`` drawn: seeking equals stepping, the same bytes at any thread count, render
/// modes, additive, tint, a golden image, animation of the layer's multipliers, archives.
@Suite struct EmitterLayerTests {
    /// A white disc of radius 4 on an 8 × 8 sprite, premultiplied, soft at its edge.
    static let sprite: CGImage = {
        var bytes: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let d = ((Double(x) - 3.5) * (Double(x) - 3.5) + (Double(y) - 3.5) * (Double(y) - 3.5)).squareRoot()
                let a = UInt8(max(0, min(1, 4 - d)) * 255)
                bytes += [a, a, a, a]
            }
        }
        return CGImage(try! Image(width: 8, height: 8, premultipliedRGBA: bytes))
    }()

    /// A 64 × 64 emitter of the sprite from its centre, in every direction.
    static func scene(renderMode: CAEmitterLayerRenderMode = .unordered, tinted: Bool = true) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.position = CGPoint(x: 32, y: 32)
        layer.emitterPosition = CGPoint(x: 32, y: 32)
        layer.renderMode = renderMode
        layer.seed = 3
        let cell = CAEmitterCell()
        cell.contents = sprite
        cell.birthRate = 40
        cell.lifetime = 1.5
        cell.lifetimeRange = 0.5
        cell.velocity = 20
        cell.velocityRange = 8
        cell.emissionRange = .pi
        cell.yAcceleration = 10
        cell.scale = 0.75
        cell.scaleRange = 0.25
        cell.spin = 1
        if tinted {
            cell.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
            cell.redRange = 0.2
            cell.blueRange = 0.2
        }
        cell.alphaSpeed = -0.4
        layer.emitterCells = [cell]
        return layer
    }

    static func render(_ root: CALayer, at t: CFTimeInterval, threads: Int = 1, renderer: LayerRenderer? = nil,
                       size: Int = 64) throws -> Pixmap {
        let pixmap = try Pixmap(width: size, height: size)
        (renderer ?? LayerRenderer(threadCount: threads)).render(root, at: t, into: pixmap)
        return pixmap
    }

    @Test func seekingEqualsSteppingThroughTheFramesBefore() throws {
        let root = Self.scene()
        let renderer = LayerRenderer(threadCount: 1)
        var stepped: Pixmap?
        for frame in 0...90 { stepped = try Self.render(root, at: Double(frame) / 60, renderer: renderer) }
        let sought = try Self.render(Self.scene(), at: 1.5)
        #expect(stepped?.bytes == sought.bytes)
        #expect(sought.bytes.contains { $0 != 0 }, "particles are drawn")
    }

    @Test func theSameBytesAtOneTwoAndFourThreads() throws {
        for mode in [CAEmitterLayerRenderMode.unordered, .additive, .oldestLast] {
            let root = Self.scene(renderMode: mode)
            let one = try Self.render(root, at: 2.25)
            for threads in [2, 4] {
                #expect(try Self.render(root, at: 2.25, threads: threads).bytes == one.bytes, "\(mode.rawValue), \(threads)")
            }
        }
    }

    @Test func renderModesOrderParticles() {
        func particle(birth: Double, z: Double) -> Particle {
            Particle(position: SIMD3(0, 0, z), birthTime: birth, scale: 1, angle: 0, color: SIMD4(1, 1, 1, 1), cell: 0)
        }
        let particles = [particle(birth: 2, z: 1), particle(birth: 1, z: 3), particle(birth: 3, z: -1)]
        #expect(EmitterDrawing.order(particles, .unordered) == [0, 1, 2])
        #expect(EmitterDrawing.order(particles, .oldestFirst) == [1, 0, 2])
        #expect(EmitterDrawing.order(particles, .oldestLast) == [2, 0, 1])
        #expect(EmitterDrawing.order(particles, .backToFront) == [2, 0, 1])
    }

    /// Two cells whose particles sit still on one point: red then blue. Unordered draws blue on
    /// top; additive adds them (magenta); oldestLast puts the older (red, born first) on top.
    @Test func orderAndAdditiveOnPixels() throws {
        func still(_ color: CGColor, begin: Double) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.contents = CGImage(try! Image(width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64)))
            cell.color = color
            cell.birthRate = 1
            cell.lifetime = 10
            cell.beginTime = begin
            cell.scale = 2
            return cell
        }
        let layer = CAEmitterLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        layer.position = CGPoint(x: 8, y: 8)
        layer.emitterPosition = CGPoint(x: 8, y: 8)
        layer.lifetime = 1
        layer.emitterCells = [still(CGColor(red: 1, green: 0, blue: 0, alpha: 1), begin: -0.5),
                              still(CGColor(red: 0, green: 0, blue: 1, alpha: 1), begin: 0)]
        // At 1.2: one red particle born at 0.5, one blue born at 1.
        func centre(_ mode: CAEmitterLayerRenderMode) throws -> PremultipliedRGBA8 {
            layer.renderMode = mode
            return try Self.render(layer, at: 1.2, size: 16)[8, 8]
        }
        #expect(try centre(.unordered) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(try centre(.oldestFirst) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(try centre(.oldestLast) == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(try centre(.additive) == PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255))
    }

    @Test func smallEmitterGolden() throws {
        goldenImages.expectMatch(try Self.render(Self.scene(), at: 2), named: "emitter-small")
    }

    /// The layer's birthRate is animatable (a key path of the table), and applies at once.
    @Test func animatedBirthRate() throws {
        let layer = Self.scene()
        let animation = CABasicAnimation(keyPath: "birthRate")
        animation.fromValue = 0
        animation.toValue = 2
        animation.duration = 4
        layer.add(animation, forKey: "rate")
        #expect(layer.diagnostics.isEmpty)
        let shown = layer.presentation(at: 2)
        #expect(shown.properties.birthRate == 1)
        let empty = try Self.render(layer, at: 0)
        #expect(!empty.bytes.contains { $0 != 0 })
    }

    @Test func archivesKeepTheLayersProperties() throws {
        let layer = CAEmitterLayer()
        layer.emitterShape = .sphere
        layer.emitterMode = .surface
        layer.renderMode = .additive
        layer.seed = 42
        layer.birthRate = 3
        layer.emitterSize = CGSize(width: 10, height: 4)
        layer.scale = 0.5
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        let emitter = try #require(loaded.rootLayer as? CAEmitterLayer)
        #expect(loaded.skipped.isEmpty)
        #expect(emitter.emitterShape == .sphere && emitter.emitterMode == .surface && emitter.renderMode == .additive)
        #expect(emitter.seed == 42 && emitter.birthRate == 3 && emitter.emitterSize == CGSize(width: 10, height: 4))
        #expect(emitter.scale == 0.5, "the emitter's scale, a row it shares with backdrops")
        let caml = try CAMLTests.load(CAMLTests.document(#"<CAEmitterLayer scale="0.25"/>"#))
        #expect(caml.skipped.isEmpty && (caml.rootLayer as? CAEmitterLayer)?.scale == 0.25)
    }

    @Test func presentationCopiesAnEmitter() {
        let layer = Self.scene()
        #expect(layer.presentation(at: 1).properties.emitterCells == layer.properties.emitterCells)
        #expect(CAEmitterLayer(layer: layer).emitterCells?.count == 1)
    }
}
