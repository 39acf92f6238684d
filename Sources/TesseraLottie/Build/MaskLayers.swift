import Foundation
import TesseraCore
import TesseraRaster

/// A Lottie layer's masks as its content layer's `mask`, as lottie-ios builds it: each mask a
/// `CAShapeLayer` of its path (its opacity the layer's), masks that add gathered in a layer, and
/// each mask that subtracts or intersects masking what came before it (a layer around the
/// previous ones, whose `mask` it is). Subtracting or inverting draws the path inside a very
/// large rectangle with the even-odd rule: the area outside the path.
///
/// The modes lottie-ios's Core Animation engine folds into others are drawn as After Effects
/// combines them: lighten adds (the union; After Effects keeps the larger of two translucent
/// masks' opacities where the union sums them), darken intersects (the smaller where the
/// intersection multiplies), and difference keeps what is in the masks before it or in its own
/// path but not in both: its shape layer is drawn over them with the `xor` compositing filter
/// (a first difference mask is its path, as lottie-ios draws it).
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
            case .lighten, .darken:
                if mask.opacity.isAnimated || mask.opacity.initialValue != 100 {
                    let drawnAs = mode == .lighten ? "added" : "intersected"
                    report.approximated(path, "mask mode", "translucent \(mode) masks are drawn as \(drawnAs) ones")
                }
            case .add, .subtract, .intersect, .difference:
                break
            }
            let inverted = (mode == .subtract) != mask.inverted
            let shape = shapeLayer(mask, inverted: inverted)
            if let current = container, mode == .difference {
                shape.compositingFilter = "xor"
                let around = Self.plainLayer()
                around.addSublayer(current)
                around.addSublayer(shape)
                container = around
            } else if let current = container, mode != .add, mode != .lighten {
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
            guard inverted else { return PathSource.path([shape]) }
            var path = TesseraRaster.Path()
            path.addRect(TesseraRaster.Rect(x: -Self.outside, y: -Self.outside, width: 2 * Self.outside, height: 2 * Self.outside))
            PathSource.addBezier(shape, to: &path)
            return CGPath(rasterPath: path)
        }
        return layer
    }

    private static func plainLayer() -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        return layer
    }
}
