import Foundation
import GoldenSupport
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// The layer renderer's first features: backgrounds rounded at chosen corners, borders inside
/// the bounds, shape fills and dashed, trimmed strokes, transforms, sublayer order by
/// zPosition, hidden layers, opacity and flipped geometry, checked pixel by pixel and against a
/// golden image.
@Suite struct LayerRendererTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    static func layer(_ frame: CGRect, _ color: CGColor?, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        parent.addSublayer(layer)
        return layer
    }

    /// A root layer `size` points square, with `background` (none by default).
    static func root(_ size: CGFloat, background: CGColor? = nil) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = background
        return root
    }

    static func render(_ root: CALayer, size: Int = 64, scale: Double = 1, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: size, height: size)
        let renderer = LayerRenderer(threadCount: threads)
        renderer.scale = scale
        renderer.render(root, at: 0, into: pixmap)
        return pixmap
    }

    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// A root with a white background and the features of the golden image.
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = white

        // Rounded at the top corners only, with a blue border 2 wide inside the bounds.
        let card = layer(CGRect(x: 4, y: 4, width: 28, height: 24), red, in: root)
        card.cornerRadius = 8
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.borderWidth = 2
        card.borderColor = blue

        // A triangle, filled green, stroked black and dashed, turned by 30°.
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        shape.position = CGPoint(x: 46, y: 18)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 12, y: 2))
        path.addLine(to: CGPoint(x: 22, y: 21))
        path.addLine(to: CGPoint(x: 2, y: 21))
        path.closeSubpath()
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 1)
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 2
        shape.lineDashPattern = [4, 2]
        shape.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        root.addSublayer(shape)

        // Added last but drawn first: zPosition -1.
        let behind = layer(CGRect(x: 20, y: 36, width: 20, height: 20), blue, in: root)
        behind.zPosition = -1
        _ = layer(CGRect(x: 8, y: 40, width: 20, height: 20), red, in: root)

        // Hidden: draws nothing. Half opaque: red over white.
        layer(CGRect(x: 44, y: 44, width: 16, height: 16), blue, in: root).isHidden = true
        layer(CGRect(x: 44, y: 36, width: 16, height: 6), red, in: root).opacity = 0.5
        return root
    }

    @Test func matchesGolden() throws {
        goldenImages.expectMatch(try Self.render(Self.scene()), named: "render-basic-layers")
    }

    @Test func pixels() throws {
        let image = try Self.render(Self.scene())
        // Inside the card, clear of the border: red. Its rounded top-left corner: the white root.
        #expect(Self.rgba(image[18, 16]) == [255, 0, 0, 255])
        #expect(Self.rgba(image[4, 4]) == [255, 255, 255, 255])
        // Its square bottom-left corner pixel is border: blue.
        #expect(Self.rgba(image[4, 27]) == [0, 0, 255, 255])
        // The border is inside the bounds: the pixel just outside is white.
        #expect(Self.rgba(image[3, 20]) == [255, 255, 255, 255])
        // Where the red square overlaps the blue one (zPosition -1), red shows.
        #expect(Self.rgba(image[24, 44]) == [255, 0, 0, 255])
        #expect(Self.rgba(image[36, 44]) == [0, 0, 255, 255])
        // The hidden layer's area is white.
        #expect(Self.rgba(image[52, 54]) == [255, 255, 255, 255])
        // Half-opaque red over white.
        let half = Self.rgba(image[52, 39])
        #expect(half[0] == 255 && abs(half[1] - 128) <= 1 && abs(half[2] - 128) <= 1 && half[3] == 255)
        // The shape's fill, at its centroid.
        #expect(Self.rgba(image[46, 20]) == [0, 153, 51, 255])
    }

    /// A frame reports how long its steps took: each step's time is counted once, so together
    /// they fit in the time the whole call took.
    @Test func reportsTheTimeOfEachStep() throws {
        let renderer = LayerRenderer(threadCount: 2)
        let pixmap = try Pixmap(width: 64, height: 64)
        let start = DispatchTime.now().uptimeNanoseconds
        renderer.render(Self.scene(), at: 0, into: pixmap)
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let t = renderer.lastFrameTimes
        let steps = [t.evaluation, t.drawing, t.raster.prepare, t.raster.binning, t.raster.rasterization]
        #expect(steps.allSatisfy { $0 >= 0 })
        #expect(t.raster.rasterization > 0 && t.evaluation > 0 && t.drawing > 0)
        #expect(steps.reduce(0, +) <= total)
    }

    @Test func sameBytesAtAnyThreadCount() throws {
        let one = try Self.render(Self.scene(), size: 128, scale: 2, threads: 1)
        for threads in [2, 8] {
            let many = try Self.render(Self.scene(), size: 128, scale: 2, threads: threads)
            #expect(GoldenImageStore.difference(one, many)?.pixelCount == 0, "\(threads) threads")
        }
    }

    /// A flipped layer's y runs up: a sublayer at the bottom of its bounds is drawn at the top.
    @Test func flippedGeometry() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.isGeometryFlipped = true
        _ = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 4), Self.red, in: root)
        let image = try Self.render(root, size: 16)
        #expect(Self.rgba(image[8, 14]) == [255, 0, 0, 255])
        #expect(Self.rgba(image[8, 1]) == [0, 0, 0, 0])
    }

    /// Scale maps points to pixels: a 4-point square at scale 3 covers 12 × 12 pixels exactly.
    @Test func scaleMapsPointsToPixels() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 10, y: 10, width: 8, height: 8)
        _ = Self.layer(CGRect(x: 10, y: 10, width: 4, height: 4), Self.red, in: root)
        let image = try Self.render(root, size: 24, scale: 3)
        var covered = 0
        for y in 0..<24 { for x in 0..<24 where image[x, y].a == 255 { covered += 1 } }
        #expect(covered == 144)
        #expect(Self.rgba(image[11, 11]) == [255, 0, 0, 255] && image[12, 12].a == 0)
    }
}


/// Layers under perspective (`sublayerTransform.m34`) are projected; those behind the eye are
/// not drawn.
@Suite struct LayerRendererPerspectiveTests {
    typealias Support = LayerRendererTests

    static func stage() -> (root: CALayer, card: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = Support.white
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 100
        root.sublayerTransform = perspective
        let card = Support.layer(CGRect(x: 12, y: 12, width: 40, height: 40), Support.blue, in: root)
        return (root, card)
    }

    /// Turned about y, the card's near edge is taller than its far edge.
    @Test func rotationAboutYForeshortens() throws {
        let (root, card) = Self.stage()
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let image = try Support.render(root, size: 64)
        let columns = (0..<64).filter { x in (0..<64).contains { image[x, $0].b == 255 && image[x, $0].r == 0 } }
        func height(_ x: Int) -> Int { (0..<64).filter { image[x, $0].b == 255 && image[x, $0].r == 0 }.count }
        let (left, right) = (try #require(columns.first), try #require(columns.last))
        #expect(right - left < 36, "narrower than its 40 points")
        #expect(height(left + 1) != height(right - 1))
        goldenImages.expectMatch(image, named: "render-perspective")
    }

    /// Moved past the eye (zPosition beyond the perspective distance): not drawn.
    @Test func behindTheEye() throws {
        let (root, card) = Self.stage()
        card.zPosition = 150
        let image = try Support.render(root, size: 64)
        #expect((0..<64).allSatisfy { y in (0..<64).allSatisfy { image[$0, y].r == 255 } })
    }
}
