import Testing

@testable import TesseraCore

@Suite struct LayerIdentitySetTests {
    @Test func insertsEachLayerOnceThroughGrowth() {
        // 1,000 layers take the set through five doublings from its 64 slots.
        let layers = (0..<1000).map { _ in CALayer() }
        var set = LayerIdentitySet()
        let firstTimes = layers.map { set.insert($0) }
        let secondTimes = layers.reversed().map { set.insert($0) }
        let another = set.insert(CALayer())
        #expect(firstTimes.allSatisfy { $0 })
        #expect(secondTimes.allSatisfy { !$0 })
        #expect(another)
    }

    @Test func containsWhatWasInsertedOnly() {
        let layers = (0..<200).map { _ in CALayer() }
        var set = LayerIdentitySet()
        for layer in layers.prefix(100) { _ = set.insert(layer) }
        #expect(layers.prefix(100).allSatisfy { set.contains($0) })
        #expect(!layers.suffix(100).contains { set.contains($0) })
    }
}
