import Foundation
import Tessera

/// A Lottie layer's masks as its content layer's `mask`, as lottie-ios builds it: each mask a
/// `CAShapeLayer` of its path (its opacity the layer's), masks that add gathered in a layer, and
/// each mask that subtracts or intersects masking what came before it (a layer around the
/// previous ones, whose `mask` it is). Subtracting or inverting draws the path inside a very
/// large rectangle with the even-odd rule: the area outside the path.
struct MaskLayers {
    let animator: Animator
    let report: BuildReport
    let path: String

    /// How far the rectangle of an inverted mask reaches, in points each way.
    static let outside = 1_000_000.0

    /// The mask layer for `masks`; nil when none of them masks anything.
    func mask(for masks: [Mask]) -> CALayer? {
        var container: CALayer?
        for mask in masks {
            guard let mode = mask.mode else {
                report.notDrawn(path, "mask mode", "mask mode \"\(mask.modeName)\" not applied")
                continue
            }
            if mask.expansion.isAnimated || mask.expansion.initialValue != 0 {
                report.approximated(path, "mask expansion", "a mask's expansion is not drawn")
            }
            switch mode {
            case .none:
                continue
            case .lighten, .darken, .difference:
                report.notDrawn(path, "mask mode", "\(mode) masks not applied")
                continue
            case .add, .subtract, .intersect:
                break
            }
            let inverted = (mode == .subtract) != mask.inverted
            let shape = shapeLayer(mask, inverted: inverted)
            if let current = container, mode != .add {
                let around = Self.plainLayer()
                current.mask = shape
                around.addSublayer(current)
                container = around
            } else {
                // The first mask, whatever its mode, starts the area (a first subtraction takes
                // its path away from everything: its inverted path).
                let current = container ?? Self.plainLayer()
                current.addSublayer(shape)
                container = current
            }
        }
        return container
    }

    private func shapeLayer(_ mask: Mask, inverted: Bool) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.name = "mask"
        layer.fillRule = .evenOdd
        animator.apply(mask.opacity, to: layer, keyPath: "opacity") { ShapeLayers.opacity($0) }
        let outline = mask.path
        animator.apply(outline, to: layer, keyPath: "path") { shape -> CGPath in
            let path = CGMutablePath()
            if inverted {
                path.addRect(CGRect(x: -Self.outside, y: -Self.outside, width: 2 * Self.outside, height: 2 * Self.outside))
            }
            PathSource.addBezier(shape, to: path)
            return path
        }
        return layer
    }

    private static func plainLayer() -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        return layer
    }
}
