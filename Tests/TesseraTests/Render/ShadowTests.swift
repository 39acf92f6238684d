import Foundation
import GoldenSupport
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Layer shadows: the Gaussian's numbers at chosen pixels, the offset, the shape (shadowPath or
/// the composited subtree), the order under the background, clamps of bad input, the same bytes
/// at any thread count, and golden images.
@Suite struct ShadowTests {
    typealias Support = LayerRendererTests

    /// A transparent root `size` points square.
    static func root(_ size: CGFloat = 64) -> CALayer { Support.root(size) }

    /// A layer drawing nothing but a hard black shadow of its bounds (a shadowPath), in `root`.
    static func caster(_ frame: CGRect, in root: CALayer, radius: CGFloat = 0, offset: CGSize = .zero,
                       opacity: Float = 1) -> CALayer {
        let layer = Support.layer(frame, nil, in: root)
        layer.shadowPath = CGPath(rect: CGRect(origin: .zero, size: frame.size), transform: nil)
        layer.shadowOpacity = opacity
        layer.shadowRadius = radius
        layer.shadowOffset = offset
        return layer
    }

    static func bytes(_ root: CALayer, size: Int = 64, scale: Double = 1, threads: Int = 1) throws -> [UInt8] {
        try Support.render(root, size: size, scale: scale, threads: threads).bytes
    }

    /// A square 24 points wide, radius 2 at scale 2 (σ = the radius: 4 pixels, reach 13),
    /// opacity 0.5: its pixels follow the Gaussian's cumulative distribution: full well inside,
    /// half at the edge, nothing beyond the reach. Within 2 of 127.5: the blur's three extended boxes come within
    /// 7.5 % of the Gaussian's peak, and across an edge within 1.7 here.
    @Test func gaussianProfile() throws {
        let root = Self.root(48)
        _ = Self.caster(CGRect(x: 12, y: 12, width: 24, height: 24), in: root, radius: 2, opacity: 0.5)
        let image = try Support.render(root, size: 96, scale: 2)
        let full = 0.5 * 255
        // The square covers pixels 24 ..< 72; row 48 is far from its top and bottom edges.
        #expect(abs(Double(image[48, 48].a) - full) <= 1)
        #expect(image[48, 48].r == 0 && image[48, 48].g == 0 && image[48, 48].b == 0)
        // Across the left edge: the cumulative sum of the Gaussian (σ = 4) up to each pixel.
        for x in 8..<40 {
            let distance = (Double(x) + 0.5 - 24) / 4   // in σ, from the edge
            let expected = full * 0.5 * (1 + erf(distance / 2.squareRoot()))
            #expect(abs(Double(image[x, 48].a) - expected) <= 2, "x = \(x)")
        }
        #expect(abs(Double(image[23, 48].a) + Double(image[24, 48].a) - full) <= 1, "half on each side of the edge")
        // 13 pixels out, beyond the kernel's reach: nothing.
        #expect(image[11, 48].a == 0 && image[48, 84].a == 0)
    }

    /// The offset moves the shadow by exactly offset × scale pixels; a positive height moves it
    /// down.
    @Test func offsetMovesByOffsetTimesScale() throws {
        func render(_ offset: CGSize) throws -> Pixmap {
            let root = Self.root(32)
            _ = Self.caster(CGRect(x: 8, y: 8, width: 12, height: 10), in: root, radius: 2, offset: offset, opacity: 0.8)
            return try Support.render(root, size: 64, scale: 2)
        }
        let still = try render(.zero), moved = try render(CGSize(width: 3, height: 5))
        for y in 0..<64 {
            for x in 0..<64 {
                let source = x >= 6 && y >= 10 ? still[x - 6, y - 10] : PremultipliedRGBA8.transparent
                #expect(moved[x, y] == source, "(\(x), \(y))")
            }
        }
    }

    /// No shadow color, opacity 0, a hidden layer, an empty shadowPath: the same bytes as no
    /// shadow at all.
    @Test func nothingCastsNothing() throws {
        func scene(_ configure: (CALayer) -> Void) throws -> [UInt8] {
            let root = Self.root()
            root.backgroundColor = Support.white
            let card = Support.layer(CGRect(x: 16, y: 16, width: 24, height: 24), Support.red, in: root)
            _ = Support.layer(CGRect(x: 20, y: 20, width: 30, height: 8), Support.blue, in: card)
            card.shadowOffset = CGSize(width: 4, height: 4)
            configure(card)
            return try Self.bytes(root)
        }
        let plain = try scene { _ in }
        #expect(try scene { $0.shadowOpacity = 1; $0.shadowColor = nil } == plain)
        #expect(try scene { $0.shadowOpacity = 0 } == plain)
        #expect(try scene { $0.shadowOpacity = .nan } == plain)
        let clear = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        #expect(try scene { $0.shadowOpacity = 1; $0.shadowColor = clear } == plain)
        #expect(try scene { $0.shadowOpacity = 1; $0.shadowPath = CGMutablePath() } == plain)
        let hidden = try scene { $0.isHidden = true }
        #expect(try scene { $0.shadowOpacity = 1; $0.isHidden = true } == hidden)
    }

