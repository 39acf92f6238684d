import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Shape items: strokes, trims (with offsets that wrap), gradients, the order of styles, groups.
@Suite struct LottieShapeTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

    /// A horizontal line across a 100×100 document at y = 50.
    static var line: [String: Any] {
        ["ty": "sh", "ks": Lottie.value(["c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]])]
    }

    static func stroke(_ rgb: [Double], width: Double, cap: Int = 1) -> [String: Any] {
        ["ty": "st", "c": Lottie.value(rgb), "o": Lottie.value(100), "w": Lottie.value(width), "lc": cap, "lj": 1, "ml": 4]
    }

    static func trim(start: Double, end: Double, offset: Double = 0) -> [String: Any] {
        ["ty": "tm", "s": Lottie.value(start), "e": Lottie.value(end), "o": Lottie.value(offset), "m": 1]
    }

    /// The columns of row 50 the red line covers.
    static func covered(_ pixmap: Pixmap) -> [Int] {
        (0..<pixmap.width).filter { pixmap[$0, 50] == red }
    }

    @Test func strokeHasItsWidth() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Self.line, Self.stroke([1, 0, 0], width: 10)])])
        let pixmap = try Lottie.render(data)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { _, y in (45..<55).contains(y) })
    }

    @Test func trimKeepsItsRange() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Self.line, Self.stroke([1, 0, 0], width: 10), Self.trim(start: 20, end: 70)])])
        #expect(Self.covered(try Lottie.render(data)) == Array(20..<70))
    }

    /// An offset of a quarter turn moves the range by a quarter of the path; past the end it
    /// wraps to the start.
    @Test func trimOffsetWrapsAround() throws {
        let shifted = Lottie.document(layers: [Lottie.shapeLayer([Self.line, Self.stroke([1, 0, 0], width: 10),
                                                                  Self.trim(start: 0, end: 50, offset: 90)])])
        #expect(Self.covered(try Lottie.render(shifted)) == Array(25..<75))
        let wrapped = Lottie.document(layers: [Lottie.shapeLayer([Self.line, Self.stroke([1, 0, 0], width: 10),
                                                                  Self.trim(start: 0, end: 50, offset: 270)])])
        #expect(Self.covered(try Lottie.render(wrapped)) == Array(0..<25) + Array(75..<100))
    }

    /// Items listed first are drawn on top: a red fill listed before a blue one covers it.
    @Test func firstListedIsOnTop() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([
            Lottie.rectangle(x: 0, y: 0, width: 50, height: 50), Lottie.fill([1, 0, 0]),
            Lottie.rectangle(x: 25, y: 25, width: 50, height: 50), Lottie.fill([0, 0, 1]),
        ])])
        let pixmap = try Lottie.render(data)
        #expect(pixmap[30, 30] == Self.red && pixmap[60, 60] == Self.blue && pixmap[10, 10] == Self.red)
    }

    /// A fill after a group paints the group's paths too, under the group's own fill, through
    /// the group's transform.
    @Test func outerFillPaintsNestedGroups() throws {
        let group: [String: Any] = ["ty": "gr", "it": [
            Lottie.rectangle(x: 0, y: 0, width: 10, height: 10),
            ["ty": "tr", "p": Lottie.value([40, 40]), "a": Lottie.value([0, 0]), "s": Lottie.value([100, 100]), "r": Lottie.value(0),
             "o": Lottie.value(100)],
        ]]
        let data = Lottie.document(layers: [Lottie.shapeLayer([group, Lottie.fill([1, 0, 0])])])
        let pixmap = try Lottie.render(data)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (40..<50).contains($0) && (40..<50).contains($1) })
    }

    /// A polygon of 4 points turned 45° with its corners √2 × 20 from the center: a 40 × 40 square.
    @Test func polygonHasItsPoints() throws {
        let polygon: [String: Any] = ["ty": "sr", "sy": 2, "pt": Lottie.value(4), "p": Lottie.value([50, 50]), "r": Lottie.value(45),
                                      "or": Lottie.value(20 * 2.0.squareRoot()), "os": Lottie.value(0)]
        let pixmap = try Lottie.render(Lottie.document(layers: [Lottie.shapeLayer([polygon, Lottie.fill([1, 0, 0])])]))
        let inside = pixmap[31, 31] == Self.red && pixmap[68, 68] == Self.red && pixmap[29, 50].a == 0 && pixmap[71, 50].a == 0
        #expect(inside)
    }

    /// A star's inner points sit on the inner radius: straight below the center of a 5-point star
    /// (turned so an inner point is there) the fill ends at the inner radius.
    @Test func starAlternatesRadii() throws {
        let star: [String: Any] = ["ty": "sr", "sy": 1, "pt": Lottie.value(5), "p": Lottie.value([50, 50]), "r": Lottie.value(0),
                                   "or": Lottie.value(40), "ir": Lottie.value(20), "os": Lottie.value(0), "is": Lottie.value(0)]
        let pixmap = try Lottie.render(Lottie.document(layers: [Lottie.shapeLayer([star, Lottie.fill([1, 0, 0])])]))
        // The top point reaches y = 10; an inner point lies straight below at y = 70.
        #expect(pixmap[50, 12] == Self.red && pixmap[50, 8].a == 0)
        #expect(pixmap[50, 68] == Self.red && pixmap[50, 72].a == 0)
    }

    /// Rounded corners cut a 40 × 40 square's corners by a radius of 10: the corner pixel is
    /// empty, the middle of each side full.
    @Test func roundedCornersRoundSharpCorners() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 30, y: 30, width: 40, height: 40),
                                                              ["ty": "rd", "r": Lottie.value(10)], Lottie.fill([1, 0, 0])])])
        let pixmap = try Lottie.render(data)
        #expect(pixmap[30, 30].a == 0 && pixmap[69, 69].a == 0)
        #expect(pixmap[50, 30] == Self.red && pixmap[30, 50] == Self.red && pixmap[33, 33] == Self.red)
    }

    /// A repeater of 3 copies, each moved 20 to the right and less opaque: squares at 0, 20, 40
    /// with opacity 100 %, 75 %, 50 %.
    @Test func repeaterCopiesWithTheirOpacity() throws {
        let repeater: [String: Any] = ["ty": "rp", "c": Lottie.value(3), "o": Lottie.value(0), "m": 1,
                                       "tr": ["a": Lottie.value([0, 0]), "p": Lottie.value([20, 0]), "s": Lottie.value([100, 100]),
                                              "r": Lottie.value(0), "so": Lottie.value(100), "eo": Lottie.value(50)]]
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0]),
                                                              repeater])])
        let pixmap = try Lottie.render(data)
        #expect(pixmap[5, 5] == Self.red)
        #expect(abs(Int(pixmap[25, 5].a) - 191) <= 1 && abs(Int(pixmap[45, 5].a) - 128) <= 1)
        #expect(pixmap[15, 5].a == 0 && pixmap[65, 5].a == 0)
    }

    /// A layer skewed by 45° whose skew axis turns from 0° to 90° (animated skew used to be
    /// drawn at its first value; lottie-ios's `issue_2055` turns its axis a full turn). A 2 × 2
    /// square centered 11 points right of the layer's origin, at (50, 50): on the x axis, a
    /// shear along x leaves it in place (61, 50); along y it moves down by 11 · tan 45° (61, 61).
    @Test func animatedSkewAxisTurnsTheShear() throws {
        var layer = Lottie.shapeLayer([Lottie.rectangle(x: 10, y: -1, width: 2, height: 2), Lottie.fill([1, 0, 0])],
                                      transform: Lottie.transform(position: Lottie.value([50, 50])))
        var ks = layer["ks"] as! [String: Any]
        ks["sk"] = Lottie.value(45)
        ks["sa"] = Lottie.keyframes([Lottie.key(0, [0]), Lottie.key(10, [90])])
        layer["ks"] = ks
        let data = Lottie.document(layers: [layer])
        func centroid(_ pixmap: Pixmap) -> (x: Double, y: Double) {
            var sx = 0.0, sy = 0.0, total = 0.0
            for y in 0..<pixmap.height {
                for x in 0..<pixmap.width {
                    let a = Double(pixmap[x, y].a)
                    sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5); total += a
                }
            }
            return (sx / total, sy / total)
        }
        let start = centroid(try Lottie.render(data, at: 0)), end = centroid(try Lottie.render(data, at: 1))
        #expect(abs(start.x - 61) < 0.1 && abs(start.y - 50) < 0.1)
        #expect(abs(end.x - 61) < 0.1 && abs(end.y - 61) < 0.1)
        // Half way, the axis at 45°: the point, 11 · sin 45° off the axis, moves along it by
        // that times tan 45°: (5.5, 5.5), to (66.5, 55.5).
        let middle = centroid(try Lottie.render(data, at: 0.5))
        #expect(abs(middle.x - 66.5) < 0.2 && abs(middle.y - 55.5) < 0.2)
    }

    /// A linear gradient from red at x = 0 to blue at x = 100 across a rectangle, interpolated in
    /// Generic RGB as Apple's gradient layers are: at pixel 50 (t = 0.505) about (145, 33, 151),
    /// where sRGB's straight line would give (126, 0, 129).
    @Test func linearGradientRunsFromStartToEnd() throws {
        let gradient: [String: Any] = ["ty": "gf", "o": Lottie.value(100), "r": 1, "t": 1, "s": Lottie.value([0, 0]),
                                       "e": Lottie.value([100, 0]), "g": ["p": 2, "k": Lottie.value([0, 1, 0, 0, 1, 0, 0, 1])]]
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), gradient])])
        let pixmap = try Lottie.render(data)
        #expect(pixmap[0, 50].r > 250 && pixmap[99, 50].b > 250)
        #expect(abs(Int(pixmap[50, 50].r) - 145) <= 2 && abs(Int(pixmap[50, 50].g) - 33) <= 2
                    && abs(Int(pixmap[50, 50].b) - 151) <= 2)
        #expect(pixmap[50, 10] == pixmap[50, 90], "constant across")
        #expect(pixmap[50, 50].a == 255)
    }

    /// A diagonal gradient across a long rectangle (100 × 20): its gradient layer is square, so
    /// that Core Animation, which draws an axial gradient in the unit square stretched over the
    /// bounds, keeps lines of one colour perpendicular to the start-to-end direction, as After
    /// Effects draws them. (40, 60) and (60, 40) lie on one such line from (40, 40) to (60, 60):
    /// they take one value in the unit square, and one colour in the render.
    @Test func linearGradientLayerIsSquare() throws {
        let gradient: [String: Any] = ["ty": "gf", "o": Lottie.value(100), "r": 1, "t": 1, "s": Lottie.value([40, 40]),
                                       "e": Lottie.value([60, 60]), "g": ["p": 2, "k": Lottie.value([0, 1, 0, 0, 1, 0, 0, 1])]]
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 40, width: 100, height: 20), gradient])])
        func gradientLayers(_ layer: CALayer) -> [CAGradientLayer] {
            (layer as? CAGradientLayer).map { [$0] } ?? (layer.sublayers ?? []).flatMap(gradientLayers)
        }
        let layers = gradientLayers(try LottieAnimation(data: data).rootLayer)
        try #require(layers.count == 1)
        let layer = layers[0], frame = layer.frame
        #expect(frame.width == frame.height && frame.midX == 50 && frame.midY == 50 && frame.width >= 100, "\(frame)")
        func unit(_ x: Double, _ y: Double) -> SIMD2<Double> {
            SIMD2((x - Double(frame.minX)) / Double(frame.width), (y - Double(frame.minY)) / Double(frame.height))
        }
        let start = SIMD2(Double(layer.startPoint.x), Double(layer.startPoint.y))
        let end = SIMD2(Double(layer.endPoint.x), Double(layer.endPoint.y))
        func t(_ u: SIMD2<Double>) -> Double { ((u - start) * (end - start)).sum() / ((end - start) * (end - start)).sum() }
        #expect(abs(t(unit(40, 60)) - 0.5) < 1e-12 && abs(t(unit(60, 40)) - 0.5) < 1e-12)
        let pixmap = try Lottie.render(data)
        #expect(pixmap[40, 59] == pixmap[59, 40], "one colour along the perpendicular")
    }

    /// Alpha stops join the color stops: a red gradient from opaque to clear.
    @Test func gradientOpacityStops() {
        let stops = ShapeLayers.stops([0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0], colorStopCount: 2)
        #expect(stops.map(\.location) == [0, 0, 1, 1])
        #expect(stops.map { $0.color.alpha } == [1, 1, 0, 0])
    }
}
