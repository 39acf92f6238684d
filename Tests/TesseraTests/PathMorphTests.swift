import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// The fast path of path animations between two given paths (``PathMorph``) against the rules of
/// ``AnimatableValue/interpolate(_:_:_:discrete:)``, which the other path animations take.
struct PathMorphTests {
    /// A square with a rounded corner (lines and a curve), scaled by `k` about the origin.
    static func shape(_ k: Double) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10 * k, y: 10 * k))
        path.addLine(to: CGPoint(x: 50 * k, y: 10 * k))
        path.addCurve(to: CGPoint(x: 60 * k, y: 30 * k), control1: CGPoint(x: 55 * k, y: 10 * k),
                      control2: CGPoint(x: 60 * k, y: 20 * k))
        path.addLine(to: CGPoint(x: 10 * k, y: 45 * k))
        path.closeSubpath()
        return path
    }

    static func morph(from: CGPath, to: CGPath, additive: Bool = false) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 2
        animation.isAdditive = additive
        return animation
    }

    @Test func morphIsThePointByPointInterpolation() throws {
        let layer = CAShapeLayer()
        let (root, _) = tree(with: layer)
        let (a, b) = (Self.shape(1), Self.shape(1.7))
        let animation = Self.morph(from: a, to: b)
        layer.add(animation, forKey: "morph")
        var diagnostics: [String] = []
        let program = try #require(animation.program(diagnostics: &diagnostics, change: nil))
        guard case .property(let property) = program.body else { Issue.record("not a property animation"); return }
        #expect(property.morph != nil)   // the fast path is the one tested
        for t in [0.0, 0.25, 1.0, 1.5, 1.999] {
            let presented = try #require(presented(layer, in: root, at: t).path)
            // Linear timing: the fraction is the time over the duration.
            let expected = AnimatableValue.interpolate(.path(a.rasterPath), .path(b.rasterPath), t / 2)
            #expect(AnimatableValue.path(presented) == expected, "t = \(t)")
            #expect(presented.verbs == a.rasterPath.verbs)
        }
    }

    @Test func pathsWithOtherElementsSwitchHalfway() throws {
        let layer = CAShapeLayer()
        let (root, _) = tree(with: layer)
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 0, y: 0))
        triangle.addLine(to: CGPoint(x: 30, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 30))
        triangle.closeSubpath()
        layer.add(Self.morph(from: Self.shape(1), to: triangle), forKey: "morph")
        #expect(try #require(presented(layer, in: root, at: 0.9).path) == Self.shape(1).rasterPath)
        #expect(try #require(presented(layer, in: root, at: 1.1).path) == triangle.rasterPath)
    }

    /// An additive morph adds the points to the model's: the generic path, not the fast one.
    @Test func additiveMorphAddsToTheModelPath() throws {
        let layer = CAShapeLayer()
        let (root, _) = tree(with: layer)
        layer.path = Self.shape(1)
        let zero = Self.shape(0)
        layer.add(Self.morph(from: zero, to: Self.shape(1), additive: true), forKey: "morph")
        let presented = try #require(presented(layer, in: root, at: 1).path)
        // Halfway: half of the shape added to the whole shape.
        for (p, q) in zip(presented.points, Self.shape(1).rasterPath.points) {
            #expect(abs(p.x - 1.5 * q.x) < 1e-12 && abs(p.y - 1.5 * q.y) < 1e-12)
        }
    }
}
