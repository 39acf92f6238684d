import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Replicator layers: each instance through the cumulative instance transform (about the
/// layer's center), tinted by the instance color and its offsets, running its animations
/// `instanceDelay` later.
@Suite struct LayerRendererReplicatorTests {
    typealias Support = LayerRendererTests

    static func replicator(count: Int, in size: CGFloat = 40) -> (root: CALayer, replicator: CAReplicatorLayer, square: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = Support.white
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = count
        root.addSublayer(replicator)
        let square = Support.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Support.red, in: replicator)
        return (root, replicator, square)
    }

    @Test func instancesFollowTheTransform() throws {
        let (root, replicator, _) = Self.replicator(count: 3)
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 4, 0)
        let image = try Support.render(root, size: 40)
        for k in 0..<3 { #expect(Support.rgba(image[4 + 12 * k, 4 + 4 * k]) == [255, 0, 0, 255], "instance \(k)") }
        #expect(Support.rgba(image[10, 2]) == [255, 255, 255, 255], "between instances")
        #expect(Support.rgba(image[38, 20]) == [255, 255, 255, 255], "no fourth instance")
    }

    /// A rotation turns about the replicator's center: four instances of a square in one corner
    /// fill the four corners.
    @Test func rotationIsAboutTheCenter() throws {
        let (root, replicator, _) = Self.replicator(count: 4)
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = try Support.render(root, size: 40)
        for (x, y) in [(4, 4), (35, 4), (35, 35), (4, 35)] {
            #expect(Support.rgba(image[x, y]) == [255, 0, 0, 255], "corner (\(x), \(y))")
        }
        #expect(Support.rgba(image[20, 20]) == [255, 255, 255, 255])
    }

    /// Instance k is tinted by instanceColor + k × offsets: white, then red halved, then none.
    @Test func instanceColors() throws {
        let (root, replicator, square) = Self.replicator(count: 3)
        square.backgroundColor = Support.white
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        replicator.instanceRedOffset = -0.5
        replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let image = try Support.render(root, size: 40)
        #expect(Support.rgba(image[4, 4]) == [255, 128, 255, 255])
        #expect(Support.rgba(image[16, 4]) == [128, 128, 255, 255])
        #expect(Support.rgba(image[28, 4]) == [0, 128, 255, 255])
    }

    /// Instance k's animations run k × instanceDelay later.
    @Test func instanceDelay() throws {
        let (root, replicator, square) = Self.replicator(count: 3)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        square.backgroundColor = Support.white
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        replicator.instanceDelay = 0.25
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.beginTime = 1e-6
        fade.fillMode = .both
        square.add(fade, forKey: "fade")
        let pixmap = try Pixmap(width: 40, height: 40)
        let renderer = LayerRenderer(threadCount: 1)
        renderer.render(root, at: 0.5, into: pixmap)
        let gray = (0..<3).map { Int(pixmap[4 + 12 * $0, 4].r) }
        #expect(abs(gray[0] - 128) <= 1 && abs(gray[1] - 64) <= 1 && gray[2] == 0)
    }

    @Test func matchesGolden() throws {
        let (root, replicator, square) = Self.replicator(count: 12, in: 64)
        replicator.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        square.frame = CGRect(x: 29, y: 4, width: 6, height: 14)
        square.cornerRadius = 3
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceAlphaOffset = -1.0 / 12
        replicator.instanceBlueOffset = 1.0 / 12
        goldenImages.expectMatch(try Support.render(root, size: 64), named: "render-replicator")
    }
}
