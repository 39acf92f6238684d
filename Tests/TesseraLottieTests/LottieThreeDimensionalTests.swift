import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// 3D layers' rotations about x and y, drawn on screen and as `CALayer.render(in:)` draws them
/// (``LayerRenderer/Mode/renderInContext``), and its luminosity blend mode.
@Suite struct LottieThreeDimensionalTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let clear = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// A 3D layer: a 20×20 square about its centre (10, 10), placed at (50, 50), turned about x
    /// (`rx`) or y (`ry`) by `turn`.
    static func turnedSquare(_ key: String, _ turn: Any, shapes: [[String: Any]]? = nil) -> Data {
        var transform = Lottie.transform(anchor: Lottie.value([10, 10]), position: Lottie.value([50, 50]))
        transform[key] = turn
        var layer = Lottie.shapeLayer(
            shapes ?? [Lottie.rectangle(x: 0, y: 0, width: 20, height: 20), Lottie.fill([1, 0, 0])], transform: transform,
            outPoint: 20)
        layer["ddd"] = 1
        return Lottie.document(outPoint: 20, layers: [layer])
    }

    static func render(_ data: Data, at time: Double = 0, mode: LayerRenderer.Mode) throws -> Pixmap {
        let animation = try LottieAnimation(data: data)
        let pixmap = try Pixmap(width: Int(animation.size.width), height: Int(animation.size.height))
        let renderer = LayerRenderer(threadCount: 1)
        renderer.mode = mode
        renderer.render(animation.rootLayer, at: time, into: pixmap)
        return pixmap
    }

    /// Turned by 60° about x with no perspective, the square is seen at half its height.
    @Test func rotationAboutXFlattensTheLayer() throws {
        let pixmap = try Self.render(Self.turnedSquare("rx", Lottie.value(60)), mode: .onScreen)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (40..<60).contains($0) && (45..<55).contains($1) })
    }

    /// `render(in:)` draws a layer whose transform is not affine without its position and
    /// transform: the square's anchor (its centre) at its superlayer's origin.
    @Test func renderInContextDrawsATurnedLayerWithoutItsPositionAndTransform() throws {
        let pixmap = try Self.render(Self.turnedSquare("ry", Lottie.value(60)), mode: .renderInContext)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { $0 < 10 && $1 < 10 })
    }

    /// A turn back to 0 leaves an affine transform: `render(in:)` draws the layer in place.
    @Test func renderInContextDrawsAnUnturnedLayerInPlace() throws {
        let turn = Lottie.keyframes([Lottie.key(0, [90]), Lottie.key(10, [0])])
        let pixmap = try Self.render(Self.turnedSquare("rx", turn), at: 1.5, mode: .renderInContext)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (40..<60).contains($0) && (40..<60).contains($1) })
    }

    /// A turn about y from −125° back to 0 ends unmirrored: the square's left half (red) stays on
    /// the left. (Had the first keyframe been set into the model, the −125° matrix would be read
    /// back as other Euler angles, and setting y to 0 in them would leave a half turn.)
    @Test func rotationAboutYPastAQuarterTurnEndsUnmirrored() throws {
        let shapes: [[String: Any]] = [
            ["ty": "gr", "it": [Lottie.rectangle(x: 0, y: 0, width: 10, height: 20), Lottie.fill([1, 0, 0])]],
            ["ty": "gr", "it": [Lottie.rectangle(x: 10, y: 0, width: 10, height: 20), Lottie.fill([0, 0, 1])]],
        ]
        let turn = Lottie.keyframes([Lottie.key(0, [-125]), Lottie.key(10, [0])])
        let pixmap = try Self.render(Self.turnedSquare("ry", turn, shapes: shapes), at: 1.5, mode: .onScreen)
        #expect(pixmap[45, 50] == Self.red)
        #expect(pixmap[55, 50] == Self.blue)
    }

    /// A blue square over a red one with Lottie's blend mode `bm`.
    static func blended(_ mode: Int) -> Data {
        var top = Lottie.shapeLayer(
            [Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([0, 0, 1])], index: 1, name: "top")
        top["bm"] = mode
        let bottom = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])], index: 2)
        return Lottie.document(layers: [top, bottom])
    }

    /// `render(in:)` composites a luminosity layer (Lottie's `bm` 15) as a normal one; on screen
    /// it keeps the red's hue and saturation.
    @Test func renderInContextDrawsLuminosityAsNormal() throws {
        #expect(try Self.render(Self.blended(15), mode: .renderInContext)[50, 50] == Self.blue)
        #expect(try Self.render(Self.blended(15), mode: .onScreen)[50, 50] != Self.blue)
    }

    /// It draws the other blend modes, such as multiply (`bm` 1): blue times red is black.
    @Test func renderInContextKeepsMultiply() throws {
        #expect(try Self.render(Self.blended(1), mode: .renderInContext)[50, 50] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    /// Half turns about x, y and z, set in that order through the key paths, leave a half turn
    /// about z (each read apart into Euler angles before the next is set), as Apple's renders of
    /// lottie-ios's layers show: the square's left half (red) on the right.
    @Test func halfTurnsAboutEachAxisLeaveAHalfTurnAboutZ() throws {
        let shapes: [[String: Any]] = [
            ["ty": "gr", "it": [Lottie.rectangle(x: 0, y: 0, width: 10, height: 20), Lottie.fill([1, 0, 0])]],
            ["ty": "gr", "it": [Lottie.rectangle(x: 10, y: 0, width: 10, height: 20), Lottie.fill([0, 0, 1])]],
        ]
        let half = Lottie.keyframes([Lottie.key(0, [180]), Lottie.key(10, [180])])
        var data = Self.turnedSquare("rx", half, shapes: shapes)
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var layers = try #require(document["layers"] as? [[String: Any]])
        var transform = try #require(layers[0]["ks"] as? [String: Any])
        transform["ry"] = half
        transform["r"] = half
        layers[0]["ks"] = transform
        document["layers"] = layers
        data = try JSONSerialization.data(withJSONObject: document)
        let pixmap = try Self.render(data, at: 0.5, mode: .onScreen)
        #expect(pixmap[45, 45] == Self.blue)
        #expect(pixmap[55, 45] == Self.red)
    }
}
