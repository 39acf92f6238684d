import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// CAGradientLayer: colours at chosen points for each type from its formula, locations, the
/// Generic RGB interpolation, as a mask, and archives.
@Suite struct GradientLayerTests {
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    static func render(_ layer: CALayer, size: Int = 100) throws -> Pixmap {
        layer.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        layer.position = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
        let pixmap = try Pixmap(width: size, height: size)
        LayerRenderer(threadCount: 1).render(layer, at: 0, into: pixmap)
        return pixmap
    }

    static func gradient(_ type: CAGradientLayerType, start: CGPoint, end: CGPoint) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.colors = [black, white]
        layer.type = type
        layer.startPoint = start
        layer.endPoint = end
        return layer
    }

    /// Where a grey pixel lies along black → white: its linear light (sRGB decoded) is t^1.8,
    /// gamma 1.8 being Generic RGB's curve, where gradient layers interpolate.
    static func t(_ p: PremultipliedRGBA8) -> Double {
        let v = Double(p.g) / 255
        let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        return pow(linear, 1 / 1.8)
    }

    @Test func axialDefaultRunsTopToBottom() throws {
        let pixmap = try Self.render(Self.gradient(.axial, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1)))
        // Pixel row y has t = (y + 0.5) / 100; the table's step is 1/1023.
        for y in [0, 25, 50, 99] {
            #expect(abs(Self.t(pixmap[40, y]) - (Double(y) + 0.5) / 100) < 0.01, "row \(y)")
            #expect(pixmap[40, y] == pixmap[80, y], "constant along a row")
        }
    }

    /// In bounds that are not square, Core Animation draws the gradient in the unit square and
    /// stretches it: (0, 0) → (1, 1) over 200 × 100 has t = (u + v) / 2 of the unit coordinates
    /// (u, v) = (x / 200, y / 100), so its middle colour runs along the other diagonal, corner to
    /// corner, not perpendicular to the screen's diagonal.
    @Test func axialIsStretchedWithTheBounds() throws {
        let layer = Self.gradient(.axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1))
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.position = CGPoint(x: 100, y: 50)
        let pixmap = try Pixmap(width: 200, height: 100)
        LayerRenderer(threadCount: 1).render(layer, at: 0, into: pixmap)
        for (x, y) in [(20, 10), (150, 25), (100, 50), (49, 74), (180, 90), (10, 80)] {
            let t = ((Double(x) + 0.5) / 200 + (Double(y) + 0.5) / 100) / 2
            #expect(abs(Self.t(pixmap[x, y]) - t) < 0.01, "(\(x), \(y))")
        }
        // Along the other diagonal (x / 200 + y / 100 = 1) one colour, the middle one; a
        // perpendicular to the screen's diagonal through the centre (y - 50 = -2 (x - 100)) would
        // run from t = 0.25 at (112.5, 25) to 0.75 at (87.5, 75).
        #expect(abs(Self.t(pixmap[149, 25]) - Self.t(pixmap[49, 75])) < 0.005)
        #expect(abs(Self.t(pixmap[149, 25]) - 0.5) < 0.01)
        #expect(abs(Self.t(pixmap[112, 25]) - Self.t(pixmap[87, 74])) > 0.1)
    }

    /// Radial from the centre to (1, 1): t = the ellipse's "radius" √((dx/50)² + (dy/50)²).
    @Test func radialReachesTheEndPointsEllipse() throws {
        let layer = Self.gradient(.radial, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1))
        let pixmap = try Self.render(layer)
        for (x, y) in [(50, 50), (74, 50), (50, 24), (99, 50), (95, 95)] {
            let dx = (Double(x) + 0.5 - 50) / 50, dy = (Double(y) + 0.5 - 50) / 50
            let t = min(1, (dx * dx + dy * dy).squareRoot())
            #expect(abs(Self.t(pixmap[x, y]) - t) < 0.01, "(\(x), \(y))")
        }
    }

    /// Conic about the centre from the direction of (1, 0.5) (to the right), clockwise on screen:
    /// below the centre is a quarter turn.
    @Test func conicStartsTowardsTheEndPointClockwise() throws {
        let pixmap = try Self.render(Self.gradient(.conic, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        #expect(abs(Self.t(pixmap[80, 70]) - atan2(20.5, 30.5) / (2 * .pi)) < 0.01, "below right")
        #expect(abs(Self.t(pixmap[50, 90]) - 0.25) < 0.01, "straight below: a quarter turn")
        #expect(abs(Self.t(pixmap[10, 50]) - 0.5) < 0.01, "left: half a turn")
    }

    @Test func locationsMoveTheStops() throws {
        let layer = Self.gradient(.axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 0))
        layer.locations = [0.5, 1]
        let pixmap = try Self.render(layer)
        #expect(Self.rgba(pixmap[20, 10]) == [0, 0, 0, 255], "black padded before 0.5")
        #expect(abs(Self.t(pixmap[75, 10]) - 0.505) < 0.01)
    }

    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// Apple's gradient layers interpolate in Generic RGB (gamma 1.8), as CoreGraphics draws a
    /// CGGradient made without a colour space ("each color will be converted to and drawn in the
    /// Generic RGB color space", CGGradient.h): across 100 pixels from black to white, pixel 49
    /// (t = 0.495) is sRGB(0.495^1.8) = 145/255 and pixel 50 (t = 0.505) 147/255, where sRGB's
    /// straight line gives 126 and 129.
    @Test func interpolatesInGenericRGB() throws {
        let pixmap = try Self.render(Self.gradient(.axial, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        #expect(Self.rgba(pixmap[49, 30]) == [145, 145, 145, 255])
        #expect(Self.rgba(pixmap[50, 30]) == [147, 147, 147, 255])
    }

    /// A gradient from opaque to transparent as a mask fades its layer's background.
    @Test func asAMask() throws {
        let layer = CALayer()
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let mask = CAGradientLayer()
        mask.colors = [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 0)]
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.mask = mask
        let pixmap = try Self.render(layer)
        #expect(pixmap[50, 1].a > 245 && pixmap[50, 98].a < 10)
        #expect(abs(Int(pixmap[50, 50].a) - 127) <= 3)
    }

    @Test func archivesRoundTrip() throws {
        let layer = Self.gradient(.radial, start: CGPoint(x: 0.25, y: 0.5), end: CGPoint(x: 1, y: 0))
        layer.locations = [0.1, 0.9]
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let written = try SceneDocument(rootLayer: layer).archiveData()
        let loaded = try SceneDocument(archiveData: written)
        #expect(loaded.skipped.isEmpty)
        let gradient = try #require(loaded.rootLayer as? CAGradientLayer)
        #expect(gradient.type == .radial && gradient.startPoint == CGPoint(x: 0.25, y: 0.5))
        #expect(gradient.locations == [0.1, 0.9] && gradient.colors?.count == 2)
        #expect(try loaded.archiveData() == written)
    }
}
