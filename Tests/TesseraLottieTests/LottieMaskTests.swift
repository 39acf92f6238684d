import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Masks (add, subtract, intersect, inverted, opacity) and mattes.
@Suite struct LottieMaskTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A closed rectangle path for a mask.
    static func maskPath(x: Double, y: Double, width: Double, height: Double) -> [String: Any] {
        Lottie.value(["c": true, "v": [[x, y], [x + width, y], [x + width, y + height], [x, y + height]],
                      "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]])
    }

    static func mask(_ mode: String, x: Double, y: Double, width: Double, height: Double, inverted: Bool = false,
                     opacity: Double = 100) -> [String: Any] {
        ["mode": mode, "inv": inverted, "pt": maskPath(x: x, y: y, width: width, height: height), "o": Lottie.value(opacity)]
    }

    /// A red layer over the whole document, with masks.
    static func masked(_ masks: [[String: Any]]) throws -> Pixmap {
        var layer = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])],
                                      transform: Lottie.transform(anchor: Lottie.value([50, 50]), position: Lottie.value([50, 50])))
        layer["hasMask"] = true
        layer["masksProperties"] = masks
        return try Lottie.render(Lottie.document(layers: [layer]))
    }

    @Test func addShowsOnlyInside() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 10, y: 20, width: 30, height: 40)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (10..<40).contains($0) && (20..<60).contains($1) })
    }

    @Test func subtractTakesAway() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 50, height: 100), Self.mask("s", x: 0, y: 0, width: 50, height: 50)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { $0 < 50 && $1 >= 50 })
    }

    @Test func intersectKeepsTheOverlap() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 60, height: 60), Self.mask("i", x: 40, y: 40, width: 60, height: 60)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (40..<60).contains($0) && (40..<60).contains($1) })
    }

    @Test func invertedAddShowsOutside() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 50, height: 100, inverted: true)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { x, _ in x >= 50 })
    }

    @Test func maskOpacityFades() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 100, height: 100, opacity: 50)])
        #expect(abs(Int(pixmap[50, 50].a) - 128) <= 1)
    }

    /// Lighten adds, as After Effects combines opaque masks: the union of the two.
    @Test func lightenAddsItsArea() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 30, height: 100), Self.mask("l", x: 60, y: 0, width: 40, height: 100)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { x, _ in x < 30 || x >= 60 })
    }

    /// Darken intersects, as After Effects combines opaque masks: the overlap of the two.
    @Test func darkenKeepsTheOverlap() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 60, height: 60), Self.mask("d", x: 40, y: 40, width: 60, height: 60)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (40..<60).contains($0) && (40..<60).contains($1) })
    }

    /// Difference keeps what is in either area but not in both; a first difference mask is its
    /// path alone (lottie-ios draws it so; `TypeFace/Apostrophe` is nine of them).
    @Test func differenceKeepsWhatIsInOneAreaOnly() throws {
        let pixmap = try Self.masked([Self.mask("a", x: 0, y: 0, width: 60, height: 60), Self.mask("f", x: 40, y: 40, width: 60, height: 60)])
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { x, y in
            let first = x < 60 && y < 60, second = x >= 40 && y >= 40
            return first != second
        })
        let alone = try Self.masked([Self.mask("f", x: 10, y: 20, width: 30, height: 40)])
        #expect(Lottie.matches(alone, inside: Self.red, outside: .transparent) { (10..<40).contains($0) && (20..<60).contains($1) })
    }

    /// An alpha matte: the layer shows only where the layer above it (its matte, not drawn
    /// itself) is opaque.
    @Test func alphaMatteShowsThroughTheMatte() throws {
        var matte = Lottie.shapeLayer([Lottie.rectangle(x: 20, y: 20, width: 30, height: 30), Lottie.fill([0, 0, 1])], index: 1, name: "matte")
        matte["td"] = 1
        var matted = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])], index: 2)
        matted["tt"] = 1
        let pixmap = try Lottie.render(Lottie.document(layers: [matte, matted]))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (20..<50).contains($0) && (20..<50).contains($1) })
    }

    /// A matte (a blue or gray square at 20…50) over a red layer over the whole document.
    static func matted(mode: Int, matteColor: [Double] = [0, 0, 1]) throws -> Pixmap {
        var matte = Lottie.shapeLayer([Lottie.rectangle(x: 20, y: 20, width: 30, height: 30), Lottie.fill(matteColor)], index: 1, name: "matte")
        matte["td"] = 1
        var matted = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])], index: 2)
        matted["tt"] = mode
        return try Lottie.render(Lottie.document(layers: [matte, matted]))
    }

    @Test func invertedAlphaMatteShowsOutsideTheMatte() throws {
        let pixmap = try Self.matted(mode: 2)
        #expect(Lottie.matches(pixmap, inside: .transparent, outside: Self.red) { (20..<50).contains($0) && (20..<50).contains($1) })
    }

    /// A luma matte shows the layer as much as the matte is bright: white fully, mid gray half.
    @Test func lumaMatteShowsAsMuchAsItIsBright() throws {
        let white = try Self.matted(mode: 3, matteColor: [1, 1, 1])
        #expect(Lottie.matches(white, inside: Self.red, outside: .transparent) { (20..<50).contains($0) && (20..<50).contains($1) })
        let gray = try Self.matted(mode: 3, matteColor: [0.5, 0.5, 0.5])
        #expect(abs(Int(gray[30, 30].a) - 128) <= 2 && gray[10, 10].a == 0)
        let inverted = try Self.matted(mode: 4, matteColor: [1, 1, 1])
        #expect(Lottie.matches(inverted, inside: .transparent, outside: Self.red) { (20..<50).contains($0) && (20..<50).contains($1) })
    }

    /// A layer's blend mode composites it over the layers below: multiply of red over white
    /// is red, over blue is black.
    @Test func blendModeComposites() throws {
        let below = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 50, height: 100), Lottie.fill([1, 1, 1]),
                                       Lottie.rectangle(x: 50, y: 0, width: 50, height: 100), Lottie.fill([0, 0, 1])], index: 1)
        var above = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])], index: 2)
        above["bm"] = 1
        let pixmap = try Lottie.render(Lottie.document(layers: [above, below]))
        #expect(pixmap[25, 50] == Self.red)
        #expect(pixmap[75, 50] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    /// A drop shadow's softness over 5 is the layer's `shadowRadius`, which blurs by a Gaussian
    /// of σ = the radius (Apple's renders of lottie-ios's `issue_1169_shadow_effect`): across
    /// the edge of a large square, its alpha follows the Gaussian's cumulative distribution
    /// with σ = 4 points (softness 20), half at the edge.
    @Test func dropShadowSoftnessBlursBySigmaOfSoftnessOverFive() throws {
        func entry(_ name: String, _ value: Any) -> [String: Any] { ["nm": name, "v": Lottie.value(value)] }
        // A red square from x = 60 down the whole height; its shadow, not moved, shows beside
        // its edges only: read across the left one, far from the corners.
        var layer = Lottie.shapeLayer([Lottie.rectangle(x: 60, y: 0, width: 100, height: 200), Lottie.fill([1, 0, 0])])
        layer["ef"] = [["ty": 25, "nm": "Drop Shadow", "ef": [entry("Shadow Color", [0, 0, 0, 1]), entry("Opacity", 255),
                                                             entry("Direction", 90), entry("Distance", 0), entry("Softness", 20)]]]
        let pixmap = try Lottie.render(Lottie.document(width: 200, height: 200, layers: [layer]))
        for x in 44..<60 {
            let distance = (Double(x) + 0.5 - 60) / 4   // in σ from the edge, outside it
            let expected = 255 * 0.5 * (1 + erf(distance / 2.squareRoot()))
            #expect(abs(Double(pixmap[x, 100].a) - expected) <= 3, "x = \(x)")
        }
    }

    /// A drop shadow effect: black, opaque, hard, 10 points straight down (direction 180°).
    @Test func dropShadowEffectFallsWhereItsDirectionSays() throws {
        func entry(_ name: String, _ value: Any) -> [String: Any] { ["nm": name, "v": Lottie.value(value)] }
        var layer = Lottie.shapeLayer([Lottie.rectangle(x: 20, y: 20, width: 20, height: 20), Lottie.fill([1, 0, 0])])
        layer["ef"] = [["ty": 25, "nm": "Drop Shadow", "ef": [entry("Shadow Color", [0, 0, 0, 1]), entry("Opacity", 255),
                                                             entry("Direction", 180), entry("Distance", 10), entry("Softness", 0)]]]
        let pixmap = try Lottie.render(Lottie.document(layers: [layer]))
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        #expect(pixmap[30, 30] == Self.red && pixmap[30, 45] == black && pixmap[30, 55].a == 0 && pixmap[45, 45].a == 0)
    }

    /// An auto-oriented layer turns with its motion: moving straight down, its x axis points down.
    @Test func autoOrientTurnsAlongTheMotion() throws {
        var layer = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: -2, width: 20, height: 4), Lottie.fill([1, 0, 0])],
                                      transform: Lottie.transform(position: Lottie.keyframes([Lottie.key(0, [50, 0]), Lottie.key(10, [50, 100])])))
        layer["ao"] = 1
        let pixmap = try Lottie.render(Lottie.document(layers: [layer]), at: 0.5)
        // At (50, 50), a 20 × 4 bar turned a quarter: x 48…52, y 50…70.
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: .transparent) { (48..<52).contains($0) && (50..<70).contains($1) })
    }
}
