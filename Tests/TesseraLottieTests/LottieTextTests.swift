import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Text layers set from the file's glyph outlines.
@Suite struct LottieTextTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A document whose font has one glyph, "I": a bar 10 wide from the baseline up 70, advance
    /// 20 (at size 100), and a text layer at (10, 80) setting `text`.
    static func document(_ text: String, justification: Int = 0, documents: [[String: Any]]? = nil) -> Data {
        let bar: [String: Any] = ["ty": "gr", "it": [
            ["ty": "sh", "ks": Lottie.value(["c": true, "v": [[0, -70], [10, -70], [10, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                             "o": [[0, 0], [0, 0], [0, 0], [0, 0]]])],
        ]]
        let glyph: [String: Any] = ["ch": "I", "size": 100, "style": "Bold", "w": 20, "fFamily": "Bars", "data": ["shapes": [bar]]]
        let document: [String: Any] = ["t": text, "f": "Bars-Bold", "s": 100, "j": justification, "tr": 0, "lh": 100, "fc": [1, 0, 0]]
        let layer: [String: Any] = ["ty": 5, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": Lottie.transform(position: Lottie.value([10, 80])),
                                    "t": ["d": ["k": documents ?? [["t": 0, "s": document]]], "a": []]]
        return Lottie.document(layers: [layer], extra: ["fonts": ["list": [["fName": "Bars-Bold", "fFamily": "Bars", "fStyle": "Bold", "ascent": 70]]],
                                                        "chars": [glyph]])
    }

    @Test func glyphsSitOnTheBaselineOneAdvanceApart() throws {
        let pixmap = try Lottie.render(Self.document("II"))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { x, y in
            ((10..<20).contains(x) || (30..<40).contains(x)) && (10..<80).contains(y)
        })
    }

    @Test func centeredTextIsCenteredOnTheOrigin() throws {
        // Two advances of 20: the line runs from x = -10 to 30 about the layer's origin at 10.
        let pixmap = try Lottie.render(Self.document("II", justification: 2))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { x, y in
            ((-10..<0).contains(x) || (10..<20).contains(x)) && (10..<80).contains(y)
        })
    }

    /// A second document replaces the first from its keyframe on.
    @Test func documentsFollowEachOther() throws {
        let first: [String: Any] = ["t": "I", "f": "Bars-Bold", "s": 100, "j": 0, "lh": 100, "fc": [1, 0, 0]]
        var second = first
        second["t"] = "II"
        let data = Self.document("", documents: [["t": 0, "s": first], ["t": 5, "s": second]])
        #expect(try Lottie.render(data, at: 0.2)[35, 50].a == 0)
        #expect(try Lottie.render(data, at: 0.6)[35, 50] == Self.red)
    }
}
