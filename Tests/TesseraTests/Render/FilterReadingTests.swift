import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// What each filter type reads from its inputs (LayerFilterChain+Reading.swift): the operations
/// of the filters added for Core Animation's alphaThreshold, colorMonochrome,
/// inputPremultipliedValues and vibrantColorMatrix, their defaults, and bad values.
@Suite struct FilterReadingTests {
    static func filter(_ type: String, _ inputs: [String: LayerFilterValue] = [:]) -> LayerFilter {
        LayerFilter(type: type, inputs: inputs)
    }

    static let invert: [Double] = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]

    /// SwiftUI's monochrome matrix: c′ = (1 − k) c + k · colour · (luma + bias), a′ = (1 − k + k · colour.a) a.
    @Test func monochromeFollowsSwiftUIsMatrix() throws {
        let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        let m = try LayerFilterChainTests.matrix([Self.filter("colorMonochrome", [
            "inputColor": .color(orange), "inputAmount": .number(0.75), "inputBias": .number(0.1),
        ])])
        let c = [0.9, 0.3, 0.2, 0.5]
        let luma = 0.2126 * 0.9 + 0.7152 * 0.3 + 0.0722 * 0.2
        let expected = [0.25 * 0.9 + 0.75 * 1 * (luma + 0.1), 0.25 * 0.3 + 0.75 * 0.5 * (luma + 0.1), 0.25 * 0.2,
                        (0.25 + 0.75 * 0.8) * 0.5]
        #expect(LayerFilterChainTests.close(LayerFilterChainTests.apply(m, c), expected))
        // Defaults: Core Image's colour (0.6, 0.45, 0.3), amount 1, bias 0; Core Image's
        // inputIntensity when inputAmount is absent.
        let plain = try LayerFilterChainTests.matrix([Self.filter("colorMonochrome")])
        #expect(LayerFilterChainTests.close(LayerFilterChainTests.apply(plain, [1, 1, 1, 1]), [0.6, 0.45, 0.3, 1]))
        let intensity = try LayerFilterChainTests.matrix([Self.filter("colorMonochrome", ["inputIntensity": .number(0)])])
        #expect(LayerFilterChainTests.close(LayerFilterChainTests.apply(intensity, c), c), "intensity 0 changes nothing")
        let nan = try LayerFilterChainTests.matrix([Self.filter("colorMonochrome", ["inputAmount": .number(.nan)])])
        #expect(nan == plain, "a NaN amount reads as the default")
    }

    @Test func premultipliedValuesChooseTheKernel() throws {
        let premultiplied = Self.filter("colorMatrix", ["inputColorMatrix": .numbers(Self.invert), "inputPremultipliedValues": .bool(true)])
        let chain = try #require(LayerFilterChain([premultiplied, premultiplied, Self.filter("colorInvert")]))
        guard case .premultipliedColorMatrix(let twice) = chain.operations.first else {
            Issue.record("\(chain.operations)")
            return
        }
        #expect(twice == .identity, "consecutive premultiplied matrices compose")
        #expect(chain.operations.last == .colorMatrix(.invert) && chain.operations.count == 2, "a straight one does not join them")
        #expect(chain.onlyColorMatrix == nil, "drawn apart: a group's colour filter is straight")
        let off = Self.filter("colorMatrix", ["inputColorMatrix": .numbers(Self.invert), "inputPremultipliedValues": .number(0)])
        #expect(LayerFilterChain([off])?.onlyColorMatrix != nil)
        let toAlpha = Self.filter("luminanceToAlpha", ["inputPremultipliedValues": .bool(true)])
        #expect(LayerFilterChain([toAlpha])?.operations == [.premultipliedColorMatrix(.luminanceToAlpha)])
    }

    @Test func alphaThresholdReadsAmountAndColor() {
        let blue = Color(red: 0, green: 0, blue: 1)
        #expect(LayerFilterChain([Self.filter("alphaThreshold")])?.operations == [.alphaThreshold(AlphaThreshold(amount: 0.5))])
        #expect(LayerFilterChain([Self.filter("alphaThreshold", ["inputAmount": .number(0.2), "inputColor": .color(blue)])])?
            .operations == [.alphaThreshold(AlphaThreshold(amount: 0.2, color: blue))])
        #expect(LayerFilterChain([Self.filter("alphaThreshold", ["inputAmount": .number(.infinity)])])?
            .operations == [.alphaThreshold(AlphaThreshold(amount: 0.5))], "a non-finite amount reads as the default")
    }

    /// In a layer's filters a vibrant matrix is drawn last only; behind a layer it is a colour matrix.
    @Test func vibrantMatrixIsLastOrNotDrawn() throws {
        let vibrant = Self.filter("vibrantColorMatrix", ["inputColorMatrix": .numbers(Self.invert), "inputBackdropAware": .bool(true)])
        let blur = Self.filter("gaussianBlur", ["inputRadius": .number(2)])
        let last = try #require(LayerFilterChain([blur, vibrant, Self.filter("sdrNormalize")]))
        #expect(last.vibrant == .invert && last.operations == [.gaussianBlur(sigma: 2, edges: .transparent)])
        #expect(LayerFilterChain([vibrant])?.operations == [])
        let early = try #require(LayerFilterChain([vibrant, blur]))
        #expect(early.vibrant == nil && early.operations.count == 1)
        #expect(LayerFilterChain.undrawn([vibrant, blur], on: .layer) == ["vibrantColorMatrix before other filters (Tessera draws it last only)"])
        #expect(LayerFilterChain([vibrant, Self.filter("colorInvert")], on: .behind)?.onlyColorMatrix == .identity,
                "behind: the vibrant matrix then the invert, composed")
        #expect(LayerFilterChain.undrawn([vibrant, blur], on: .behind).isEmpty)
    }

    /// A blur of radius 0 (or less, Core Image's minimum being 0) is drawn: as nothing to do.
    @Test func blursOfRadiusZeroAreDrawnAsNothing() {
        for radius in [0, -4, -Double.infinity] {
            let blur = Self.filter("gaussianBlur", ["inputRadius": .number(radius)])
            #expect(LayerFilterChain([blur]) == nil, "radius \(radius)")
            #expect(LayerFilterChain.undrawn([blur], on: .layer).isEmpty, "radius \(radius)")
        }
        #expect(LayerFilterChain([Self.filter("gaussianBlur", ["inputRadius": .number(.nan)])])?.operations
                == [.gaussianBlur(sigma: 10, edges: .transparent)], "NaN reads as the default 10")
        #expect(LayerFilterChain.undrawn([Self.filter("gaussianBlur", ["inputRadius": .number(.infinity)])], on: .layer)
                == ["gaussianBlur (inputRadius is infinite)"])
    }

    /// Malformed matrices and unknown types are not drawn, and say why.
    @Test func badInputsSayWhy() {
        let short = Self.filter("colorMatrix", ["inputColorMatrix": .numbers([1, 2])])
        var nan = Self.invert
        nan[3] = .nan
        let notFinite = Self.filter("vibrantColorMatrix", ["inputColorMatrix": .numbers(nan)])
        let missing = Self.filter("vibrantColorMatrix")
        let text = Self.filter("colorMatrix", ["inputColorMatrix": .string("1 0 0")])
        #expect(LayerFilterChain([short, notFinite, missing, text]) == nil)
        #expect(LayerFilterChain.undrawn([short, notFinite, missing, text, Self.filter("curves")], on: .layer) == [
            "colorMatrix (inputColorMatrix is not 20 finite numbers)",
            "vibrantColorMatrix (inputColorMatrix is not 20 finite numbers)",
            "vibrantColorMatrix (inputColorMatrix is not 20 finite numbers)",
            "colorMatrix (inputColorMatrix is not 20 finite numbers)",
            "curves",
        ])
    }
}
