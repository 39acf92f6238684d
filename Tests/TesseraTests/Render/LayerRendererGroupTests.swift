import Foundation
import Testing
import TesseraRaster
@testable import Tessera

/// What the renderer composites as groups: group opacity, masksToBounds, mask layers.
@Suite struct LayerRendererGroupTests {
    typealias Support = LayerRendererTests

    static func root(_ size: CGFloat = 40) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = Support.white
        return root
    }

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