    /// Without shadowPath the shadow is cast by the composited subtree: a sublayer sticking out
    /// of its superlayer casts its part too. With a shadowPath, only the path does.
    @Test func subtreeAlphaOrShadowPath() throws {
        func render(shadowPath: Bool) throws -> Pixmap {
            let root = Self.root()
            let card = Support.layer(CGRect(x: 8, y: 8, width: 20, height: 20), Support.red, in: root)
            _ = Support.layer(CGRect(x: 10, y: 4, width: 30, height: 8), Support.blue, in: card)   // out to x = 48
            card.shadowOpacity = 0.5
            card.shadowRadius = 0
            card.shadowOffset = CGSize(width: 0, height: 20)
            if shadowPath { card.shadowPath = CGPath(rect: card.bounds, transform: nil) }
            return try Support.render(root, size: 64)
        }
        let subtree = try render(shadowPath: false), path = try render(shadowPath: true)
        // Under the card (offset 20 down): shadow in both.
        #expect(Support.rgba(subtree[12, 40]) == [0, 0, 0, 128] && Support.rgba(path[12, 40]) == [0, 0, 0, 128])
        // Under the sublayer's part outside the card (x 28 ..< 48, y 32 ..< 40): only the subtree's.
        #expect(Support.rgba(subtree[40, 35]) == [0, 0, 0, 128])
        #expect(Support.rgba(path[40, 35]) == [0, 0, 0, 0])
    }

