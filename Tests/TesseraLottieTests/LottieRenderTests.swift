import Foundation
import Testing
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Hand-written documents rendered to exact pixels: shapes in place, layer transforms, parents,
/// keyframes (linear, eased, held), in and out points, precompositions.
@Suite struct LottieRenderTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let clear = PremultipliedRGBA8.transparent

    @Test func rectangleCoversExactlyItsPixels() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 20, y: 30, width: 10, height: 10), Lottie.fill([1, 0, 0])])])
        let pixmap = try Lottie.render(data)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (20..<30).contains($0) && (30..<40).contains($1) })
    }

    /// Lottie's transform: position + rotation · scale · (p − anchor).
    @Test func layerTransformMovesScalesAndTurnsAboutTheAnchor() throws {
        // A 10×10 square at (0, 0)-(10, 10), anchor at its center (5, 5), placed at (50, 50), scaled
        // 2× and turned 90°: it covers 40…60 in both directions.
        let transform = Lottie.transform(anchor: Lottie.value([5, 5]), position: Lottie.value([50, 50]),
                                         scale: Lottie.value([200, 200]), rotation: Lottie.value(90))
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                                                              transform: transform)])
        let pixmap = try Lottie.render(data)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (40..<60).contains($0) && (40..<60).contains($1) })
    }

    /// A parent's transform moves its child; the parent (a null layer) draws nothing.
    @Test func parentTransformMovesTheChild() throws {
        let parent: [String: Any] = ["ty": 3, "nm": "parent", "ind": 1, "ip": 0, "op": 10, "st": 0,
                                     "ks": Lottie.transform(position: Lottie.value([30, 20]))]
        let child = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])], index: 2, parent: 1,
                                      transform: Lottie.transform(position: Lottie.value([5, 5])))
        let pixmap = try Lottie.render(Lottie.document(layers: [child, parent]))
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (35..<45).contains($0) && (25..<35).contains($1) })
    }

    /// Opacity keyframes 0 → 100 over frames 0…10 at 10 fps: half way (0.5 s) is alpha 128 or so.
    @Test func opacityKeyframeHalfWay() throws {
        let transform = Lottie.transform(opacity: Lottie.keyframes([Lottie.key(0, [0]), Lottie.key(10, [100])]))
        let data = Lottie.document(outPoint: 20, layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100),
                                                                             Lottie.fill([1, 0, 0])], transform: transform, outPoint: 20)])
        let pixmap = try Lottie.render(data, at: 0.5)
        #expect(abs(Int(pixmap[50, 50].a) - 128) <= 1)
        #expect(try Lottie.render(data, at: 0)[50, 50].a == 0)
        #expect(try Lottie.render(data, at: 1.5)[50, 50] == Self.red, "after the last keyframe: its value")
    }

    /// A held keyframe keeps its value until the next keyframe, then jumps.
    @Test func holdKeyframeJumps() throws {
        let position = Lottie.keyframes([Lottie.key(0, [10, 10], hold: true), Lottie.key(5, [60, 60])])
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                                                              transform: Lottie.transform(position: position))])
        let before = try Lottie.render(data, at: 0.49)
        #expect(Lottie.matches(before, inside: Self.red, outside: Self.clear) { (10..<20).contains($0) && (10..<20).contains($1) })
        let after = try Lottie.render(data, at: 0.5)
        #expect(Lottie.matches(after, inside: Self.red, outside: Self.clear) { (60..<70).contains($0) && (60..<70).contains($1) })
    }

    /// An eased keyframe (ease in and out, handles (0.5, 0) and (0.5, 1)) is half way at half
    /// time by symmetry, and behind a linear one at a quarter.
    @Test func easedKeyframeFollowsItsCurve() throws {
        var from = Lottie.key(0, [0, 0]), to = Lottie.key(10, [80, 0])
        from["o"] = ["x": [0.5], "y": [0]]
        from["i"] = ["x": [0.5], "y": [1]]
        to["o"] = from["o"]
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 100), Lottie.fill([1, 0, 0])],
                                                              transform: Lottie.transform(position: Lottie.keyframes([from, to])))])
        let half = try Lottie.render(data, at: 0.5)
        #expect(Lottie.matches(half, inside: Self.red, outside: Self.clear) { (40..<50).contains($0) && $1 < 100 })
        let quarter = try Lottie.render(data, at: 0.25)
        let x = CubicEasing(0.5, 0, 0.5, 1).value(at: 0.25) * 80
        #expect(x < 20)
        #expect(quarter[Int(x) + 5, 50] == Self.red)
        #expect(quarter[Int(x.rounded(.up)) + 11, 50] == Self.clear)
    }

    /// A layer is drawn from its in point up to (not including) its out point.
    @Test func inAndOutPoints() throws {
        let data = Lottie.document(layers: [Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])],
                                                              inPoint: 2, outPoint: 5)])
        #expect(try Lottie.render(data, at: 0.1)[50, 50] == Self.clear)
        #expect(try Lottie.render(data, at: 0.2)[50, 50] == Self.red)
        #expect(try Lottie.render(data, at: 0.45)[50, 50] == Self.red)
        #expect(try Lottie.render(data, at: 0.5)[50, 50] == Self.clear)
    }

    /// A parented layer shown from its in point to its out point: its visibility is on the
    /// layer that holds its parent's transform around it (hidden, the renderer walks neither),
    /// and it draws where and when it did with the visibility on itself.
    @Test func parentedLayerIsHiddenAroundItsParent() throws {
        let parent: [String: Any] = ["ty": 3, "nm": "parent", "ind": 1, "ip": 0, "op": 10, "st": 0,
                                     "ks": Lottie.transform(position: Lottie.value([30, 20]))]
        let child = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])], index: 2, parent: 1,
                                      inPoint: 2, outPoint: 5, name: "child")
        let data = Lottie.document(layers: [child, parent])
        let animation = try LottieAnimation(data: data)
        let composition = try #require(animation.rootLayer.sublayers?.first)
        let holder = try #require(composition.sublayers?.first)
        #expect(holder.name == "parent (parent of child)")
        #expect(holder.isHidden && holder.animation(forKey: "visibility") != nil)
        let drawn = try #require(Self.layer(named: "child", in: holder))
        #expect(!drawn.isHidden && drawn.animation(forKey: "visibility") == nil)
        let square: (Int, Int) -> Bool = { (30..<40).contains($0) && (20..<30).contains($1) }
        #expect(Lottie.matches(try Lottie.render(data, at: 0.1), inside: Self.clear, outside: Self.clear, where: square))
        #expect(Lottie.matches(try Lottie.render(data, at: 0.2), inside: Self.red, outside: Self.clear, where: square))
        #expect(Lottie.matches(try Lottie.render(data, at: 0.45), inside: Self.red, outside: Self.clear, where: square))
        #expect(Lottie.matches(try Lottie.render(data, at: 0.5), inside: Self.clear, outside: Self.clear, where: square))
    }

    /// A matted layer's visibility is on the layer its matte masks; its matte's on the matte's own layer.
    @Test func mattedLayerIsHiddenAroundItsMatte() throws {
        var matte = Lottie.shapeLayer([Lottie.rectangle(x: 20, y: 20, width: 30, height: 30), Lottie.fill([0, 0, 1])], index: 1,
                                      inPoint: 0, outPoint: 4, name: "matte")
        matte["td"] = 1
        var matted = Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 100, height: 100), Lottie.fill([1, 0, 0])], index: 2,
                                       inPoint: 2, outPoint: 6, name: "matted")
        matted["tt"] = 1
        let data = Lottie.document(layers: [matte, matted])
        let animation = try LottieAnimation(data: data)
        let composition = try #require(animation.rootLayer.sublayers?.first)
        let container = try #require(composition.sublayers?.first)
        #expect(container.name == "matted (matted)")
        #expect(container.isHidden && container.animation(forKey: "visibility") != nil)
        #expect(try #require(Self.layer(named: "matted", in: container)).animation(forKey: "visibility") == nil)
        let matteLayer = try #require(container.mask?.sublayers?.first)
        #expect(matteLayer.name == "matte" && matteLayer.isHidden && matteLayer.animation(forKey: "visibility") != nil)
        let square: (Int, Int) -> Bool = { (20..<50).contains($0) && (20..<50).contains($1) }
        #expect(Lottie.matches(try Lottie.render(data, at: 0.1), inside: Self.clear, outside: Self.clear, where: square))
        #expect(Lottie.matches(try Lottie.render(data, at: 0.3), inside: Self.red, outside: Self.clear, where: square))
        // The matte is gone at 0.4 s: the matted layer shows through none of it.
        #expect(Lottie.matches(try Lottie.render(data, at: 0.45), inside: Self.clear, outside: Self.clear, where: square))
    }

    /// The first layer named `name` in `layer`'s tree, depth first.
    static func layer(named name: String, in layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers ?? [] {
            if let found = Self.layer(named: name, in: sublayer) { return found }
        }
        return nil
    }

    /// Time 0 is the document's in point.
    @Test func timeZeroIsTheInPoint() throws {
        let position = Lottie.keyframes([Lottie.key(10, [0, 0]), Lottie.key(20, [50, 0])])
        let data = Lottie.document(inPoint: 10, outPoint: 20, layers: [
            Lottie.shapeLayer([Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), Lottie.fill([1, 0, 0])],
                              transform: Lottie.transform(position: position), inPoint: 10, outPoint: 20),
        ])
        let pixmap = try Lottie.render(data, at: 0.5)
        #expect(Lottie.matches(pixmap, inside: Self.red, outside: Self.clear) { (25..<35).contains($0) && $1 < 10 })
    }
}
