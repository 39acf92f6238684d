import Testing

@testable import TesseraCore

@Suite struct LayerIdentitySetTests {
    @Test func insertsEachLayerOnceThroughGrowth() {
        // 1,000 layers take the set through five doublings from its 64 slots.
        let layers = (0..<1000).map { _ in CALayer() }
        var set = LayerIdentitySet()
        for layer in layers { #expect(set.insert(layer)) }
        for layer in layers.reversed() { #expect(!set.insert(layer)) }
        #expect(set.insert(CALayer()))
    }
}
