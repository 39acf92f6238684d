import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// What the renderer composites as groups: group opacity, masksToBounds, mask layers.
@Suite struct LayerRendererGroupTests {
    typealias Support = LayerRendererTests

    static func root(_ size: CGFloat = 40) -> CALayer { Support.root(size, background: Support.white) }

    /// Two overlapping opaque sublayers of a layer at opacity 0.5: the overlap is no darker.
    @Test func groupOpacity() throws {
        let root = Self.root()
        let group = Support.layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil, in: root)
        group.opacity = 0.5
        _ = Support.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Support.red, in: group)
        _ = Support.layer(CGRect(x: 10, y: 10, width: 20, height: 20), Support.red, in: group)
        let image = try Support.render(root, size: 40)
        #expect(Support.rgba(image[5, 5]) == Support.rgba(image[15, 15]))
        #expect(Support.rgba(image[15, 15]) == [255, 127, 127, 255])
    }

    /// masksToBounds clips sublayers to the rounded bounds.
    @Test func masksToBounds() throws {
        let root = Self.root()
        let clip = Support.layer(CGRect(x: 10, y: 10, width: 20, height: 20), nil, in: root)
        clip.masksToBounds = true
        clip.cornerRadius = 10   // a circle
        _ = Support.layer(CGRect(x: -10, y: -10, width: 60, height: 60), Support.blue, in: clip)
        let image = try Support.render(root, size: 40)
        #expect(Support.rgba(image[20, 20]) == [0, 0, 255, 255])
        #expect(Support.rgba(image[5, 20]) == [255, 255, 255, 255], "outside the bounds")
        #expect(Support.rgba(image[11, 11]) == [255, 255, 255, 255], "outside the rounded corner")
        let edge = Support.rgba(image[10, 20])   // the circle's leftmost pixel column: partly covered
        #expect(edge[2] == 255 && edge[0] > 0 && edge[0] < 255)
    }

    /// A clip to bounds that cover the whole frame cuts nothing, and the renderer skips it (a
    /// Lottie composition's root clips so): the frame is the one drawn with no clip, translucent
    /// overlaps included. Into a larger frame the same clip cuts.
    @Test func clipCoveringTheFrameChangesNothing() throws {
        func tree(clipped: Bool) -> CALayer {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.anchorPoint = .zero
            root.masksToBounds = clipped
            let inner = Support.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Support.white, in: root)
            for origin in [-6.0, 20.0] {
                let dot = CAShapeLayer()
                dot.frame = CGRect(x: origin, y: origin, width: 30, height: 30)
                dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
                dot.fillColor = CGColor(red: 0, green: 0.5, blue: origin / 20, alpha: 0.6)
                inner.addSublayer(dot)
            }
            return root
        }
        #expect(try Support.render(tree(clipped: true), size: 40).bytes == Support.render(tree(clipped: false), size: 40).bytes)
        let larger = try Support.render(tree(clipped: true), size: 56)
        #expect(larger[45, 45].a == 0, "outside the bounds: clipped")
        #expect(try Support.render(tree(clipped: false), size: 56)[45, 45].a > 0, "the dot reaches there")
    }

    /// The background and the border are not clipped by masksToBounds (they lie inside the
    /// rounded bounds already; clipping them would darken their edges a second time), and
    /// sublayers well inside the rounded bounds draw exactly as with no clip.
    @Test func clipLeavesWhatIsInsideAsItIs() throws {
        func card(clipped: Bool, scale: Double) throws -> Pixmap {
            let root = Self.root()
            let card = Support.layer(CGRect(x: 4, y: 4, width: 32, height: 32), Support.red, in: root)
            card.cornerRadius = 8
            card.borderWidth = 2
            card.borderColor = Support.blue
            card.masksToBounds = clipped
            for origin in [6.0, 12.0] {   // translucent overlaps: a group would round them differently
                let dot = CAShapeLayer()
                dot.frame = CGRect(x: origin, y: origin, width: 12, height: 12)
                dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 12, height: 12), transform: nil)
                dot.fillColor = CGColor(red: 0, green: 0.5, blue: origin / 12, alpha: 0.6)
                card.addSublayer(dot)
            }
            return try Support.render(root, size: 40 * Int(scale), scale: scale)
        }
        for scale in [1.0, 2.0] {
            let same = try card(clipped: true, scale: scale).bytes == card(clipped: false, scale: scale).bytes
            #expect(same, "scale \(scale)")
        }
    }

    /// Where the clip is sure to be opaque: the rounded bounds in device pixels less the
    /// flattening tolerance, for scales and translations (flipped too); none under a rotation.
    @Test func clipInteriorInDevicePixels() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.cornerRadius = 6
        let flipped = Transform(a: 2, b: 0, c: 0, d: -2, tx: 10, ty: 100)
        let interior = LayerTreeDrawing.opaqueInterior(of: layer.properties, mapping: .affine(flipped), tolerance: 0.25)
        let margin = 0.25 + 1e-3
        #expect(interior == MaskInterior(minX: 10 + margin, minY: 60 + margin, maxX: 90 - margin, maxY: 100 - margin,
                                         radius: 12 - margin))
        let rotated = Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(LayerTreeDrawing.opaqueInterior(of: layer.properties, mapping: .affine(rotated), tolerance: 0.25) == nil)
        let stretched = Transform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(LayerTreeDrawing.opaqueInterior(of: layer.properties, mapping: .affine(stretched), tolerance: 0.25) == nil)
    }

    /// A mask layer's alpha cuts the layer and its sublayers; the mask sits in the masked
    /// layer's coordinates.
    @Test func maskLayer() throws {
        let root = Self.root()
        let masked = Support.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Support.blue, in: root)
        let mask = CALayer()
        mask.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        masked.mask = mask
        _ = Support.layer(CGRect(x: 10, y: 10, width: 20, height: 10), Support.red, in: masked)
        let image = try Support.render(root, size: 40)
        #expect(Support.rgba(image[5, 30]) == [255, 255, 255, 255])
        #expect(Support.rgba(image[30, 30]) == [0, 0, 255, 255])
        #expect(Support.rgba(image[15, 15]) == [255, 255, 255, 255])
        #expect(Support.rgba(image[25, 15]) == [255, 0, 0, 255])
    }

    /// All three at once, with a rotation: the golden image.
    @Test func matchesGolden() throws {
        let root = Self.root(64)
        let card = Support.layer(CGRect(x: 8, y: 8, width: 48, height: 40), Support.red, in: root)
        card.cornerRadius = 12
        card.masksToBounds = true
        card.opacity = 0.75
        card.borderWidth = 3
        card.borderColor = Support.blue
        let stripe = Support.layer(CGRect(x: -10, y: 14, width: 80, height: 12), CGColor(red: 1, green: 0.8, blue: 0, alpha: 1), in: card)
        stripe.transform = CATransform3DMakeRotation(-.pi / 8, 0, 0, 1)
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        dot.frame = CGRect(x: 30, y: 30, width: 30, height: 30)
        dot.fillColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        let mask = CAShapeLayer()
        mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 15, height: 30), transform: nil)
        mask.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        dot.mask = mask
        root.addSublayer(dot)
        goldenImages.expectMatch(try Support.render(root, size: 64), named: "render-groups")
    }
}
