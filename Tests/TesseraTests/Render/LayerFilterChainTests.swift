import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// The colour filters' matrices against Core Image's formulas, and how filters chain.
@Suite struct LayerFilterChainTests {
    typealias Matrix = ColorMatrix

    static func filter(_ type: String, _ inputs: [String: LayerFilterValue] = [:]) -> LayerFilter {
        LayerFilter(type: type, inputs: inputs)
    }

    /// The matrix applied to straight (r, g, b, a).
    static func apply(_ m: Matrix, _ c: [Double]) -> [Double] {
        let v = SIMD4(c[0], c[1], c[2], c[3])
        return [(m.red * v).sum(), (m.green * v).sum(), (m.blue * v).sum(), (m.alpha * v).sum()].enumerated()
            .map { $1 + m.bias[$0] }
    }

    static func matrix(_ filters: [LayerFilter]) throws -> Matrix {
        let chain = try #require(LayerFilterChain(filters))
        guard chain.operations.count == 1, case .colorMatrix(let m) = chain.operations[0] else {
            Issue.record("not one matrix: \(chain.operations)")
            return .identity
        }
        return m
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 1e-12 } }

    @Test func colourControlsFollowCoreImage() throws {
        let c = [0.9, 0.3, 0.2, 0.8]
        let luma = 0.2126 * 0.9 + 0.7152 * 0.3 + 0.0722 * 0.2   // Rec. 709
        let saturate = try Self.matrix([Self.filter("colorSaturate", ["inputAmount": .number(0.25)])])
        #expect(Self.close(Self.apply(saturate, c), c.prefix(3).map { luma + 0.25 * ($0 - luma) } + [0.8]))
        let grey = try Self.matrix([Self.filter("colorSaturate", ["inputAmount": .number(0)])])
        #expect(Self.close(Self.apply(grey, [1, 0, 0, 1]), [0.2126, 0.2126, 0.2126, 1]))
        let brighter = try Self.matrix([Self.filter("colorBrightness", ["inputAmount": .number(-0.3)])])
        #expect(Self.close(Self.apply(brighter, c), [0.6, 0.0, -0.1, 0.8]))
        let contrast = try Self.matrix([Self.filter("colorContrast", ["inputAmount": .number(1.5)])])
        #expect(Self.close(Self.apply(contrast, c), c.prefix(3).map { ($0 - 0.5) * 1.5 + 0.5 } + [0.8]))
        let invert = try Self.matrix([Self.filter("colorInvert")])
        #expect(Self.close(Self.apply(invert, c), [0.1, 0.7, 0.8, 0.8]))
        let toAlpha = try Self.matrix([Self.filter("luminanceToAlpha")])
        #expect(Self.close(Self.apply(toAlpha, c), [0, 0, 0, luma]))
        let values = (0..<20).map { Double($0) / 10 }
        let custom = try Self.matrix([Self.filter("colorMatrix", ["inputColorMatrix": .numbers(values)])])
        #expect(Self.close(Self.apply(custom, [1, 0, 0, 0]), [0.4, 1.4, 2.4, 3.4]), "each row's first weight plus its bias")
    }

    /// Matrices compose in order (brightness then invert is not invert then brightness); blurs
    /// stay steps of their own; disabled, unknown and no-op filters drop out.
    @Test func filtersChainInOrder() throws {
        let up = Self.filter("colorBrightness", ["inputAmount": .number(0.2)])
        let invert = Self.filter("colorInvert")
        let c = [0.5, 0.5, 0.5, 1.0]
        #expect(Self.close(Self.apply(try Self.matrix([up, invert]), c), [0.3, 0.3, 0.3, 1]))
        #expect(Self.close(Self.apply(try Self.matrix([invert, up]), c), [0.7, 0.7, 0.7, 1]))
        var disabled = invert
        disabled.isEnabled = false
        let chain = try #require(LayerFilterChain([up, Self.filter("gaussianBlur", ["inputRadius": .number(6)]), disabled,
                                                   Self.filter("sdrNormalize"), Self.filter("vibrantDark"), invert]))
        #expect(chain.operations.count == 3)
        #expect(chain.operations[1] == .gaussianBlur(sigma: 6, edges: .transparent))
        #expect(LayerFilterChain([Self.filter("sdrNormalize"), disabled, Self.filter("vibrantDark")]) == nil)
        #expect(LayerFilterChain([Self.filter("colorMatrix", ["inputColorMatrix": .numbers([1, 2])])]) == nil,
                "a matrix of the wrong size draws nothing")
        #expect(LayerFilterChain.undrawn([Self.filter("vibrantDark"), Self.filter("sdrNormalize"), disabled], on: .layer)
                == ["vibrantDark"])
    }
}
