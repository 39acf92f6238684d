import Foundation
import Testing
import Tessera
@testable import TesseraLottie

/// Text in a font registered for the process (``FontManager``), as lottie-ios's snapshot tests
/// register theirs: set with the font (a `CATextLayer` per line), placed as lottie-ios's
/// `CoreTextRenderLayer` places it with the font's metrics. The font is DejaVu Sans Mono Bold
/// (Debian's `fonts-dejavu-core`), registered by ``FontRegistrationTests`` too.
@Suite struct LottieFontTests {
    static let font = "DejaVuSansMono-Bold"
    static let file = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")

    static func textLayers(_ layer: CALayer) -> [CATextLayer] {
        ((layer as? CATextLayer).map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap(textLayers)
    }

    /// A text layer at (10, 80) setting `text` in the registered font, size 20, tracking 50, with
    /// `extra` in its document, and glyph outlines of "I" when `glyphs`.
    static func document(_ text: String, extra: [String: Any] = [:], glyphs: Bool = false) -> Data {
        var document: [String: Any] = ["t": text, "f": font, "s": 20, "j": 0, "tr": 50, "lh": 30, "fc": [1, 0, 0]]
        document.merge(extra) { $1 }
        let layer: [String: Any] = ["ty": 5, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": Lottie.transform(position: Lottie.value([10, 80])),
                                    "t": ["d": ["k": [["t": 0, "s": document]]], "a": []]]
        let bar: [String: Any] = ["ty": "gr", "it": [
            ["ty": "sh", "ks": Lottie.value(["c": true, "v": [[0, -70], [10, -70], [10, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                             "o": [[0, 0], [0, 0], [0, 0], [0, 0]]])],
        ]]
        let glyph: [String: Any] = ["ch": "I", "size": 100, "style": "Bold", "w": 20, "fFamily": "DejaVu Sans Mono", "data": ["shapes": [bar]]]
        return Lottie.document(layers: [layer], extra: [
            "fonts": ["list": [["fName": font, "fFamily": "DejaVu Sans Mono", "fStyle": "Bold", "ascent": 70]]],
            "chars": glyphs ? [glyph] : [],
        ])
    }

    /// The first baseline on the layer's origin: the text layer's top the font's ascent above it;
    /// the tracking as kern (size × tracking / 1000); nothing reported, the font being the file's.
    @Test func aRegisteredFontSetsTheTextOnTheOrigin() throws {
        try FontManager.registerFont(at: Self.file)
        let metrics = try #require(FontManager.metrics(ofFontNamed: Self.font))
        let animation = try LottieAnimation(data: Self.document("Ab\rCd"))
        let layers = Self.textLayers(animation.rootLayer)
        try #require(layers.count == 2)
        #expect(layers.map { $0.font as? String } == [Self.font, Self.font])
        #expect(layers[0].frame.minX == 0 && abs(layers[0].frame.minY + metrics.ascent * 20) < 1e-9)
        #expect(abs(layers[1].frame.minY - (30 - metrics.ascent * 20)) < 1e-9, "the next line a line height below")
        #expect(layers[0].string as? String == "Ab" && layers[0].properties.textAttributes?.kern == 1)
        #expect(!animation.skipped.contains { $0.key == "text" })
    }

    /// In a paragraph box, the first baseline lies the font's cap height below the box's top.
    @Test func inABoxTheBaselineIsTheCapHeightDown() throws {
        try FontManager.registerFont(at: Self.file)
        let metrics = try #require(FontManager.metrics(ofFontNamed: Self.font))
        let animation = try LottieAnimation(data: Self.document("Ab", extra: ["sz": [200, 100], "ps": [5, 7]]))
        let layer = try #require(Self.textLayers(animation.rootLayer).first)
        #expect(layer.frame.minX == 5 && abs(layer.frame.minY - (7 + (metrics.capHeight - metrics.ascent) * 20)) < 1e-12)
        #expect(layer.frame.width == 200)
    }

    /// The registered font takes the place of the file's glyph outlines, as in lottie-ios, which
    /// always sets text with the font.
    @Test func aRegisteredFontIsUsedOverTheFilesGlyphs() throws {
        try FontManager.registerFont(at: Self.file)
        let animation = try LottieAnimation(data: Self.document("II", glyphs: true))
        #expect(Self.textLayers(animation.rootLayer).count == 1)
    }
}
