import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// The builder's lookups without hashing (``LayersByIndex``, ``MetElements`` for parent chains
/// and ``BuildReport``'s repeats): the same answers as a dictionary and sets gave.
@Suite struct LottieLayerLookupTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A square at (0, 0) moved by its parents: each null layer of the chain moves it 1 point right.
    static func chained(_ count: Int, loop: Bool = false) -> Data {
        var layers: [[String: Any]] = [
            Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 4, height: 4), Lottie.fill([1, 0, 0])], index: 1, parent: 2)
        ]
        for i in 2...(count + 1) {
            var null: [String: Any] = ["ty": 3, "nm": "null \(i)", "ind": i, "ip": 0, "op": 10, "st": 0,
                                       "ks": Lottie.transform(position: Lottie.value([1, 0]))]
            if i <= count { null["parent"] = i + 1 } else if loop { null["parent"] = 2 }
            layers.append(null)
        }
        return Lottie.document(layers: layers)
    }

    /// Chains shorter and longer than the list kept before a set (32): every parent applies.
    @Test(arguments: [3, 31, 32, 33, 60])
    func longParentChainsApplyEveryParent(_ count: Int) throws {
        let pixmap = try Lottie.render(Self.chained(count))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (count..<count + 4).contains($0) && $1 < 4 })
    }

    /// A loop is found whatever its length, at the first index met again.
    @Test(arguments: [2, 31, 40])
    func parentLoopsAreRefused(_ count: Int) {
        #expect(throws: LottieError.self) { try LottieAnimation(data: Self.chained(count, loop: true)) }
        do {
            _ = try LottieAnimation(data: Self.chained(count, loop: true))
        } catch {
            #expect("\(error)".contains("its parents come back to layer 2"), "\(error)")
        }
    }

    /// Of two layers with the same index, the first is the parent; an index no layer has leaves
    /// the layer without one; negative and large indices are found.
    @Test func theFirstLayerOfAnIndexIsTheParent() throws {
        func null(_ index: Int, x: Double) -> [String: Any] {
            ["ty": 3, "ind": index, "ip": 0, "op": 10, "st": 0, "ks": Lottie.transform(position: Lottie.value([x, 0]))]
        }
        let square: [[String: Any]] = [Lottie.rectangle(x: 0, y: 0, width: 4, height: 4), Lottie.fill([1, 0, 0])]
        for (parent, x) in [(7, 10), (-3, 20), (100_000, 30), (8, 0)] {
            let layers = [
                Lottie.shapeLayer(square, index: 1, parent: parent), null(7, x: 10), null(7, x: 50), null(-3, x: 20),
                null(100_000, x: 30), null(-3, x: 60),
            ]
            let pixmap = try Lottie.render(Lottie.document(layers: layers))
            #expect(
                Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (x..<x + 4).contains($0) && $1 < 4 },
                "parent \(parent)")
        }
    }

    /// Repeats are reported once, in the order first met, before and after the report holds 32.
    @Test func repeatsAreReportedOnce() {
        let report = BuildReport()
        for round in 0..<3 {
            for i in 0..<40 {
                report.notDrawn("layer \(i % 37)", "effects", "effects are not drawn")
                if round == 0 && i == 5 { report.approximated("layer 5", "matte", "drawn without") }
            }
        }
        let expected =
            (0..<6).map { "layer \($0)" } + ["layer 5 (matte)"] + (6..<37).map { "layer \($0)" }
        #expect(report.skipped.count == 38)
        #expect(report.skipped.map { $0.key == nil ? "\($0.layer) (\($0.className))" : $0.layer } == expected)
    }
}
