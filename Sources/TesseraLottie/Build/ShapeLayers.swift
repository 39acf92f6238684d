import Foundation
import TesseraCore

/// Builds the layers that draw a shape group: a `CAShapeLayer` for each style and the paths it
/// paints, a layer for each nested group (its transform and opacity), in Lottie's order: items
/// listed first are drawn on top.
///
/// A style paints the paths listed before it in its group, and those of the groups nested before
/// it: for those it draws inside a copy of the nested group's transform (a layer holding only
/// the transform), so that the paint keeps its place in the order. After Effects strokes such
/// paths after their group's transform, so a static uniform scale of the copy is taken out of
/// the stroke's width.
struct ShapeLayers {
    let animator: Animator
    let report: BuildReport
    /// The Lottie layer's path, for reports.
    let path: String

    /// Adds the layers that draw `group`'s elements to `layer`.
    func draw(_ group: ShapeGroup, into layer: CALayer) {
        // By index: each element read where it is (an enumerated sequence copies them).
        let elements = group.elements
        for k in elements.indices.reversed() {
            switch elements[k] {
            case .path: break
            case .group(let nested):
                guard nested.hasPaths else { continue }
                layer.addSublayer(groupLayer(nested))
            case .repeater(let repeater, let copied):
                let replicator = replicatorLayer(repeater)
                draw(copied, into: replicator)
                layer.addSublayer(replicator)
            case .fill, .stroke, .gradientFill, .gradientStroke:
                paint(elements[k], elements: elements[..<k], widthScale: 1, into: layer)
            }
        }
    }

    /// A nested group's layer: its transform and opacity, and what it draws.
    private func groupLayer(_ group: ShapeGroup) -> CALayer {
        let layer = CALayer()
        layer.name = group.name
        let transform = group.transform ?? LottieTransform()
        let content = TransformLayers.apply(transform, to: layer, animator: animator, report: report, path: path)
        animator.apply(transform.opacity, to: layer, keyPath: "opacity") { min(max($0 / 100, 0), 1) }
        draw(group, into: content)
        return layer
    }

    /// Paints the paths among `elements` (and in their nested groups) with `style`.
    private func paint(_ style: ShapeGroup.Element, elements: ArraySlice<ShapeGroup.Element>, widthScale: Double, into layer: CALayer) {
        var paths: [(PathSource, ShapeItem.Trim?)] = []
        for k in elements.indices {
            switch elements[k] {
            case .path(let source, let trim): paths.append((source, trim))
            case .group(let nested) where nested.hasPaths:
                let copy = CALayer()
                copy.name = "\(nested.name) (transform)"
                let transform = nested.transform ?? LottieTransform()
                let content = TransformLayers.apply(transform, to: copy, animator: animator, report: report, path: path)
                paint(style, elements: nested.elements[...], widthScale: widthScale * strokeScale(of: transform), into: content)
                layer.addSublayer(copy)
            case .repeater(let repeater, let copied):
                let replicator = replicatorLayer(repeater)
                paint(style, elements: copied.elements[...], widthScale: widthScale, into: replicator)
                layer.addSublayer(replicator)
            default: break
            }
        }
        // Paths with the same trim are drawn as one path (so that they make holes in each other);
        // a trim that works on each path separately needs a layer per path.
        var runs: [(sources: [PathSource], trim: ShapeItem.Trim?)] = []
        for (source, trim) in paths {
            if let last = runs.last, last.trim?.location == trim?.location {
                runs[runs.count - 1].sources.append(source)
            } else {
                runs.append(([source], trim))
            }
        }
        for run in runs {
            if let trim = run.trim, !trim.individually {
                for source in run.sources { layer.addSublayer(shapeLayer(style, [source], trim: trim, widthScale: widthScale)) }
            } else {
                layer.addSublayer(shapeLayer(style, run.sources, trim: run.trim, widthScale: widthScale))
            }
        }
    }

    /// The factor by which a nested group's transform scales a stroke drawn inside its copy:
    /// 1 over its scale when that is fixed and the same in x and y.
    private func strokeScale(of transform: LottieTransform) -> Double {
        let s = transform.scale
        guard !s.isAnimated, s.initialValue[0] == s.initialValue[1], s.initialValue[0] > 0 else {
            if s.isAnimated || s.initialValue[0] != s.initialValue[1] {
                report.approximated(path, "stroke width", "a stroke of an outer group over a scaled inner group is scaled with it")
            }
            return 1
        }
        return 100 / s.initialValue[0]
    }
}