    /// The shadow is drawn first: under the opaque background the background's pixels are
    /// unchanged; outside it the shadow shows. With group opacity the background does not show
    /// the shadow through either.
    @Test func shadowIsUnderTheBackground() throws {
        func render(shadow: Bool, opacity: Float = 1) throws -> Pixmap {
            let root = Self.root()
            root.backgroundColor = Support.white
            let card = Support.layer(CGRect(x: 16, y: 16, width: 24, height: 24), Support.red, in: root)
            card.opacity = opacity
            if shadow {
                card.shadowOpacity = 1
                card.shadowRadius = 1
                card.shadowOffset = CGSize(width: 6, height: 6)
            }
            return try Support.render(root, size: 64)
        }
        let plain = try render(shadow: false), shadowed = try render(shadow: true)
        for y in 16..<40 { for x in 16..<40 { #expect(shadowed[x, y] == plain[x, y]) } }
        #expect(shadowed[44, 44].r < 100 && shadowed[44, 44].a == 255, "the shadow, bottom right")
        #expect(shadowed[10, 10] == plain[10, 10], "nothing top left")
        let halfPlain = try render(shadow: false, opacity: 0.5), halfShadowed = try render(shadow: true, opacity: 0.5)
        for y in 16..<40 { for x in 16..<40 { #expect(halfShadowed[x, y] == halfPlain[x, y]) } }
    }

    /// masksToBounds clips the shadow with the rest of the layer.
    @Test func masksToBoundsClipsTheShadow() throws {
        let root = Self.root()
        let caster = Self.caster(CGRect(x: 16, y: 16, width: 24, height: 24), in: root,
                                 offset: CGSize(width: 8, height: 8))
        caster.masksToBounds = true
        let image = try Support.render(root, size: 64)
        #expect(Support.rgba(image[30, 30]) == [0, 0, 0, 255], "inside the bounds")
        #expect(image[44, 44].a == 0, "outside them")
    }

    /// The offset is in the layer's coordinates: a quarter turn turns it, and a flipped
    /// superlayer sends the default (0, −3) down, as on macOS.
    @Test func offsetFollowsTheLayersGeometry() throws {
        let turned = Self.root()
        let caster = Self.caster(CGRect(x: 24, y: 24, width: 16, height: 16), in: turned,
                                 offset: CGSize(width: 0, height: 10))
        caster.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = try Support.render(turned, size: 64)
        #expect(image[18, 32].a == 255 && image[32, 45].a == 0, "+y turned a quarter: to the left")

        let flipped = Self.root()
        flipped.isGeometryFlipped = true
        let defaultOffset = Self.caster(CGRect(x: 24, y: 24, width: 16, height: 16), in: flipped)
        defaultOffset.shadowOffset = CGSize(width: 0, height: -3)
        let down = try Support.render(flipped, size: 64)
        #expect(down[32, 41].a == 255 && down[32, 23].a == 0)
    }

    /// The layer's own transform scales the radius and the offset, as the renderer's scale does.
    @Test func transformScalesRadiusAndOffset() throws {
        let scaled = Self.root()
        let small = Self.caster(CGRect(x: 26, y: 26, width: 12, height: 12), in: scaled, radius: 2,
                                offset: CGSize(width: 1, height: 1.5), opacity: 0.9)
        small.transform = CATransform3DMakeScale(2, 2, 1)
        let plain = Self.root()
        _ = Self.caster(CGRect(x: 20, y: 20, width: 24, height: 24), in: plain, radius: 4,
                        offset: CGSize(width: 2, height: 3), opacity: 0.9)
        #expect(try Self.bytes(scaled) == Self.bytes(plain))
    }

    /// Under perspective the shape is projected with the layer: a hard shadow of the bounds, not
    /// moved, covers the pixels the layer's own black background would, exactly.
    @Test func perspectiveProjectsTheShape() throws {
        func render(_ configure: (CALayer) -> Void) throws -> [UInt8] {
            let root = Self.root()
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 100
            root.sublayerTransform = perspective
            let card = Support.layer(CGRect(x: 12, y: 12, width: 40, height: 40), nil, in: root)
            card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            configure(card)
            return try Self.bytes(root)
        }
        let background = try render { $0.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
        let shadow = try render {
            $0.shadowPath = CGPath(rect: $0.bounds, transform: nil)
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = .zero
        }
        #expect(shadow == background)
        #expect(shadow.contains(255))
    }

    /// Bad input: NaN radius or offset, huge or infinite radius, infinite offset: clamped as
    /// documented, never a crash.
    @Test func badInputIsClamped() throws {
        func render(radius: CGFloat, offset: CGSize = CGSize(width: 2, height: 3)) throws -> [UInt8] {
            let root = Self.root()
            let card = Support.layer(CGRect(x: 20, y: 20, width: 24, height: 24), Support.red, in: root)
            card.shadowOpacity = 0.7
            card.shadowRadius = radius
            card.shadowOffset = offset
            return try Self.bytes(root)
        }
        let hard = try render(radius: 0)
        #expect(try render(radius: .nan) == hard, "NaN radius: no blur")
        #expect(try render(radius: -5) == hard, "negative radius: no blur")
        let widest = try render(radius: CGFloat(GaussianBlur.maximumSigma))
        #expect(try render(radius: 1e9) == widest, "σ capped")
        #expect(try render(radius: .infinity) == widest)
        #expect(try render(radius: 1e9) != hard)
        #expect(try render(radius: 0, offset: CGSize(width: CGFloat.nan, height: 3))
            == render(radius: 0, offset: CGSize(width: 0, height: 3)), "NaN offset component: 0")
        let none = try render(radius: 0, offset: CGSize(width: CGFloat.infinity, height: 0))
        let root = Self.root()
        _ = Support.layer(CGRect(x: 20, y: 20, width: 24, height: 24), Support.red, in: root)
        #expect(try none == Self.bytes(root), "infinite offset: out of sight")
        #expect(try render(radius: 3, offset: CGSize(width: 1e12, height: -1e12)) == Self.bytes(root))
    }

    /// A scene of every kind of shadow: the same bytes at 1, 2 and 8 threads.
    static func scene() -> CALayer {
        let root = root()
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        let card = Support.layer(CGRect(x: 8, y: 8, width: 30, height: 24), Support.red, in: root)
        card.cornerRadius = 6
        card.shadowOpacity = 0.6
        card.shadowRadius = 4
        card.shadowOffset = CGSize(width: 2, height: 4)
        let badge = Support.layer(CGRect(x: 22, y: -4, width: 12, height: 12), Support.blue, in: card)
        badge.cornerRadius = 6
        badge.shadowOpacity = 1
        badge.shadowRadius = 1
        let star = Self.caster(CGRect(x: 36, y: 30, width: 24, height: 24), in: root, radius: 3,
                               offset: CGSize(width: 1, height: 2))
        star.shadowPath = Self.star(in: CGRect(x: 0, y: 0, width: 24, height: 24))
        star.shadowColor = CGColor(red: 0.2, green: 0.1, blue: 0.6, alpha: 1)
        star.transform = CATransform3DMakeRotation(.pi / 10, 0, 0, 1)
        let faded = Support.layer(CGRect(x: 6, y: 40, width: 20, height: 16), Support.blue, in: root)
        faded.opacity = 0.6
        faded.shadowOpacity = 0.8
        faded.shadowRadius = 3
        faded.shadowOffset = CGSize(width: 3, height: 3)
        return root
    }

    @Test func sameBytesAtAnyThreadCount() throws {
        let one = try Self.bytes(Self.scene(), size: 128, scale: 2, threads: 1)
        for threads in [2, 8] {
            #expect(try Self.bytes(Self.scene(), size: 128, scale: 2, threads: threads) == one, "\(threads) threads")
        }
    }

    /// A five-pointed star filling `rect`.
    static func star(in rect: CGRect) -> CGPath {
        let path = CGMutablePath()
        let center = CGPoint(x: rect.midX, y: rect.midY), outer = rect.width / 2, inner = outer * 0.4
        for k in 0..<10 {
            let angle = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            let r = k % 2 == 0 ? outer : inner
            let point = CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    /// A rounded card with a sublayer sticking out (subtree shadow), a star shadowPath turned
    /// with its layer, a faded layer's shadow under group opacity.
    @Test func matchesGolden() throws {
        goldenImages.expectMatch(try Support.render(Self.scene(), size: 64), named: "render-shadows")
        goldenImages.expectMatch(try Support.render(Self.scene(), size: 128, scale: 2), named: "render-shadows-2x")
    }
}
