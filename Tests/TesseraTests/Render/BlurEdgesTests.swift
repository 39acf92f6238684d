import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// `inputHardEdges` and `inputNormalizeEdges`: against their formulas on a ramp, uniform images
/// staying uniform to the edge, the result cut to the region; on layers and backdrops.
@Suite struct BlurEdgesTests {
    /// Operations over a region of 40 × 30 target pixels at (0, 0), the layer unscaled.
    static let operations = FilterOperations(threadCount: 1, bounds: CGRect(x: 0, y: 0, width: 40, height: 30),
                                             matrix: CATransform3DIdentity,
                                             edgeRegion: Rect(x: 0, y: 0, width: 40, height: 30))

    /// Opaque grey `value(x)` in every row.
    static func pixels(_ value: (Int) -> UInt8) throws -> FilterOperations.Placed {
        let pixmap = try Pixmap(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { pixmap[x, y] = PremultipliedRGBA8(r: value(x), g: value(x), b: value(x), a: 255) }
        }
        return .init(pixmap: pixmap, x: 0, y: 0)
    }

    /// The Gaussian's weights at integer offsets, for the formulas.
    static func gaussian(_ j: Int, sigma: Double) -> Double { exp(-Double(j * j) / (2 * sigma * sigma)) }

    /// Exact inside; at the edges within the 8-bit blur's rounding divided by the weight (½ at
    /// a side, ¼ at a corner): 2 levels at a side, 3 at a corner.
    @Test func uniformImagesStayUniformToTheEdgeWithinTheRegion() throws {
        let grey = try Self.pixels { _ in 200 }
        for edges in [LayerFilterChain.BlurEdges.normalized, .hard] {
            let blurred = try #require(Self.operations.blurred(grey, sigma: 3, edges: edges))
            #expect(blurred.rect == Rect(x: 0, y: 0, width: 40, height: 30), "cut to the region: \(edges)")
            #expect(blurred.clip == Rect(x: 0, y: 0, width: 40, height: 30))
            for (x, y, tolerance) in [(20, 15, 0), (0, 15, 2), (20, 0, 2), (0, 0, 3), (39, 29, 3)] {
                let p = blurred.pixmap[x, y]
                #expect(abs(Int(p.r) - 200) <= tolerance && p.r == p.g && p.g == p.b && Int(p.a) >= 255 - tolerance,
                        "\(edges) at \(x), \(y): \(p)")
            }
        }
        // Transparent edges: the corner keeps the weight of the quarter plane inside, about
        // (Σⱼ≥₀ w(j) / Σⱼ w(j))² of its alpha, and the blur spreads past it.
        let faded = try #require(Self.operations.blurred(grey, sigma: 3, edges: .transparent))
        #expect(faded.clip == nil && faded.pixmap.width > 40)
        let half = (0...12).reduce(0) { $0 + Self.gaussian($1, sigma: 3) } / (-12...12).reduce(0) { $0 + Self.gaussian($1, sigma: 3) }
        let corner = faded.pixmap[-faded.x, -faded.y]
        #expect(abs(Double(corner.a) - 255 * half * half) <= 4, "\(corner) against \(255 * half * half)")
    }

    /// On a ramp v(x) = 8x, at the region's left edge: normalized edges average the region's
    /// pixels only, Σⱼ≥₀ w(j) v(j) / Σⱼ≥₀ w(j) (≈ 0.8 σ · 8); hard edges repeat v(0) = 0 to the
    /// left, Σⱼ≥₀ w(j) v(j) / Σⱼ w(j) (≈ 0.4 σ · 8). Away from the edges both are the ramp.
    @Test func normalizedAndHardEdgesFollowTheirFormulasOnARamp() throws {
        let sigma = 3.0
        let ramp = try Self.pixels { UInt8(8 * min($0, 31)) }
        let right = (0...12).map { Self.gaussian($0, sigma: sigma) }
        let weighted = right.enumerated().reduce(0) { $0 + $1.element * 8 * Double($1.offset) }
        let all = (-12...12).reduce(0) { $0 + Self.gaussian($1, sigma: sigma) }
        let expectedNormalized = weighted / right.reduce(0, +), expectedHard = weighted / all
        let normalized = try #require(Self.operations.blurred(ramp, sigma: sigma, edges: .normalized))
        let hard = try #require(Self.operations.blurred(ramp, sigma: sigma, edges: .hard))
        // Three boxes are within a few per cent of the Gaussian.
        #expect(abs(Double(normalized.pixmap[0, 15].r) - expectedNormalized) <= 1.5, "\(normalized.pixmap[0, 15])")
        #expect(abs(Double(hard.pixmap[0, 15].r) - expectedHard) <= 1.5, "\(hard.pixmap[0, 15])")
        #expect(normalized.pixmap[0, 15].a == 255 && hard.pixmap[0, 15].a == 255)
        for x in [12, 16, 20] {
            #expect(abs(Int(normalized.pixmap[x, 15].r) - 8 * x) <= 1 && abs(Int(hard.pixmap[x, 15].r) - 8 * x) <= 1)
        }
    }

    @Test func chainsReadTheEdgeInputs() {
        func edges(_ inputs: [String: LayerFilterValue]) -> LayerFilterChain.Operation? {
            LayerFilterChain([LayerFilter(type: "gaussianBlur", inputs: inputs.merging(["inputRadius": .number(2)]) { a, _ in a })])?
                .operations.first
        }
        #expect(edges([:]) == .gaussianBlur(sigma: 2, edges: .transparent))
        #expect(edges(["inputNormalizeEdges": .bool(true)]) == .gaussianBlur(sigma: 2, edges: .normalized))
        #expect(edges(["inputHardEdges": .number(1)]) == .gaussianBlur(sigma: 2, edges: .hard))
        #expect(edges(["inputHardEdges": .bool(true), "inputNormalizeEdges": .bool(true)]) == .gaussianBlur(sigma: 2, edges: .hard))
        #expect(edges(["inputNormalizeEdges": .bool(false), "inputQuality": .string("default")])
                == .gaussianBlur(sigma: 2, edges: .transparent))
    }

    /// A red layer blurred with hard edges stays solid red within its bounds and draws nothing
    /// outside them; with transparent edges it spreads past them.
    @Test func aLayerBlurredWithHardEdgesKeepsToItsBounds() throws {
        func render(hardEdges: Bool, threads: Int = 1) throws -> Pixmap {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(4, forKey: "inputRadius")
            blur.setValue(hardEdges, forKey: "inputHardEdges")
            layer.filters = [blur]
            root.addSublayer(layer)
            let pixmap = try Pixmap(width: 50, height: 50)
            LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
            return pixmap
        }
        let hard = try render(hardEdges: true), soft = try render(hardEdges: false)
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), clear = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        for (x, y) in [(10, 10), (29, 29), (10, 20), (20, 29)] { #expect(hard[x, y] == red, "\(x), \(y): \(hard[x, y])") }
        for (x, y) in [(9, 20), (30, 20), (20, 9), (20, 30)] { #expect(hard[x, y] == clear, "\(x), \(y): \(hard[x, y])") }
        #expect(soft[9, 20].a > 60 && soft[10, 10].a < 100)
        #expect(try render(hardEdges: true, threads: 2).bytes == hard.bytes)
    }

    /// A backdrop over the whole frame, black with a white line along its top edge (rows 0, 1),
    /// blurred σ = 3. Normalized edges: the top row is the mean of the frame's pixels only,
    /// 255 (w(0) + w(1)) / Σⱼ≥₀ w(j). Transparent edges: the blur fades there and the sharp line
    /// below shows through, brighter.
    @Test func aBackdropsNormalizedEdgesAreTheFrames() throws {
        func render(normalized: Bool, threads: Int = 1) throws -> Pixmap {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            let line = CALayer()
            line.frame = CGRect(x: 0, y: 0, width: 40, height: 2)
            line.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let backdrop = CABackdropLayer()
            backdrop.frame = root.bounds
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(3, forKey: "inputRadius")
            blur.setValue(normalized, forKey: "inputNormalizeEdges")
            backdrop.filters = [blur]
            root.addSublayer(line)
            root.addSublayer(backdrop)
            let pixmap = try Pixmap(width: 40, height: 40)
            LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
            return pixmap
        }
        let normalized = try render(normalized: true), faded = try render(normalized: false)
        let inside = (0...12).reduce(0) { $0 + Self.gaussian($1, sigma: 3) }
        let expected = 255 * (Self.gaussian(0, sigma: 3) + Self.gaussian(1, sigma: 3)) / inside
        // Three boxes are within a few per cent of the Gaussian (here 116 against 120).
        #expect(abs(Double(normalized[20, 0].r) - expected) <= 6, "\(normalized[20, 0]) against \(expected)")
        #expect(normalized[20, 0].a == 255)
        #expect(Int(faded[20, 0].r) > Int(normalized[20, 0].r) + 40, "\(faded[20, 0])")
        // Far from the edges the two are the same blur.
        #expect(normalized[20, 20] == faded[20, 20])
        #expect(try render(normalized: true, threads: 2).bytes == normalized.bytes)
    }
}
