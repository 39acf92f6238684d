import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Precompositions: their own time (start time, stretch), their clipping, and cycles.
@Suite struct LottiePrecompTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A precomposition whose square moves from x = 0 to x = 50 over its frames 0…10.
    static var moving: [String: Any] { [
        "id": "moving",
        "layers": [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                                     transform: Lottie.transform(position: Lottie.keyframes([Lottie.key(0, [0, 0]), Lottie.key(10, [50, 0])])),
                                     outPoint: 100)],
    ] }

    static func precompLayer(_ id: String, startTime: Double = 0, stretch: Double = 1, width: Int = 100, height: Int = 100,
                             inPoint: Double = 0, outPoint: Double = 40) -> [String: Any] {
        ["ty": 0, "refId": id, "nm": id, "ind": 1, "ip": inPoint, "op": outPoint, "st": startTime, "sr": stretch, "w": width, "h": height,
         "ks": Lottie.transform()]
    }

    /// The x of the red square's left edge on row 5.
    static func squareX(_ pixmap: Pixmap) -> Int? {
        (0..<pixmap.width).first { pixmap[$0, 5] == red }
    }

    @Test func startTimeDelaysThePrecomposition() throws {
        let data = Lottie.document(outPoint: 40, layers: [Self.precompLayer("moving", startTime: 5)], assets: [Self.moving])
        #expect(Self.squareX(try Lottie.render(data, at: 0)) == nil, "frame 0 is its frame −5, before its layer's in point")
        #expect(Self.squareX(try Lottie.render(data, at: 0.5)) == 0, "frame 5 is its frame 0")
        #expect(Self.squareX(try Lottie.render(data, at: 1.0)) == 25, "frame 10 is its frame 5")
    }

    @Test func stretchSlowsThePrecomposition() throws {
        let data = Lottie.document(outPoint: 40, layers: [Self.precompLayer("moving", stretch: 2)], assets: [Self.moving])
        #expect(Self.squareX(try Lottie.render(data, at: 1.0)) == 25, "frame 10 is its frame 5 at half speed")
        #expect(Self.squareX(try Lottie.render(data, at: 2.0)) == 50)
    }

    /// Time remapping: a fixed 0.5 s freezes the precomposition at its frame 5; keyframes from
    /// 1 s back to 0 s play it backwards.
    @Test func timeRemappingPicksThePrecompositionsTime() throws {
        var frozen = Self.precompLayer("moving")
        frozen["tm"] = Lottie.value([0.5])
        let still = Lottie.document(outPoint: 40, layers: [frozen], assets: [Self.moving])
        #expect(Self.squareX(try Lottie.render(still, at: 0)) == 25)
        #expect(Self.squareX(try Lottie.render(still, at: 2)) == 25)
        var backwards = Self.precompLayer("moving")
        backwards["tm"] = Lottie.keyframes([Lottie.key(0, [1]), Lottie.key(10, [0])])
        let reversed = Lottie.document(outPoint: 40, layers: [backwards], assets: [Self.moving])
        #expect(Self.squareX(try Lottie.render(reversed, at: 0)) == 50)
        #expect(Self.squareX(try Lottie.render(reversed, at: 0.2)) == 40, "frame 2 shows its frame 8")
        #expect(Self.squareX(try Lottie.render(reversed, at: 1)) == 0)
    }

    /// A time-remapped precomposition's animations are sampled at every outer frame, except
    /// where nothing changes: a square moving over its frames 0…10.5, held after, is computed
    /// at frames 0…10, then once for the held position, kept at frames 11 and 40 only.
    @Test func timeRemappingKeepsAHeldValueOnce() throws {
        let asset: [String: Any] = [
            "id": "moving",
            "layers": [
                Lottie.shapeLayer(
                    [Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                    transform: Lottie.transform(position: Lottie.keyframes([Lottie.key(0, [0, 0]), Lottie.key(10.5, [50, 0])])),
                    outPoint: 100)
            ],
        ]
        var layer = Self.precompLayer("moving")
        layer["tm"] = Lottie.keyframes([Lottie.key(0, [0]), Lottie.key(40, [4])])
        let data = Lottie.document(outPoint: 40, layers: [layer], assets: [asset])
        let position = try #require(Self.keyframeAnimation("position", in: try LottieAnimation(data: data).rootLayer))
        #expect(position.values?.count == 13)
        #expect(position.values?.last as? CGPoint == CGPoint(x: 50, y: 0))
        for (time, x) in [(0.0, 0), (1.1, 50), (2.5, 50), (3.9, 50)] {
            #expect(Self.squareX(try Lottie.render(data, at: time)) == x, "time \(time)")
        }
    }

    /// A layer of a time-remapped precomposition is sampled only around the frames where it
    /// shows: after its out point (10.5) its position is not computed, though it keeps moving.
    /// Frames 0…11 are (11 is beside the last frame where it shows), then the last value stays.
    @Test func timeRemappedLayerIsSampledWhereItShows() throws {
        let asset: [String: Any] = [
            "id": "brief",
            "layers": [
                Lottie.shapeLayer(
                    [Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                    transform: Lottie.transform(position: Lottie.keyframes([Lottie.key(0, [0, 0]), Lottie.key(30, [60, 0])])),
                    outPoint: 10.5)
            ],
        ]
        var layer = Self.precompLayer("brief")
        layer["tm"] = Lottie.keyframes([Lottie.key(0, [0]), Lottie.key(40, [4])])
        let data = Lottie.document(outPoint: 40, layers: [layer], assets: [asset])
        let position = try #require(Self.keyframeAnimation("position", in: try LottieAnimation(data: data).rootLayer))
        #expect(position.values?.count == 13)
        let last = try #require(position.values?.last as? CGPoint)
        #expect(abs(last.x - 22) < 1e-6, "frame 11's")
        #expect(Self.squareX(try Lottie.render(data, at: 0.5)) == 10)
        #expect(Self.squareX(try Lottie.render(data, at: 0.9)) == 18)
        #expect(Self.squareX(try Lottie.render(data, at: 1.1)) == nil, "past its out point")
    }

    /// The first keyframe animation for `key` in `layer`'s tree (sublayers, depth first).
    static func keyframeAnimation(_ key: String, in layer: CALayer) -> CAKeyframeAnimation? {
        if let animation = layer.animation(forKey: key) as? CAKeyframeAnimation { return animation }
        for sublayer in layer.sublayers ?? [] {
            if let found = keyframeAnimation(key, in: sublayer) { return found }
        }
        return nil
    }

    /// A fill from white to pink whose easing overshoots below 0 (`o.y` −1.5, as in lottie-ios's
    /// `pr_1604_2`) passes through colors over 1 in every channel: still white, not read as
    /// 0–255 numbers (which only the values written are). Sampled at every frame through a time
    /// remapping, the square stays white, then turns pink.
    @Test func overshootingColorStaysWhite() throws {
        let color: [String: Any] = ["a": 1, "k": [
            ["t": 0, "s": [1, 1, 1, 1], "o": ["x": [0.167], "y": [-1.5]], "i": ["x": [0.7], "y": [1]]],
            ["t": 10, "s": [0.98, 0.8, 0.9, 1]],
        ]]
        let asset: [String: Any] = ["id": "fading", "layers": [
            Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), ["ty": "fl", "c": color, "o": Lottie.value(100), "r": 1]],
                              outPoint: 100),
        ]]
        var layer = Self.precompLayer("fading")
        layer["tm"] = Lottie.keyframes([Lottie.key(0, [0]), Lottie.key(10, [1])])
        let data = Lottie.document(outPoint: 40, layers: [layer], assets: [asset])
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        for time in [0, 0.1, 0.2, 0.3] { #expect(try Lottie.render(data, at: time)[5, 5] == white, "time \(time)") }
        let end = try Lottie.render(data, at: 1)[5, 5]
        #expect(end.r == 250 && end.g == 204 && end.b == 230)
    }

    @Test func precompositionClipsToItsSize() throws {
        let data = Lottie.document(outPoint: 40, layers: [Self.precompLayer("moving", width: 5, height: 5)], assets: [Self.moving])
        let pixmap = try Lottie.render(data, at: 0)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { $0 < 5 && $1 < 5 })
    }

    /// A layer of a precomposition visible from frame 0 shows at time 0 (an animation that
    /// begins at exactly 0 would begin "now" when added).
    @Test func layersVisibleFromTheFirstFrameShowAtTimeZero() throws {
        let data = Lottie.document(outPoint: 40, layers: [Self.precompLayer("moving", outPoint: 5)], assets: [Self.moving])
        #expect(Self.squareX(try Lottie.render(data, at: 0)) == 0)
        #expect(Self.squareX(try Lottie.render(data, at: 0.5)) == nil, "past the precomposition layer's out point")
    }

    /// What a precomposition leaves out is reported once, however often layers of the same name use it.
    @Test func precompositionUsedTwiceIsReportedOnce() throws {
        var blurred = Self.moving
        var layers = blurred["layers"] as! [[String: Any]]
        layers[0]["ef"] = [["ty": 29, "nm": "Gaussian Blur", "ef": []]]
        blurred["layers"] = layers
        var second = Self.precompLayer("moving")
        second["ind"] = 2
        let data = Lottie.document(layers: [Self.precompLayer("moving"), second], assets: [blurred])
        #expect(try LottieAnimation(data: data).skipped.count == 1)
    }

    @Test func precompositionIncludingItselfIsRefused() {
        let loop: [String: Any] = ["id": "a", "layers": [Self.precompLayer("b")]]
        let back: [String: Any] = ["id": "b", "layers": [Self.precompLayer("a")]]
        let data = Lottie.document(layers: [Self.precompLayer("a")], assets: [loop, back])
        #expect(throws: LottieError.precompCycle(assetID: "a")) { try LottieAnimation(data: data) }
    }

    /// A precomposition used twice in each of 20 nested ones would make 2^20 layers: refused.
    @Test func precompositionsMultiplyingLayersAreRefused() {
        var assets: [[String: Any]] = [["id": "p0", "layers": [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 1, height: 1)])]]]
        for i in 1...20 {
            assets.append(["id": "p\(i)", "layers": [Self.precompLayer("p\(i - 1)"), Self.precompLayer("p\(i - 1)")]])
        }
        let data = Lottie.document(layers: [Self.precompLayer("p20")], assets: assets)
        #expect {
            try LottieAnimation(data: data)
        } throws: { error in
            guard case LottieError.limitExceeded = error else { return false }
            return true
        }
    }
}
