import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// Filters as the model, archives and renderer take them: CAFilter's key-value inputs, layers
/// keeping copies, archives round-tripping every kind of input and both forms of
/// compositingFilter, filters not drawn reported, and compositing-filter blend modes drawn.
@Suite struct LayerFilterTests {
    static func image() throws -> CGImage {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
        return try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                    provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    @Test func filtersTakeInputsByKeyAndLayersKeepCopies() throws {
        let blur = CAFilter(type: "gaussianBlur")
        #expect(blur.name == "gaussianBlur" && blur.isEnabled)
        blur.name = "gaussianBlur-58DDF83E"
        blur.setValue(30, forKey: "inputRadius")
        blur.setValue(true, forKey: "inputNormalizeEdges")
        blur.setValue("default", forKey: "inputQuality")
        #expect((blur.value(forKey: "inputRadius") as? NSNumber)?.doubleValue == 30)
        #expect(blur.value(forKey: "inputQuality") as? String == "default")
        #expect(blur.value(forKey: "name") as? String == "gaussianBlur-58DDF83E")
        let layer = CALayer()
        layer.filters = [blur, "not a filter"]
        blur.setValue(2, forKey: "inputRadius")   // after assignment: the layer keeps its copy
        let kept = try #require(layer.filters?.first as? CAFilter)
        #expect(layer.filters?.count == 1)
        #expect((kept.value(forKey: "inputRadius") as? NSNumber)?.doubleValue == 30)
        #expect(layer.properties.filters?.first?.number("inputNormalizeEdges") == 1)
        blur.setValue(nil, forKey: "inputRadius")
        #expect(blur.value(forKey: "inputRadius") == nil)
    }

    @Test func archivesRoundTripFiltersAndReportWhatIsNotDrawn() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let blur = CAFilter(type: "variableBlur")
        blur.setValue(6, forKey: "inputRadius")
        blur.setValue(try Self.image(), forKey: "inputMaskImage")
        blur.setValue(false, forKey: "inputNormalizeEdges")
        let matrix = CAFilter(type: "colorMatrix")
        matrix.setValue((0..<20).map { NSNumber(value: Double($0) / 8) }, forKey: "inputColorMatrix")
        let lensBlur = CAFilter(type: "lanczosResize")   // a filter Tessera does not draw
        root.filters = [blur, matrix, CAFilter(type: "sdrNormalize"), lensBlur]
        root.backgroundFilters = [CAFilter(type: "colorSaturate"), CAFilter(type: "pageCurl")]
        let plus = CALayer(), multiply = CALayer()
        plus.compositingFilter = "plusL"
        multiply.compositingFilter = CAFilter(type: "multiplyBlendMode")
        root.addSublayer(plus)
        root.addSublayer(multiply)

        let data = try SceneDocument(rootLayer: root).archiveData()
        let loaded = try SceneDocument(archiveData: data)
        // Equal but for the mask image, decoded anew (contents compare by identity): same pixels.
        func withoutImages(_ filters: [LayerFilter]?) -> [LayerFilter]? {
            filters?.map { var f = $0; f.inputs["inputMaskImage"] = nil; return f }
        }
        #expect(withoutImages(loaded.rootLayer.properties.filters) == withoutImages(root.properties.filters))
        let mask = loaded.rootLayer.properties.filters?.first?.inputs["inputMaskImage"]
        guard case .image(let contents) = mask, let decoded = contents.image else { Issue.record("no mask image"); return }
        let original = try Self.image()
        #expect((0..<4).allSatisfy { decoded.rasterImage[$0 % 2, $0 / 2] == original.rasterImage[$0 % 2, $0 / 2] })
        #expect(loaded.rootLayer.properties.backgroundFilters == root.properties.backgroundFilters)
        #expect(loaded.rootLayer.sublayers?[0].compositingFilter as? String == "plusL")
        #expect((loaded.rootLayer.sublayers?[1].compositingFilter as? CAFilter)?.type == "multiplyBlendMode")
        #expect(try loaded.archiveData() == data)
        // Drawn: the variable blur, the colour matrix, sdrNormalize (a no-op for 8 bits), the
        // background saturation and both blend modes; the unknown types reported.
        #expect(loaded.skipped.map(\.reason) == [.notDrawn("lanczosResize"), .notDrawn("pageCurl")])
        #expect(loaded.skipped.allSatisfy { $0.severity == .contentLost && $0.className == "CAFilter" })
    }

