import Testing
@testable import Tessera
@testable import TesseraCore

/// What ``SpareProperties`` keeps of freed trees: a few small buffers, one large one.
struct SparePropertiesTests {
    static func buffer(_ count: Int) -> EvaluatedProperties {
        let buffer = EvaluatedProperties.allocate(count: count)
        buffer.properties.initialize(repeating: LayerProperties(kind: .layer))
        return buffer
    }

    @Test func keepsAFewSmallBuffersAndOneLargeOne() throws {
        let small = SpareProperties()
        for _ in 0..<SpareProperties.capacity { #expect(small.keep(Self.buffer(3))) }
        let extra = Self.buffer(3)
        #expect(!small.keep(extra))   // full: the caller frees it
        extra.free()
        #expect(small.take(count: 4) == nil)   // only a buffer of the same size is given back
        let taken = try #require(small.take(count: 3))
        #expect(taken.count == 3 && taken.properties[0].kind == .layer)
        taken.free()

        let large = SpareProperties()
        #expect(large.keep(Self.buffer(SpareProperties.propertyLimit + 1)))   // a first buffer of any size
        let second = Self.buffer(2)
        #expect(!large.keep(second))   // past the limit in all
        second.free()
    }
}
