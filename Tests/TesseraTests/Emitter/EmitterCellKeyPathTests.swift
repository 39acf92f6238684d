import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// A cell's numbers through its emitter layer, `emitterCells.NAME.FIELD`, as Core Animation's
/// documentation marks them animatable (CAEmitterCell: birthRate "Animatable", …): animations,
/// key-value coding, nested cells, and CAML states.
@Suite struct EmitterCellKeyPathTests {
    /// An emitter with a cell "fire" that emits "smoke", clocked from 0.
    static func emitter() -> CAEmitterLayer {
        let layer = EmitterLayerTests.scene()
        layer.emitterCells?.first?.name = "fire"
        let smoke = CAEmitterCell()
        smoke.name = "smoke"
        smoke.velocity = 4
        let fire = layer.emitterCells
        fire?.first?.emitterCells = [smoke]
        layer.emitterCells = fire
        AnimationClock(time: 0).attach(layer)
        return layer
    }

    static func shownCells(_ layer: CALayer, at t: Double) throws -> [EmitterCellValues] {
        try #require(layer.presentation(at: t).properties.emitterCells)
    }

    @Test func aCellsBirthRateAnimatesThroughTheLayer() throws {
        let layer = Self.emitter()
        let ramp = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        ramp.fromValue = 0
        ramp.toValue = 100
        ramp.duration = 2
        ramp.beginTime = 1e-9
        layer.add(ramp, forKey: "ramp")
        #expect(layer.diagnostics.isEmpty, "\(layer.diagnostics)")
        #expect(abs(try Self.shownCells(layer, at: 0.5)[0].birthRate - 25) < 1e-3)
        #expect(abs(try Self.shownCells(layer, at: 1.5)[0].birthRate - 75) < 1e-3)
        #expect(layer.emitterCells?.first?.birthRate == 40 && layer.properties.emitterCells?.first?.birthRate == 40, "the model keeps its value")
        // Rates are those at t: the frame equals that of an emitter whose cell has that rate.
        let still = Self.emitter()
        let cells = still.emitterCells
        cells?.first?.birthRate = 75
        still.emitterCells = cells
        #expect(try EmitterLayerTests.render(layer, at: 1.5).bytes == EmitterLayerTests.render(still, at: 1.5).bytes)
    }

    @Test func nestedCellsAndAdditiveAnimationsOverTheModel() throws {
        let layer = Self.emitter()
        let push = CABasicAnimation(keyPath: "emitterCells.fire.emitterCells.smoke.velocity")
        push.fromValue = 0
        push.toValue = 6
        push.isAdditive = true
        push.duration = 1
        push.beginTime = 1e-9
        layer.add(push, forKey: "push")
        // Additive: the model's 4 plus half of 6, the same however often the frame is evaluated.
        for _ in 0..<3 {
            let v = try Self.shownCells(layer, at: 0.5)[0].emitterCells[0].velocity
            #expect(abs(v - 7) < 1e-6, "\(v)")
        }
    }

    @Test func keyValueCodingReachesTheCellObjects() throws {
        let layer = Self.emitter()
        layer.setValue(12, forKeyPath: "emitterCells.fire.emitterCells.smoke.velocity")
        layer.setValue(Float(0.5), forKeyPath: "emitterCells.fire.lifetime")
        #expect(layer.diagnostics.isEmpty, "\(layer.diagnostics)")
        let fire = try #require(layer.emitterCells?.first)
        #expect(fire.lifetime == 0.5 && fire.emitterCells?.first?.velocity == 12, "the objects changed")
        #expect(layer.properties.emitterCells?.first?.emitterCells.first?.velocity == 12, "and what the layer shows")
        #expect((layer.value(forKeyPath: "emitterCells.fire.lifetime") as? NSNumber)?.doubleValue == 0.5)
        // Setting the cells again keeps the values set through the layer.
        let cells = layer.emitterCells
        layer.emitterCells = cells
        #expect(layer.properties.emitterCells?.first?.lifetime == 0.5)
        // A cell no one has: nothing changes; a field that is not a number is no key path.
        let before = layer.properties.emitterCells
        layer.setValue(3, forKeyPath: "emitterCells.ice.birthRate")
        #expect(layer.properties.emitterCells == before)
        #expect(LayerKeyPath("emitterCells.fire.color") == nil && LayerKeyPath("emitterCells.fire") == nil)
        #expect(LayerKeyPath("emitterCells..birthRate") == nil && LayerKeyPath("emitterCells.fire.cells.x.birthRate") == nil)
    }

    /// A CAML state sets a cell's rate through the emitter, and the base state restores it.
    @Test func camlStatesSetACellsNumber() throws {
        let archive = try CAMLTests.load(CAMLTests.document("""
            <CAEmitterLayer id="#1">
              <emitterCells><CAEmitterCell name="flake" birthRate="30"/></emitterCells>
              <states><LKState name="calm"><elements>
                <LKStateSetValue targetId="#1" keyPath="emitterCells.flake.birthRate"><value type="real" value="2"/></LKStateSetValue>
              </elements></LKState></states>
            </CAEmitterLayer>
            """))
        #expect(archive.skipped.isEmpty, "\(archive.skipped)")
        let layer = try #require(archive.rootLayer as? CAEmitterLayer)
        try archive.states.setState("calm", at: 0, animated: false)
        #expect(layer.properties.emitterCells?.first?.birthRate == 2)
        try archive.states.setState(nil, at: 1, animated: false)
        #expect(layer.properties.emitterCells?.first?.birthRate == 30)
    }
}
