import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Value, image, text and font providers and the viewport (``LottieAnimation/Configuration``):
/// each changes what its keypath names, and nothing else.
@Suite struct LottieProviderTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let greenValue = LottieValueProvider(.color(LottieColor(red: 0, green: 1, blue: 0)))

    static func render(_ data: Data, _ configuration: LottieAnimation.Configuration, at time: Double = 0) throws -> Pixmap {
        let animation = try LottieAnimation(data: data, configuration: configuration)
        let pixmap = try Pixmap(width: Int(animation.size.width), height: Int(animation.size.height))
        LayerRenderer(threadCount: 1).render(animation.rootLayer, at: time, into: pixmap)
        return pixmap
    }

    static func configuration(_ values: [(AnimationKeypath, LottieValueProvider)]) -> LottieAnimation.Configuration {
        var configuration = LottieAnimation.Configuration()
        for (keypath, provider) in values { configuration.setValue(provider, for: keypath) }
        return configuration
    }

    static func named(_ item: [String: Any], _ name: String) -> [String: Any] {
        item.merging(["nm": name]) { $1 }
    }

    static func group(_ name: String, _ items: [[String: Any]]) -> [String: Any] {
        ["ty": "gr", "nm": name, "it": items + [named(["ty": "tr", "p": Lottie.value([0, 0]), "a": Lottie.value([0, 0]),
                                                     "s": Lottie.value([100, 100]), "r": Lottie.value(0), "o": Lottie.value(100)],
                                                    "Transform")]]
    }

    /// Layer `shape`: group `Top` with a red rectangle at 0…50 filled by `Fill 1`, group `Bottom`
    /// with a blue one at 50…100 filled by `Fill 1` too, and a red one at 0…50 × 50…100 by `Fill 2`.
    static var twoGroups: Data {
        Lottie.document(layers: [
            Lottie.shapeLayer([
                group("Top", [Lottie.rectangle(x: 0, y: 0, width: 50, height: 50), named(Lottie.fill([1, 0, 0]), "Fill 1")]),
                group("Bottom", [Lottie.rectangle(x: 50, y: 50, width: 50, height: 50), named(Lottie.fill([0, 0, 1]), "Fill 1")]),
                Lottie.rectangle(x: 0, y: 50, width: 50, height: 50), named(Lottie.fill([1, 0, 0]), "Fill 2"),
            ])
        ])
    }

    @Test func keypathPatterns() {
        let full = AnimationKeypath(keypath: "Layer.Group 1.Fill 1.Color")
        #expect(AnimationKeypath(keypath: "Layer.Group 1.Fill 1.Color").matches(full))
        #expect(AnimationKeypath(keypath: "**.Color").matches(full))
        #expect(AnimationKeypath(keypath: "**.Fill 1.**.Color").matches(full))
        #expect(AnimationKeypath(keypath: "Layer.*.Fill 1.Color").matches(full))
        #expect(AnimationKeypath(keypath: "Layer.Gro*.Fill 1.Color").matches(full))
        #expect(AnimationKeypath(keypath: "**").matches(full))
        #expect(!AnimationKeypath(keypath: "*.Color").matches(full))
        #expect(!AnimationKeypath(keypath: "Layer.*.Color").matches(full))
        #expect(!AnimationKeypath(keypath: "**.Fill 2.Color").matches(full))
        #expect(!AnimationKeypath(keypath: "Layer.Group 1*.Fill 1.Color").matches(full))
        #expect(!AnimationKeypath(keypath: "Layer.Group 1.Fill 1").matches(full))
    }

    /// `**.Fill 1.Color` turns both fills named `Fill 1` green, not `Fill 2`.
    @Test func wildcardColorChangesEveryFillOfThatName() throws {
        let pixmap = try Self.render(Self.twoGroups, Self.configuration([("**.Fill 1.Color", Self.greenValue)]))
        #expect(pixmap[25, 25] == Self.green && pixmap[75, 75] == Self.green && pixmap[25, 75] == Self.red)
        #expect(pixmap[75, 25] == .transparent)
    }

    /// A full path names one group's fill.
    @Test func groupPathChangesThatGroupOnly() throws {
        let pixmap = try Self.render(Self.twoGroups, Self.configuration([("shape.Bottom.Fill 1.Color", Self.greenValue)]))
        #expect(pixmap[25, 25] == Self.red && pixmap[75, 75] == Self.green && pixmap[25, 75] == Self.red)
    }

    /// A keypath that names nothing changes nothing, as in lottie-ios.
    @Test func unmatchedKeypathChangesNothing() throws {
        let plain = try Lottie.render(Self.twoGroups)
        let provided = try Self.render(Self.twoGroups, Self.configuration([("nothing.Fill 1.Color", Self.greenValue)]))
        #expect(plain.bytes == provided.bytes)
    }

    /// Where several match, the last set wins.
    @Test func lastProviderSetWins() throws {
        let blue = LottieValueProvider(.color(LottieColor(red: 0, green: 0, blue: 1)))
        let pixmap = try Self.render(Self.twoGroups, Self.configuration([("**.Color", Self.greenValue), ("**.Fill 2.Color", blue)]))
        #expect(pixmap[25, 25] == Self.green && pixmap[25, 75] == Self.blue)
    }

    /// The layer's `Transform.Position` and `Transform.Opacity`; a group's transform by its name.
    @Test func transformValues() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])])])
        let moved = try Self.render(data, Self.configuration([("shape.Transform.Position", LottieValueProvider(.point(x: 40, y: 30)))]))
        #expect(Lottie.matches(moved, inside: Self.red, outside: .transparent) { (40..<50).contains($0) && (30..<40).contains($1) })
        let faded = try Self.render(data, Self.configuration([("shape.Transform.Opacity", LottieValueProvider(.number(50)))]))
        #expect(faded[5, 5].a == 128 || faded[5, 5].a == 127)
        let grouped = Lottie.document(layers: [
            Lottie.shapeLayer([Self.group("Box", [Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])])])
        ])
        let scaled = try Self.render(grouped, Self.configuration([("shape.Box.Transform.Scale", LottieValueProvider(.point(x: 300, y: 200)))]))
        #expect(Lottie.matches(scaled, inside: Self.red, outside: .transparent) { (0..<30).contains($0) && (0..<20).contains($1) })
    }

    /// `Stroke Width` of every stroke.
    @Test func strokeWidth() throws {
        let line: [String: Any] = [
            "ty": "sh", "ks": Lottie.value(["c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]]),
        ]
        let stroke: [String: Any] = [
            "ty": "st", "nm": "Stroke 1", "c": Lottie.value([1, 0, 0]), "o": Lottie.value(100), "w": Lottie.value(2), "lc": 1, "lj": 1,
            "ml": 4,
        ]
        let data = Lottie.document(layers: [Lottie.shapeLayer([line, stroke])])
        let pixmap = try Self.render(data, Self.configuration([("**.Stroke Width", LottieValueProvider(.number(20)))]))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { _, y in (40..<60).contains(y) })
    }

    /// Keyframes, in the composition's frames (10 fps here), eased linearly.
    @Test func keyframedColor() throws {
        let provider = try LottieValueProvider(keyframes: [
            .init(frame: 0, value: .color(LottieColor(red: 1, green: 0, blue: 0))),
            .init(frame: 4, value: .color(LottieColor(red: 0, green: 0, blue: 1))),
        ])
        let configuration = Self.configuration([("**.Fill 2.Color", provider)])
        #expect(try Self.render(Self.twoGroups, configuration, at: 0)[25, 75] == Self.red)
        let half = try Self.render(Self.twoGroups, configuration, at: 0.2)[25, 75]
        #expect(abs(Int(half.r) - 128) <= 1 && half.g == 0 && abs(Int(half.b) - 128) <= 1)
        #expect(try Self.render(Self.twoGroups, configuration, at: 0.5)[25, 75] == Self.blue)
    }

    /// `Colors` of a gradient: the provider's colors at its locations, as many as it has (three
    /// in place of the file's two). Gradient colors are Generic RGB, as Apple's gradient layers
    /// take them: green and blue come out as sRGB's nearest.
    @Test func gradientColors() throws {
        let gradient: [String: Any] = [
            "ty": "gf", "nm": "Gradient Fill 1", "o": Lottie.value(100), "r": 1, "t": 1, "s": Lottie.value([0, 0]),
            "e": Lottie.value([100, 0]), "g": ["p": 2, "k": Lottie.value([0, 1, 0, 0, 1, 1, 0, 0])],
        ]
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), gradient])])
        let (green, blue) = (LottieColor(red: 0, green: 1, blue: 0), LottieColor(red: 0, green: 0, blue: 1))
        let provider = LottieValueProvider(.gradient(colors: [green, green, blue], locations: [0, 0.5, 1]))
        let file = try Lottie.render(data)
        #expect(file[10, 50].r > 200 && file[90, 50].r > 200)
        let pixmap = try Self.render(data, Self.configuration([("**.Colors", provider)]))
        // Green up to the middle, then towards blue.
        #expect(pixmap[2, 50] == pixmap[45, 50] && pixmap[2, 50].g > 200 && pixmap[2, 50].r < 10)
        #expect(pixmap[99, 50].b > 240 && pixmap[99, 50].g < 60 && pixmap[75, 50].g < pixmap[45, 50].g)
    }

    /// A value of another kind than the property's is left out and reported.
    @Test func mismatchedKindIsReported() throws {
        let configuration = Self.configuration([("**.Fill 1.Color", LottieValueProvider(.number(3)))])
        let animation = try LottieAnimation(data: Self.twoGroups, configuration: configuration)
        #expect(animation.skipped.contains { $0.layer == "shape.Top.Fill 1.Color" })
        #expect(try Self.render(Self.twoGroups, configuration).bytes == (try Lottie.render(Self.twoGroups)).bytes)
    }

    @Test func badKeyframesAreTypedErrors() {
        #expect(throws: LottieError.self) { try LottieValueProvider(keyframes: []) }
        #expect(throws: LottieError.self) {
            try LottieValueProvider(keyframes: [.init(frame: 0, value: .number(1)), .init(frame: 1, value: .point(x: 0, y: 0))])
        }
        #expect(throws: LottieError.self) {
            try LottieValueProvider(keyframes: [.init(frame: 5, value: .number(1)), .init(frame: 1, value: .number(2))])
        }
    }

    /// Two layers show one precomposition: a keypath through one of them changes that one only.
    @Test func precompositionInstancesApart() throws {
        let inner = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 50, height: 50), Self.named(Lottie.fill([1, 0, 0]), "Fill 1")])
        func use(_ name: String, x: Double) -> [String: Any] {
            ["ty": 0, "nm": name, "refId": "box", "w": 50, "h": 50, "ip": 0, "op": 10, "st": 0,
             "ks": Lottie.transform(position: Lottie.value([x, 0]))]
        }
        let data = Lottie.document(layers: [use("left", x: 0), use("right", x: 50)], assets: [["id": "box", "layers": [inner]]])
        let pixmap = try Self.render(data, Self.configuration([("right.**.Color", Self.greenValue)]))
        #expect(pixmap[25, 25] == Self.red && pixmap[75, 25] == Self.green)
    }

    /// A text layer named `title`, from ``LottieTextTests``' font of bars.
    static func titled(_ text: String) throws -> Data {
        var root = try #require(try JSONSerialization.jsonObject(with: LottieTextTests.document(text)) as? [String: Any])
        var layers = try #require(root["layers"] as? [[String: Any]])
        layers[0]["nm"] = "title"
        root["layers"] = layers
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// By its name (as lottie-ios's `DictionaryTextProvider`), and its color by `title.Color`.
    @Test func textAndItsColor() throws {
        var configuration = Self.configuration([("**.title.Color", Self.greenValue)])
        configuration.textProvider = .dictionary(["title": "II"])
        let pixmap = try Self.render(try Self.titled("I"), configuration)
        #expect(Lottie.matches(pixmap, inside: Self.green, outside: .transparent) { x, y in
            ((10..<20).contains(x) || (30..<40).contains(x)) && (10..<80).contains(y)
        })
        configuration.textProvider = .dictionary(["other": "II"])
        #expect(try Self.render(try Self.titled("I"), configuration)[35, 50] == .transparent)
    }

    /// A font provider sets the text in its font (a `CATextLayer`), not from the file's glyphs.
    @Test func fontProviderSetsTheFont() throws {
        var configuration = LottieAnimation.Configuration()
        configuration.fontProvider = LottieFontProvider { family, size in family == "Bars" && size == 100 ? ("Serif", 36) : nil }
        let animation = try LottieAnimation(data: try Self.titled("I"), configuration: configuration)
        func textLayers(_ layer: CALayer) -> [CATextLayer] {
            ((layer as? CATextLayer).map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap(textLayers)
        }
        let set = textLayers(animation.rootLayer)
        #expect(set.count == 1 && set.first?.font as? String == "Serif" && set.first?.fontSize == 36)
    }

    /// An image for every asset, or by asset id, in place of the file's.
    @Test func imageProvider() throws {
        let data = LottieImageTests.document(path: "missing.png")
        var configuration = LottieAnimation.Configuration()
        configuration.imageProvider = LottieImageProvider(images: ["image": try LottieImageTests.redPNG()])
        #expect(Lottie.matches(try Self.render(data, configuration), inside: Self.red, outside: .transparent) {
            (10..<40).contains($0) && (20..<60).contains($1)
        })
        configuration.imageProvider = LottieImageProvider(images: ["other": try LottieImageTests.redPNG()])
        #expect(try Self.render(data, configuration)[20, 30] == .transparent)
    }

    /// The viewport's rectangle fills the frame.
    @Test func viewport() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 50, y: 50, width: 25, height: 25), Lottie.fill([1, 0, 0])])])
        var configuration = LottieAnimation.Configuration()
        configuration.viewport = CGRect(x: 50, y: 50, width: 50, height: 50)
        let pixmap = try Self.render(data, configuration)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { $0 < 50 && $1 < 50 })
        configuration.viewport = CGRect(x: 0, y: 0, width: 0, height: 10)
        #expect(throws: LottieError.self) { try LottieAnimation(data: data, configuration: configuration) }
    }
}
