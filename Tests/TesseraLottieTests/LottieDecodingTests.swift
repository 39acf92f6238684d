import Foundation
import Testing
@testable import TesseraLottie

/// Reading documents: what the JSON reader takes, the typed errors for bad input (never a crash
/// or a hang), and both format versions' keyframes.
@Suite struct LottieDecodingTests {
    static func error(_ text: String) -> LottieError? {
        do {
            _ = try LottieAnimation(data: Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    static let minimal = #"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#

    @Test func minimalDocumentLoads() throws {
        let animation = try LottieAnimation(data: Data(Self.minimal.utf8))
        #expect(animation.size == CGSize(width: 10, height: 10))
        #expect(animation.duration == 1)
        #expect(animation.skipped.isEmpty)
    }

    @Test func notJSONSaysWhere() {
        #expect(Self.error("") == .malformedJSON(line: 1, column: 1, reason: "unexpected end of the document"))
        #expect(Self.error("{\n  \"fr\": 30,\n  \"ip\": NaN}") == .malformedJSON(line: 3, column: 9, reason: "unexpected character"))
        #expect(Self.error(#"{"fr": 1e999}"#) == .malformedJSON(line: 1, column: 8, reason: "number out of range"))
        #expect(Self.error(#"{"fr": 30} x"#) == .malformedJSON(line: 1, column: 12, reason: "unexpected text after the document"))
        #expect(Self.error(#"{"a": "\x"}"#) == .malformedJSON(line: 1, column: 10, reason: "unknown escape in a string"))
        #expect(Self.error(#"[1, 2"#) == .malformedJSON(line: 1, column: 6, reason: "unexpected end of the document in an array"))
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .malformedJSON(_, _, let reason)? = Self.error(deep) else {
            Issue.record("expected a JSON error")
            return
        }
        #expect(reason.contains("deeper than 256"))
    }

    @Test func missingAndMistypedFieldsNameTheirPlace() {
        #expect(Self.error(#"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10}"#) == .invalidDocument(path: "layers", reason: "missing"))
        #expect(
            Self.error(#"{"fr": "30", "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#)
                == .invalidDocument(path: "fr", reason: "expected a number, found a string"))
        let badKeyframe =
            #"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": "x"}]}}}]}"#
        #expect(Self.error(badKeyframe) == .invalidDocument(path: "layers[0].ks.o.k[0].s", reason: "expected numbers, found a string"))
        #expect(Self.error("[]") == .invalidDocument(path: "", reason: "expected an object, found an array"))
    }

    @Test func absurdCompositionsAreRefused() {
        func document(fr: String = "30", ip: String = "0", op: String = "30", w: String = "10") -> String {
            #"{"fr": \#(fr), "ip": \#(ip), "op": \#(op), "w": \#(w), "h": 10, "layers": []}"#
        }
        #expect(Self.error(document(fr: "0")) == .invalidDocument(path: "fr", reason: "the frame rate must be positive, not 0.0"))
        #expect(Self.error(document(op: "0")) == .invalidDocument(path: "op", reason: "the out point 0.0 is not after the in point 0.0"))
        #expect(Self.error(document(w: "-5")) == .invalidDocument(path: "w", reason: "the size must be positive, not -5.0"))
        if case .limitExceeded(let path, _)? = Self.error(document(w: "1e9")) { #expect(path == "w") } else { Issue.record("1e9 wide") }
        if case .limitExceeded(let path, _)? = Self.error(document(op: "1e300")) {
            #expect(path == "op")
        } else {
            Issue.record("1e300 frames")
        }
    }

    @Test func parentsThatLoopAreRefused() {
        let text =
            #"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": ["#
            + #"{"ty": 4, "ind": 1, "parent": 2, "shapes": [], "ks": {}}, {"ty": 3, "ind": 2, "parent": 1, "ks": {}}]}"#
        guard case .invalidDocument(_, let reason)? = Self.error(text) else {
            Issue.record("expected an error")
            return
        }
        #expect(reason.contains("parents come back"))
    }

    /// An array of numbers only is kept as its numbers; one with anything else as values.
    @Test func stringsAndNumbers() throws {
        let root = try JSONNode(JSONParser.parse(Array(#"{"s": "a\u00e9\ud83d\ude00\n", "n": [-0.5e1, 12, 1E2], "m": [1, [2], -3]}"#.utf8)))
        guard let s = root.member("s"), let n = root.member("n"), let m = root.member("m") else {
            Issue.record("not parsed")
            return
        }
        #expect(try s.string == "aé😀\n")
        #expect(n.value.kind == .numbers && m.value.kind == .array)
        #expect(try n.numbers == [-5, 12, 100])
        let mixed = try m.elements
        #expect(mixed.map(\.value.kind) == [.number, .numbers, .number])
        #expect(try mixed.map { (e) throws(LottieError) in try e.numbers } == [[1], [2], [-3]])
        #expect(try mixed[1].elements.map(\.path) == ["m[1][0]"])
    }

    /// An object's members keep the document's order; a repeated key keeps its last value, once,
    /// in a small object and in a large one (past the pairwise comparison), nested objects and
    /// arrays read in between.
    @Test(arguments: [3, 40])
    func objectsKeepTheLastOfARepeatedKey(count: Int) throws {
        let members = (0..<count).map { #""k\#($0)": {"a": [\#($0), {"b": \#($0)}], "a": \#($0)}"# }
        let text = "{" + members.joined(separator: ", ") + #", "k1": "last", "z": []}"#
        let root = try JSONNode(JSONParser.parse(Array(text.utf8)))
        let document = root.document
        func keys(_ object: JSONDocument.Value) -> [String] {
            stride(from: object.start, to: object.start + object.count, by: 2).map { document.string(document.values[$0]) }
        }
        #expect(root.isObject && keys(root.value) == ["k0"] + (2..<count).map { "k\($0)" } + ["k1", "z"])
        #expect(try root.string("k1") == "last")
        for k in [0, 2, count - 1] {
            guard let inner = root.member(named: "k\(k)"), inner.isObject else {
                Issue.record("k\(k) not read")
                continue
            }
            #expect(keys(inner.value) == ["a"])
            #expect(try inner.number("a", default: -1) == Double(k))
            #expect(inner.member("a")?.path == "k\(k).a")
        }
    }

    /// Repeated keys found in a small object by their bytes: keys of the same length that differ,
    /// a key written with an escape equal to one without, the empty key twice.
    @Test func smallObjectsCompareKeysByTheirBytes() throws {
        let root = try JSONNode(JSONParser.parse(Array(#"{"ab": 1, "ac": 2, "a\u0062": 3, "": 4, "": 5}"#.utf8)))
        let document = root.document
        let keys = stride(from: root.value.start, to: root.value.start + root.value.count, by: 2).map {
            document.string(document.values[$0])
        }
        #expect(keys == ["ac", "ab", ""])
        #expect(try root.number("ab", default: 0) == 3 && root.number("ac", default: 0) == 2 && root.number("", default: 0) == 5)
    }

    /// `Configuration.keepDecodedModel` is handed what the animation was read into, once.
    @Test func decodedModelIsHandedOverOnce() throws {
        final class Kept: @unchecked Sendable { var objects: [AnyObject] = [] }
        let kept = Kept()
        var configuration = LottieAnimation.Configuration()
        configuration.keepDecodedModel = { kept.objects.append($0) }
        let data = Lottie.document(layers: [
            Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])])
        ])
        _ = try LottieAnimation(data: data, configuration: configuration)
        #expect(kept.objects.count == 1)
    }

    /// Numbers read without a string (up to 15 digits, no exponent) are the same doubles as the
    /// string's conversion gives, and so are the longer ones it still converts.
    @Test func decimalsAreTheCorrectlyRoundedDoubles() throws {
        var seed: UInt64 = 0x853C_49E6_748F_EA9B
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        var texts = [
            "0.1", "-0.0", "0.3", "123456789012345", "-99999999999999.9", "0.000000000000001", "2.675",
            "9007199254740993", "0.1234567890123456", "540.703", "1.5e3",
        ]
        for _ in 0..<2000 {
            let digits = String((0..<(1 + random(17))).map { _ in Character(String(random(10))) })
            let point = random(digits.count)
            let text = point == 0 ? digits : "\(digits.prefix(point)).\(digits.dropFirst(point))"
            texts.append(random(2) == 0 ? text : "-" + text)
        }
        let value = try JSONNode(JSONParser.parse(Array("[\(texts.joined(separator: ","))]".utf8)))
        let numbers = try value.numbers
        guard value.value.kind == .numbers, numbers.count == texts.count else { Issue.record("not parsed"); return }
        for (text, n) in zip(texts, numbers) {
            guard let expected = Double(text) else { Issue.record("\(text) not read"); continue }
            #expect(n.bitPattern == expected.bitPattern, "\(text): \(n) != \(expected)")
        }
    }

    /// Bodymovin 4.x writes each keyframe's end value (`e`) and a last keyframe with only `t`.
    @Test func version4KeyframesTakeTheirEndValues() throws {
        let node = try JSONNode(
            JSONParser.parse(Array(#"{"a": 1, "k": [{"t": 0, "s": [10], "e": [20]}, {"t": 10, "s": [20], "e": [40]}, {"t": 20}]}"#.utf8)))
        let property = try Animated<Double>.number(node, default: 0)
        #expect(property.keyframes.map(\.value) == [10, 20, 40])
        #expect(property.keyframes.map(\.time) == [0, 10, 20])
    }

    /// Some exporters write keyframes with `a` = 0, or one number for a 2D anchor.
    @Test func looseFilesStillRead() throws {
        let node = try JSONNode(JSONParser.parse(Array(#"{"a": 0, "k": [{"t": 0, "s": [1]}, {"t": 5, "s": [2]}]}"#.utf8)))
        #expect(try Animated<Double>.number(node, default: 0).isAnimated)
        let anchor = try JSONNode(JSONParser.parse(Array(#"{"a": 0, "k": [9.5]}"#.utf8)))
        #expect(try Animated<[Double]>.vector(anchor, default: [0, 0]).initialValue == [9.5, 0])
    }
}
