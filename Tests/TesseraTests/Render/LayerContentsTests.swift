import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// `contents` images: where each gravity puts them, contentsRect, contentsCenter (only the
/// centre stretches), filters, drawing, and archives.
@Suite struct LayerContentsTests {
    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// An image 10 × 20 points in bounds 100 × 50 at (0, 0).
    @Test func everyGravityPlacesThePart() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 50), size = CGSize(width: 10, height: 20)
        let expected: [(CALayerContentsGravity, CGRect)] = [
            (.center, CGRect(x: 45, y: 15, width: 10, height: 20)), (.top, CGRect(x: 45, y: 0, width: 10, height: 20)),
            (.bottom, CGRect(x: 45, y: 30, width: 10, height: 20)), (.left, CGRect(x: 0, y: 15, width: 10, height: 20)),
            (.right, CGRect(x: 90, y: 15, width: 10, height: 20)), (.topLeft, CGRect(x: 0, y: 0, width: 10, height: 20)),
            (.topRight, CGRect(x: 90, y: 0, width: 10, height: 20)),
            (.bottomLeft, CGRect(x: 0, y: 30, width: 10, height: 20)),
            (.bottomRight, CGRect(x: 90, y: 30, width: 10, height: 20)), (.resize, bounds),
            (.resizeAspect, CGRect(x: 37.5, y: 0, width: 25, height: 50)),
            (.resizeAspectFill, CGRect(x: 0, y: -75, width: 100, height: 200)),
        ]
        for (gravity, rect) in expected {
            #expect(LayerContentsPlacement.place(size, in: bounds, gravity: gravity) == rect, "\(gravity.rawValue)")
        }
    }

    /// contentsScale divides the natural size: a 40-pixel image at scale 2 is 20 points.
    @Test func contentsScaleAndContentsRect() {
        let cells = LayerContentsPlacement.cells(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), imageWidth: 40,
                                                 imageHeight: 40, contentsRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1),
                                                 contentsCenter: CGRect(x: 0, y: 0, width: 1, height: 1), gravity: .center,
                                                 scale: 2)
        #expect(cells == [.init(source: CGRect(x: 20, y: 0, width: 20, height: 40),
                                destination: CGRect(x: 45, y: 40, width: 10, height: 20))])
    }

    /// A 30-pixel image with a centre of its middle third, drawn into 90 × 60: the 10-pixel
    /// borders keep their size, the centre takes the rest; into 12 × 12 the borders shrink to fit.
    @Test func contentsCenterStretchesOnlyTheCentre() {
        func cells(_ w: CGFloat, _ h: CGFloat) -> [LayerContentsPlacement.Cell] {
            LayerContentsPlacement.cells(bounds: CGRect(x: 0, y: 0, width: w, height: h), imageWidth: 30, imageHeight: 30,
                                         contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                         contentsCenter: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3),
                                         gravity: .resize, scale: 1)
        }
        let big = cells(90, 60)
        #expect(big.count == 9)
        #expect(big[0].destination == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(big[4].destination == CGRect(x: 10, y: 10, width: 70, height: 40), "the centre")
        #expect(big[8].destination == CGRect(x: 80, y: 50, width: 10, height: 10))
        #expect(big[4].source == CGRect(x: 10, y: 10, width: 10, height: 10))
        let small = cells(12, 12)
        #expect(small.count == 4 && small[0].destination == CGRect(x: 0, y: 0, width: 6, height: 6), "no centre left")
    }

    static func render(_ configure: (CALayer) -> Void, size: Int = 40) throws -> Pixmap {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.position = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
        configure(root)
        let pixmap = try Pixmap(width: size, height: size)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
        return pixmap
    }

    /// Nearest magnification: four exact quadrants, row 0 of the image at the top.
    @Test func resizedWithNearestFilter() throws {
        let image = try TestImages.quadrants()
        let pixmap = try Self.render { layer in
            layer.contents = image
            layer.magnificationFilter = .nearest
        }
        #expect(Self.rgba(pixmap[5, 5]) == [255, 0, 0, 255])
        #expect(Self.rgba(pixmap[35, 5]) == [0, 255, 0, 255])
        #expect(Self.rgba(pixmap[5, 35]) == [0, 0, 255, 255])
        #expect(Self.rgba(pixmap[35, 35]) == [255, 255, 255, 255])
        // Linear (the default) blends across the middle.
        let linear = try Self.render { $0.contents = image }
        #expect(Self.rgba(linear[20, 5])[0] > 0 && Self.rgba(linear[20, 5])[1] > 0)
        #expect(Self.rgba(linear[2, 2]) == [255, 0, 0, 255], "pad: the corner texel continues to the edge")
    }

    /// contentsRect shows the right column only; gravity center draws at the natural size.
    @Test func contentsRectAndGravityWhenDrawn() throws {
        let image = try TestImages.quadrants()
        let right = try Self.render { layer in
            layer.contents = image
            layer.magnificationFilter = .nearest
            layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        }
        #expect(Self.rgba(right[5, 5]) == [0, 255, 0, 255] && Self.rgba(right[35, 35]) == [255, 255, 255, 255])
        let centred = try Self.render { layer in
            layer.contents = image
            layer.contentsGravity = .center
            layer.contentsScale = 0.1   // 2 pixels at 0.1 pixel per point: 20 points
            layer.magnificationFilter = .nearest
        }
        #expect(Self.rgba(centred[12, 12]) == [255, 0, 0, 255])
        #expect(Self.rgba(centred[5, 5]) == [0, 0, 0, 0], "outside the centred image")
    }

    /// Contents round-trip through an archive as LKCGImageCodingProxy with the PNG bytes read;
    /// an empty proxy loads as no contents.
    @Test func archivesKeepThePNGBytes() throws {
        let pixmap = try Pixmap(width: 3, height: 1)
        pixmap[1, 0] = PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255)
        let png = Data(try pixmap.pngData())
        let layer = CALayer()
        layer.contents = try CGImage(decoding: png)
        layer.contentsGravity = .bottomLeft
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        layer.minificationFilter = .trilinear
        let written = try SceneDocument(rootLayer: layer).archiveData()
        let loaded = try SceneDocument(archiveData: written)
        #expect(loaded.skipped.isEmpty)
        let image = try #require(loaded.rootLayer.contents as? CGImage)
        #expect(image.pngData == png && Self.rgba(image.rasterImage[1, 0]) == [10, 20, 30, 255])
        #expect(loaded.rootLayer.contentsGravity == .bottomLeft && loaded.rootLayer.minificationFilter == .trilinear)
        #expect(try loaded.archiveData() == written, "written again, the same bytes")

        var b = ArchiveTests.Builder()
        let proxy = try b.object(ArchiveClass("LKCGImageCodingProxy", superclasses: ["CACodingProxy", "NSObject"]),
                                 [("data", .data([]))])
        let root = try b.object(ArchiveTests.Builder.layer,
                                [("name", .string("Root")), ("contents", proxy)])
        let empty = try SceneDocument(archiveData: try b.document(root))
        #expect(empty.rootLayer.contents == nil && empty.skipped.isEmpty)
    }
}
