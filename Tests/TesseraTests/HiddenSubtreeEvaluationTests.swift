import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// A renderer leaves out the animations below hidden layers (drawing reads nothing there); what
/// reads those layers' presented values still gets them animated: `presentation(at:)`, and a
/// transition starting from a frame in which the layer was below a hidden one.
@Suite struct HiddenSubtreeEvaluationTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// root (40 × 40) → container → leaf (filling it, model blue, animated green over 10 s);
    /// the container hidden from `hiddenFrom` on (its `hidden` animated), or always when nil.
    static func scene(hiddenFrom: Double? = nil) -> (root: CALayer, container: CALayer, leaf: CALayer) {
        let root = CALayer(), container = CALayer(), leaf = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        container.frame = root.bounds
        leaf.frame = root.bounds
        leaf.name = "leaf"
        leaf.backgroundColor = blue
        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = green
        color.toValue = green
        color.duration = 10
        color.beginTime = 1e-6
        leaf.add(color, forKey: "color")
        if let hiddenFrom {
            let hide = CAKeyframeAnimation(keyPath: "hidden")
            hide.values = [false, true]
            hide.keyTimes = [0, NSNumber(value: hiddenFrom / 10)]
            hide.calculationMode = .discrete
            hide.duration = 10
            hide.beginTime = 1e-6
            container.add(hide, forKey: "hide")
        } else {
            container.isHidden = true
        }
        container.addSublayer(leaf)
        root.addSublayer(container)
        return (root, container, leaf)
    }

    static func render(_ root: CALayer, at t: Double) throws -> Pixmap {
        let pixmap = try Pixmap(width: 40, height: 40)
        LayerRenderer(threadCount: 1).render(root, at: t, into: pixmap)
        return pixmap
    }

    /// The skip follows the container's presented `hidden` at each frame: nothing is left out
    /// while it shows, the leaf's animations are once it hides; presentation(at:) applies them
    /// either way.
    @Test func skipFollowsThePresentedHiddenValue() throws {
        let (root, _, leaf) = Self.scene(hiddenFrom: 5)
        let shown = try Self.render(root, at: 2)
        #expect(root.lastPresentedTree?.skipped == nil)
        #expect(shown[20, 20] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        let hidden = try Self.render(root, at: 7)
        #expect(hidden[20, 20] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        let index = try #require(root.lastPresentedPlan?.index(of: leaf))
        #expect(root.lastPresentedTree?.skipped?.layers == [index..<index + 1])
        // The rendered tree holds the leaf's model value; a caller's presentation the animated one.
        #expect(root.lastPresentedTree?.properties[index].backgroundColor == Self.blue.rgba.rasterColor)
        let presented = try #require(root.presentation(at: 7).first(named: "leaf"))
        #expect(presented.properties.backgroundColor == Self.green.rgba.rasterColor)
        #expect(root.lastPresentedTree?.skipped == nil)
    }

    /// A layer below a hidden one in the last rendered frame: a transition added to it starts
    /// from its animated values (green), not from the model values that frame left in place
    /// (blue); the fade's first frame shows the old rendering alone.
    @Test func transitionStartsFromAnimatedValuesBelowAHiddenLayer() throws {
        let (root, container, leaf) = Self.scene()
        let clock = AnimationClock(time: 1)
        clock.attach(root)
        _ = try Self.render(root, at: 1)
        #expect(root.lastPresentedTree?.skipped != nil)
        #expect(leaf.lastPresentedSnapshot()?.properties.backgroundColor == Self.green.rgba.rasterColor)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.isHidden = false
        leaf.removeAnimation(forKey: "color")
        leaf.backgroundColor = Self.red
        CATransaction.commit()
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 1
        leaf.add(fade, forKey: kCATransition)
        let start = try Self.render(root, at: 1)
        #expect(start[20, 20] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        let end = try Self.render(root, at: 3)
        #expect(end[20, 20] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    /// A portal draws its source wherever it lies, below a hidden layer too: a tree with portals
    /// is evaluated whole, and the source shows its animated colour through the portal.
    @Test func portalSourceBelowAHiddenLayerIsAnimated() throws {
        let (root, _, leaf) = Self.scene()
        let portal = CAPortalLayer()
        portal.frame = root.bounds
        portal.sourceLayer = leaf
        root.addSublayer(portal)
        let pixmap = try Self.render(root, at: 1)
        #expect(root.lastPresentedTree?.skipped == nil)
        #expect(pixmap[20, 20] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
    }
}
