import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// Backdrops inside groups and inside layers drawn apart see what lies below them as Core
/// Animation composites it: what lies below the group with the group's content so far over it.
@Suite struct BackdropInGroupTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    static func layer(_ frame: CGRect, _ color: CGColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    static func invertingBackdrop(_ frame: CGRect) -> CABackdropLayer {
        let backdrop = CABackdropLayer()
        backdrop.frame = frame
        backdrop.filters = [BackdropLayerTests.filter("colorInvert")]
        return backdrop
    }

    /// A red root 40 × 20 holding `group` (its whole bounds).
    static func root(holding group: CALayer) -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 20), red)
        group.frame = root.bounds
        root.addSublayer(group)
        return root
    }

    static func render(_ root: CALayer, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: 40, height: 20)
        LayerRenderer(threadCount: threads).render(root, at: 0, into: pixmap)
        return pixmap
    }

    static func color(_ pixel: PremultipliedRGBA8) -> CGColor {
        CGColor(red: CGFloat(pixel.r) / 255, green: CGFloat(pixel.g) / 255, blue: CGFloat(pixel.b) / 255, alpha: 1)
    }

    static func expectSameBytesAtThreadCounts(_ root: CALayer, _ pixmap: Pixmap) throws {
        for threads in [2, 8] { #expect(try render(root, threads: threads).bytes == pixmap.bytes, "\(threads) threads") }
    }

    /// A group at opacity ½ holding a blue square (x 0…20), then an inverting backdrop over
    /// x 10…30: it sees blue over red at ½ (what the group has drawn, composited as it will be)
    /// and red past the square. The frame equals the same group with the backdrop replaced by
    /// those inverses as plain colours.
    @Test func aBackdropInAnOpacityGroupSeesTheGroupSoFar() throws {
        let group = CALayer()
        group.opacity = 0.5
        group.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        group.addSublayer(Self.invertingBackdrop(CGRect(x: 10, y: 0, width: 20, height: 20)))
        let root = Self.root(holding: group)
        let pixmap = try Self.render(root)

        let plain = CALayer()
        plain.opacity = 0.5
        plain.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        let below = try Self.render(Self.root(holding: plain))[15, 10]   // blue over red at ½
        #expect(below.r > 100 && below.b > 100 && below.g == 0, "\(below)")
        let inverse = PremultipliedRGBA8(r: 255 - below.r, g: 255 - below.g, b: 255 - below.b, a: 255)
        plain.addSublayer(Self.layer(CGRect(x: 10, y: 0, width: 10, height: 20), Self.color(inverse)))
        plain.addSublayer(Self.layer(CGRect(x: 20, y: 0, width: 10, height: 20), CGColor(red: 0, green: 1, blue: 1, alpha: 1)))
        let expected = try Self.render(Self.root(holding: plain))
        #expect(pixmap.bytes == expected.bytes, "\(pixmap[15, 10]) against \(expected[15, 10]); \(pixmap[25, 10]) against \(expected[25, 10])")
        try Self.expectSameBytesAtThreadCounts(root, pixmap)
    }

    /// Under a layer with a colour filter (an invert), the backdrop sees the filter applied to
    /// what the layer has drawn: the blue square inverted to yellow over red; then the filter
    /// applies to the backdrop's pixels too, as to everything the layer draws.
    @Test func aBackdropUnderAColourFilterSeesTheFilteredGroup() throws {
        let group = CALayer()
        group.filters = [BackdropLayerTests.filter("colorInvert")]
        group.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        let backdrop = CABackdropLayer()
        backdrop.frame = CGRect(x: 10, y: 0, width: 20, height: 20)   // no filter: shows what it sees
        group.addSublayer(backdrop)
        let root = Self.root(holding: group)
        let pixmap = try Self.render(root)
        // Seen: yellow (the square inverted) and red (nothing drawn there yet); drawn in the group
        // and inverted with it: blue and cyan.
        #expect(pixmap[15, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), "\(pixmap[15, 10])")
        #expect(pixmap[25, 10] == PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255), "\(pixmap[25, 10])")
        #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255), "\(pixmap[5, 10])")
        #expect(pixmap[35, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), "\(pixmap[35, 10])")
        try Self.expectSameBytesAtThreadCounts(root, pixmap)
    }

    /// A layer drawn apart (an alpha threshold, which keeps opaque pixels as they are) holding a
    /// blue square and an inverting backdrop: the backdrop sees the square over the red below.
    @Test func aBackdropInALayerDrawnApartSeesWhatLiesBelow() throws {
        let group = CALayer()
        group.filters = [BackdropLayerTests.filter("alphaThreshold", ["inputAmount": 0.5])]
        group.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        group.addSublayer(Self.invertingBackdrop(CGRect(x: 10, y: 0, width: 20, height: 20)))
        let root = Self.root(holding: group)
        let pixmap = try Self.render(root)
        #expect(pixmap[15, 10] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255), "blue inverted: \(pixmap[15, 10])")
        #expect(pixmap[25, 10] == PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255), "red inverted: \(pixmap[25, 10])")
        #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(pixmap[35, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        try Self.expectSameBytesAtThreadCounts(root, pixmap)
    }

    /// The spotlight in small: a backdrop with brightness and saturation filters inside a
    /// colour-filtered icon, under a root with `colorBrightness`. It reveals the icon (it rendered
    /// black when backdrops in groups saw the frame as last rendered: nothing yet).
    @Test func aSpotlightInsideFilteredLayersRevealsTheIcon() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
        root.filters = [BackdropLayerTests.filter("colorBrightness", ["inputAmount": 0.1])]
        let icon = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor(red: 0.8, green: 0.5, blue: 0.2, alpha: 1))
        icon.filters = [BackdropLayerTests.filter("colorSaturate", ["inputAmount": 1.2])]
        let spotlight = CABackdropLayer()
        spotlight.frame = CGRect(x: 10, y: 5, width: 20, height: 10)
        spotlight.filters = [BackdropLayerTests.filter("colorBrightness", ["inputAmount": 0.2]),
                             BackdropLayerTests.filter("colorSaturate", ["inputAmount": 1.5])]
        icon.addSublayer(spotlight)
        root.addSublayer(icon)
        let pixmap = try Self.render(root)
        let inside = pixmap[20, 10], outside = pixmap[2, 2]
        #expect(inside.r > outside.r && inside.g > outside.g, "brighter than the icon around it: \(inside) against \(outside)")
        try Self.expectSameBytesAtThreadCounts(root, pixmap)
    }

    /// A layer with a vibrant colour matrix (an inversion) inside an opacity group sees the group's
    /// blue over the red below, as a backdrop does.
    @Test func aVibrantLayerInAGroupSeesTheGroupSoFar() throws {
        let invert: [Double] = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]
        let group = CALayer()
        group.opacity = 0.5
        group.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        let vibrant = Self.layer(CGRect(x: 10, y: 0, width: 20, height: 20), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        vibrant.filters = [BackdropLayerTests.filter("vibrantColorMatrix",
                                                     ["inputColorMatrix": invert.map { NSNumber(value: $0) }])]
        group.addSublayer(vibrant)
        let backdropGroup = CALayer()
        backdropGroup.opacity = 0.5
        backdropGroup.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        backdropGroup.addSublayer(Self.invertingBackdrop(CGRect(x: 10, y: 0, width: 20, height: 20)))
        let root = Self.root(holding: group)
        let pixmap = try Self.render(root)
        #expect(pixmap.bytes == (try Self.render(Self.root(holding: backdropGroup))).bytes,
                "\(pixmap[15, 10]) \(pixmap[25, 10])")
        try Self.expectSameBytesAtThreadCounts(root, pixmap)
    }
}