    /// A layer whose compositingFilter is a blend mode is composited with it, as one image:
    /// red multiplied over grey 128 is (128, 0, 0); screen over grey gives (255, 128, 128).
    @Test(arguments: [("multiplyBlendMode", PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255)),
                      ("screenBlendMode", PremultipliedRGBA8(r: 255, g: 128, b: 128, a: 255))])
    func compositingFilterBlendsTheLayer(name: String, expected: PremultipliedRGBA8) throws {
        for asFilter in [false, true] {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            root.backgroundColor = CGColor(red: 128 / 255, green: 128 / 255, blue: 128 / 255, alpha: 1)
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.compositingFilter = asFilter ? CAFilter(type: name) : name
            root.addSublayer(layer)
            let pixmap = try Pixmap(width: 20, height: 20)
            LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
            #expect(pixmap[5, 10] == expected, "\(name) as a \(asFilter ? "filter" : "string")")
            #expect(pixmap[15, 10] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
        }
    }

    /// `filters.NAME.KEY` animates a filter's number input, found by the filter's name (which
    /// may differ from its type); the lists themselves are not animatable.
    @Test func filterInputsAnimateByName() throws {
        let layer = CALayer()
        let brightness = CAFilter(type: "colorBrightness")
        brightness.name = "colorBrightness-7A"
        brightness.setValue(0.2, forKey: "inputAmount")
        layer.filters = [CAFilter(type: "sdrNormalize"), brightness]
        layer.backgroundFilters = [CAFilter(type: "gaussianBlur")]
        let (root, clock) = tree(with: layer)
        _ = clock
        let fade = CABasicAnimation(keyPath: "filters.colorBrightness-7A.inputAmount")
        fade.fromValue = 0.0
        fade.toValue = -1.0
        fade.duration = 2
        fade.beginTime = 1e-6
        layer.add(fade, forKey: "fade")
        let blur = CABasicAnimation(keyPath: "backgroundFilters.gaussianBlur.inputRadius")
        blur.toValue = 20
        blur.duration = 2
        blur.beginTime = 1e-6
        layer.add(blur, forKey: "blur")
        let missing = CABasicAnimation(keyPath: "filters.nothing.inputAmount")
        missing.toValue = 1
        layer.add(missing, forKey: "missing")
        #expect(layer.diagnostics.isEmpty, "\(layer.diagnostics)")
        #expect(layer.animationKeys() == ["fade", "blur", "missing"])

        let half = presented(layer, in: root, at: 1)
        #expect(abs((half.filters?[1].number("inputAmount") ?? 0) + 0.5) < 1e-5)   // begun 1e-6 s in
        #expect(abs((half.backgroundFilters?[0].number("inputRadius") ?? 0) - 10) < 1e-4, "from 0 where no value is set")
        #expect(half.filters?[0] == layer.properties.filters?[0], "other filters untouched")
        #expect(layer.properties.filters?[1].number("inputAmount") == 0.2, "the model keeps its value")
        #expect(CALayer().filters == nil)
    }

    @Test func filterInputAnimationsRoundTripInArchives() throws {
        let layer = CALayer()
        layer.filters = [CAFilter(type: "colorSaturate")]
        let saturate = CABasicAnimation(keyPath: "filters.colorSaturate.inputAmount")
        saturate.fromValue = 1.0
        saturate.toValue = 2.0
        saturate.duration = 1
        layer.add(saturate, forKey: "saturate")
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        #expect((loaded.rootLayer.animation(forKey: "saturate") as? CABasicAnimation)?.keyPath == "filters.colorSaturate.inputAmount")
        #expect(loaded.skipped.isEmpty, "colorSaturate is drawn")
    }

    /// Colour filters apply to the layer composited as one image, then its opacity: a red square
    /// with a half-transparent green one inside, desaturated to luma grey, then at opacity ½.
    @Test func colourFiltersApplyToTheLayerAsOneImage() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let inner = CALayer()
        inner.frame = CGRect(x: 10, y: 0, width: 10, height: 20)
        inner.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)
        layer.addSublayer(inner)
        let grey = CAFilter(type: "colorSaturate")
        grey.setValue(0, forKey: "inputAmount")
        layer.filters = [grey]
        layer.opacity = 0.5
        root.addSublayer(layer)
        let pixmap = try Pixmap(width: 40, height: 20)
        LayerRenderer(threadCount: 2).render(root, at: 0, into: pixmap)
        // Red alone: luma 0.2126 → 54; at opacity ½: alpha 128, colour 54 · 128 / 255 → 27.
        #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 27, g: 27, b: 27, a: 128))
        // Red under half green composites to (128, 128, 0) first, then grey 0.2126·128 +
        // 0.7152·128 = 118.8: not the grey of each drawn apart.
        let p = pixmap[15, 10]
        #expect(p.a == 128 && p.r == p.g && p.g == p.b && abs(Int(p.r) - 60) <= 1, "\(p)")
        #expect(pixmap[30, 10].a == 0)
    }

    /// A blurred square: the layer composited as one image, blurred with σ = inputRadius points
    /// (here 2 pixels per point), then its opacity. Across an edge of a large square the blur is
    /// the Gaussian's cumulative distribution: ½ at the edge, Φ(1) = 0.841 one σ inside, Φ(−1) =
    /// 0.159 one σ outside (within the box approximation's few percent).
    @Test(arguments: [1, 2, 8]) func gaussianBlurSpreadsTheLayer(threads: Int) throws {
        func render(opacity: Float) throws -> Pixmap {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
            let layer = CALayer()
            layer.frame = CGRect(x: 20, y: 10, width: 60, height: 40)
            let square = CALayer()
            square.frame = CGRect(x: 10, y: 5, width: 40, height: 30)
            square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.addSublayer(square)
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(3, forKey: "inputRadius")
            layer.filters = [blur]
            layer.opacity = opacity
            root.addSublayer(layer)
            let renderer = LayerRenderer(threadCount: threads)
            renderer.scale = 2
            let pixmap = try Pixmap(width: 200, height: 120)
            renderer.render(root, at: 0, into: pixmap)
            return pixmap
        }
        let pixmap = try render(opacity: 1)
        // The square's left edge is at x = 30 points, 60 pixels; σ = 6 pixels; row 60 is its middle.
        func alpha(_ x: Int) -> Double { Double(pixmap[x, 60].a) / 255 }
        #expect(abs(alpha(59) + alpha(60) - 1) < 0.06, "half at the edge: \(alpha(59)), \(alpha(60))")
        #expect(abs(alpha(66) - 0.841) < 0.04 && abs(alpha(53) - 0.159) < 0.04, "\(alpha(66)) \(alpha(53))")
        #expect(alpha(100) > 0.99 && alpha(30) < 0.01)
        #expect(pixmap[100, 60].b == pixmap[100, 60].a && pixmap[100, 60].r == 0)
        // Opacity after the blur: every alpha halved (to rounding).
        let half = try render(opacity: 0.5)
        for x in stride(from: 40, to: 120, by: 7) {
            #expect(abs(Int(half[x, 60].a) - Int((Double(pixmap[x, 60].a) / 2).rounded())) <= 1, "x = \(x)")
        }
        if threads == 1 {
            let archive = try SceneDocument(archiveData: try SceneDocument(rootLayer: CALayer()).archiveData())
            #expect(archive.skipped.isEmpty)
        }
    }

    /// Filters apply in order: inverting a white square (black, alpha kept) then blurring it
    /// spreads black; a blur inside a blurred layer blurs twice.
    @Test func filtersBeforeAndInsideABlurApplyInOrder() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        let layer = CALayer()
        layer.frame = root.bounds
        let square = CALayer()
        square.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.addSublayer(square)
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(2, forKey: "inputRadius")
        layer.filters = [CAFilter(type: "colorInvert"), blur]
        root.addSublayer(layer)
        let pixmap = try Pixmap(width: 60, height: 60)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
        #expect(pixmap[30, 30] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(pixmap[19, 30].a > 80 && pixmap[19, 30].a < 180 && pixmap[19, 30].r == 0, "\(pixmap[19, 30])")
        // Nested: the square blurred again inside: wider than once.
        let inner = CAFilter(type: "gaussianBlur")
        inner.setValue(2, forKey: "inputRadius")
        square.filters = [inner]
        let twice = try Pixmap(width: 60, height: 60)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: twice)
        #expect(twice[14, 30].a > pixmap[14, 30].a && twice[30, 30].a == 255)
    }

    /// In a tree large enough for the root's sublayers to be recorded in parallel runs, each run
    /// draws its blurred layers on canvases of its own: the same bytes at 1, 2 and 4 threads.
    @Test func blurredLayersInParallelRunsGiveTheSameBytes() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 100)
        for k in 0..<600 {
            let layer = CALayer()
            layer.frame = CGRect(x: Double(k % 30) * 4, y: Double(k / 30) * 5, width: 6, height: 6)
            layer.backgroundColor = CGColor(red: Double(k % 7) / 7, green: 0.5, blue: Double(k % 3) / 3, alpha: 0.8)
            if k.isMultiple(of: 40) {
                let blur = CAFilter(type: "gaussianBlur")
                blur.setValue(1.5 + Double(k % 5), forKey: "inputRadius")
                layer.filters = [blur, CAFilter(type: "colorInvert")]
            }
            root.addSublayer(layer)
        }
        func render(_ threads: Int) throws -> [UInt8] {
            let pixmap = try Pixmap(width: 120, height: 100)
            LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
            return pixmap.bytes
        }
        let one = try render(1)
        #expect(try render(2) == one)
        #expect(try render(4) == one)
    }

    /// A wide blur runs at a reduced resolution (σ = 12 pixels: halved once, blurred by the rest,
    /// enlarged bilinearly): across an edge it still follows the Gaussian's cumulative
    /// distribution, within 4 % at the edge and one σ to each side, at any thread count.
    @Test func wideBlursAtAReducedResolutionKeepTheProfile() throws {
        func render(threads: Int) throws -> Pixmap {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
            let layer = CALayer()
            layer.frame = root.bounds
            let square = CALayer()
            square.frame = CGRect(x: 80, y: 20, width: 100, height: 80)
            square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.addSublayer(square)
            layer.filters = [Self.blur(12)]
            root.addSublayer(layer)
            let pixmap = try Pixmap(width: 200, height: 120)
            LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
            return pixmap
        }
        let pixmap = try render(threads: 1)
        func alpha(_ x: Int) -> Double { Double(pixmap[x, 60].a) / 255 }
        #expect(abs((alpha(79) + alpha(80)) / 2 - 0.5) < 0.04, "\(alpha(79)) \(alpha(80))")
        #expect(abs(alpha(92) - 0.841) < 0.04 && abs(alpha(67) - 0.159) < 0.04, "\(alpha(92)) \(alpha(67))")
        #expect(alpha(130) > 0.97 && alpha(30) < 0.01)
        #expect(try render(threads: 2).bytes == pixmap.bytes)
    }

    static func blur(_ radius: Double) -> CAFilter {
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(radius, forKey: "inputRadius")
        return blur
    }
}
