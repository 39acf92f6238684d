import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// `hitTest(_:)`, `contains(_:)`, `affineTransform()` and `CASpringAnimation(perceptualDuration:
/// bounce:)` against Apple's documented rules, the expected layers worked out from the geometry.
@Suite struct HitTestingTests {
    static func layer(_ frame: CGRect, in parent: CALayer? = nil, name: String) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.name = name
        parent?.addSublayer(layer)
        return layer
    }

    /// The farthest descendant containing the point, the point given in the receiver's
    /// superlayer's coordinates (the root's own for the root).
    @Test func theDeepestLayerContainingThePointIsHit() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
        let child = Self.layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root, name: "child")
        _ = Self.layer(CGRect(x: 10, y: 10, width: 20, height: 20), in: child, name: "grandchild")
        #expect(root.hitTest(CGPoint(x: 65, y: 65))?.name == "grandchild")   // (15, 15) in the child
        #expect(root.hitTest(CGPoint(x: 55, y: 55))?.name == "child")
        #expect(root.hitTest(CGPoint(x: 5, y: 5))?.name == "root")
        #expect(root.hitTest(CGPoint(x: 250, y: 5)) == nil)
        // Asked of the child, the point is in the root's coordinates (its superlayer's).
        #expect(child.hitTest(CGPoint(x: 65, y: 65))?.name == "grandchild")
        #expect(child.hitTest(CGPoint(x: 5, y: 5)) == nil)
        #expect(child.contains(CGPoint(x: 0, y: 0)) && !child.contains(CGPoint(x: 100, y: 50)))
    }

    /// A 100 × 40 layer at (100, 100) turned 90°: it covers x 80…120, y 50…150. (100, 60) is
    /// (0, −40) from its position, (−40, 0) before the turn, (10, 20) in its bounds: inside;
    /// (60, 100) comes back to (50, 60): outside.
    @Test func pointsGoThroughTheTransform() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
        let bar = CALayer()
        bar.name = "bar"
        bar.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        bar.position = CGPoint(x: 100, y: 100)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(bar)
        #expect(root.hitTest(CGPoint(x: 100, y: 60))?.name == "bar")
        #expect(root.hitTest(CGPoint(x: 60, y: 100))?.name == "root")
    }

    @Test func frontLayersFirstHiddenOnesNever() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let a = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root, name: "a")
        let b = Self.layer(CGRect(x: 25, y: 25, width: 50, height: 50), in: root, name: "b")
        #expect(root.hitTest(CGPoint(x: 30, y: 30))?.name == "b")   // added last: in front
        a.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 30, y: 30))?.name == "a")
        a.isHidden = true
        #expect(root.hitTest(CGPoint(x: 30, y: 30))?.name == "b")
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 30, y: 30))?.name == "root")
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) == nil)
    }

    @Test func masksToBoundsCutsOffSublayersOutside() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let box = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root, name: "box")
        _ = Self.layer(CGRect(x: 40, y: 40, width: 30, height: 30), in: box, name: "overhang")
        #expect(root.hitTest(CGPoint(x: 60, y: 60))?.name == "overhang")
        box.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60))?.name == "root")
        #expect(root.hitTest(CGPoint(x: 45, y: 45))?.name == "overhang")
    }

    /// A sublayerTransform moving sublayers 20 to the right: a sublayer at 0…10 is hit at 20…30.
    @Test func sublayerTransformMovesWhereSublayersAre() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let parent = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root, name: "parent")
        parent.sublayerTransform = CATransform3DMakeTranslation(20, 0, 0)
        _ = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: parent, name: "moved")
        #expect(root.hitTest(CGPoint(x: 25, y: 5))?.name == "moved")
        #expect(root.hitTest(CGPoint(x: 5, y: 5))?.name == "parent")
    }

    /// Transform layers pass the point to their sublayers and are never hit themselves.
    @Test func transformLayersAreNotHit() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let space = CATransformLayer()
        space.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        space.name = "space"
        root.addSublayer(space)
        _ = Self.layer(CGRect(x: 10, y: 10, width: 20, height: 20), in: space, name: "card")
        #expect(root.hitTest(CGPoint(x: 15, y: 15))?.name == "card")
        #expect(root.hitTest(CGPoint(x: 60, y: 60))?.name == "root")
    }

    /// Under perspective: a 100-wide card turned 60° about y, its right edge projected by the
    /// rule (x, y, 0, 1) · M, divided by w. Just inside it hits the card, just outside the root.
    @Test func perspectiveEdgesAreWhereTheyProject() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 300, height: 200), name: "root")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        root.sublayerTransform = perspective
        let card = Self.layer(CGRect(x: 100, y: 50, width: 100, height: 100), in: root, name: "card")
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let m = LayerGeometry.toSuperlayer(card.properties, superlayer: root.properties)
        let edge = m.projecting(CGPoint(x: 100, y: 50))   // the right edge's middle
        #expect(root.hitTest(CGPoint(x: edge.x - 0.5, y: edge.y))?.name == "card")
        #expect(root.hitTest(CGPoint(x: edge.x + 0.5, y: edge.y))?.name == "root")
        // The card's centre stays on the anchor's line.
        #expect(root.hitTest(CGPoint(x: 150, y: 100))?.name == "card")
    }

    @Test func affineTransformIsTheTransformsTwoDimensionalPart() {
        let layer = CALayer()
        let m = CGAffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 5, ty: 6)
        layer.setAffineTransform(m)
        #expect(CATransform3DEqualToTransform(layer.transform, CATransform3DMakeAffineTransform(m)))
        #expect(layer.affineTransform() == m)
    }

    /// mass 1, stiffness (2π / d)², damping 2ζ · 2π / d with ζ = 1 − bounce (bounce ≥ 0) or
    /// 1 / (1 + bounce); read back as the same duration and bounce.
    @Test(arguments: [(0.5, 0.3), (1.2, 0), (0.4, -0.5)])
    func springsFromPerceptualDurationAndBounce(_ duration: Double, _ bounce: Double) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(bounce))
        let omega = 2 * Double.pi / duration
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        #expect(spring.mass == 1)
        #expect(abs(Double(spring.stiffness) - omega * omega) < 1e-9 * omega * omega)
        #expect(abs(Double(spring.damping) - 2 * zeta * omega) < 1e-9 * omega)
        #expect(abs(spring.perceptualDuration - duration) < 1e-12)
        #expect(abs(Double(spring.bounce) - bounce) < 1e-12)
        #expect(spring.allowsOverdamping)
    }
}
