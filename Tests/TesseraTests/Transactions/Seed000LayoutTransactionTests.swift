import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// Seed 000's `AnimationView` lays its animation layer out inside `CATransaction.begin()`,
/// `setDisableActions(true)` … `commit()`: "the CATransaction calls are required to prevent
/// CoreAnimation from automatically animating the changes we do to the layer in those methods."
/// Ported by changing imports: UIView's part is played by a host that is its backing layer's
/// delegate and answers `NSNull`, as UIKit's views do outside animation blocks (a view's own
/// layer never animates implicitly); the animation layer is not a backing layer, so its changes
/// would animate without the transaction.
@Suite struct Seed000LayoutTransactionTests {
    final class AnimationView: NSObject, CALayerDelegate {
        let layer = CALayer()
        let animationLayer: CALayer

        init(archive: SceneDocument) {
            animationLayer = archive.rootLayer
            super.init()
            layer.delegate = self
        }

        var frame: CGRect {
            get { layer.frame }
            set {
                layer.frame = newValue
                layoutSubviews()
            }
        }

        func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }

        func layoutSubviews() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            installAnimationLayerIfNeeded()
            layoutAnimationLayer()
            CATransaction.commit()
        }

        private func installAnimationLayerIfNeeded() {
            guard animationLayer.superlayer == nil else { return }
            animationLayer.isGeometryFlipped = false
            layer.addSublayer(animationLayer)
        }

        /// Not shown in the seed ("It does some math to transform the animation layer so it fits
        /// the view's bounds, without distorting its contents"): scaled to fit, centred.
        private func layoutAnimationLayer() {
            let content = animationLayer.bounds.size, room = layer.bounds.size
            guard content.width > 0, content.height > 0 else { return }
            let scale = min(room.width / content.width, room.height / content.height)
            animationLayer.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
            animationLayer.transform = CATransform3DMakeScale(scale, scale, 1)
        }
    }

    /// The seed's archive, made as its first snippet makes it (with a `CGColor` for `UIColor`).
    private func redSquareArchive() throws -> SceneDocument {
        let layer = CAShapeLayer()
        let rect = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.path = CGPath(roundedRect: rect, cornerWidth: 5, cornerHeight: 5, transform: nil)
        layer.frame = rect
        layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.strokeColor = CGColor.white
        layer.lineWidth = 2
        let data = try SceneDocument(rootLayer: layer).archiveData()
        return try SceneDocument(archiveData: data)
    }

    @Test func layoutInsideTheTransactionDoesNotAnimate() throws {
        let view = AnimationView(archive: try redSquareArchive())
        let clock = AnimationClock(time: 0)
        clock.attach(view.layer)
        view.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        _ = view.layer.presentation(at: clock.time)      // on screen
        clock.advance(to: 1)

        view.frame = CGRect(x: 0, y: 0, width: 100, height: 300)   // rotated, say
        #expect(view.layer.animationKeys() == nil, "a backing layer: its delegate says NSNull")
        #expect(view.animationLayer.animationKeys() == nil, "laid out with actions disabled")
        let shown = view.layer.presentation(at: clock.time).sublayers[0].properties
        #expect(shown.transform == CATransform3DMakeScale(0.5, 0.5, 1))
        #expect(shown.position == CGPoint(x: 50, y: 150))
    }

    @Test func withoutTheTransactionTheSameChangesWouldAnimate() throws {
        let view = AnimationView(archive: try redSquareArchive())
        let clock = AnimationClock(time: 0)
        clock.attach(view.layer)
        view.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        _ = view.layer.presentation(at: clock.time)

        view.animationLayer.position = CGPoint(x: 50, y: 150)
        view.animationLayer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        #expect(view.animationLayer.animationKeys() == ["position", "transform"])
        let shown = view.layer.presentation(at: clock.time).sublayers[0].properties
        #expect(shown.transform == CATransform3DMakeScale(2, 2, 1), "still where it was: the animations begin now")
    }
}
