import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Turns a presentation tree into drawing calls on a canvas, in Core Animation's order: for each
/// layer its background (rounded by its corner radius), its shape's fill then stroke, its
/// sublayers (by `zPosition`, then in order), then its border.
///
/// Not yet drawn (issue 5 continues): shadows, `masksToBounds` and `mask` clipping, group
/// opacity (a layer's opacity multiplies each of its descendants' colors instead, which differs
/// where they overlap), replicator instances beyond the first, and layers under a perspective
/// transform (skipped with their subtree).
struct LayerTreeDrawing {
    let tree: PresentationTree
    let canvas: Canvas

    private enum Step {
        case layer(index: Int, transform: CATransform3D, opacity: Double)
        case border(index: Int, transform: Transform, opacity: Double)
    }

    /// Draws layer `root` and its subtree, its coordinates mapped to the canvas by `base`.
    /// Iterative: trees may be deeper than the stack allows recursion.
    func draw(root: Int, base: CATransform3D) {
        var steps: [Step] = [.layer(index: root, transform: base, opacity: 1)]
        while let step = steps.popLast() {
            switch step {
            case .layer(let index, let matrix, let inherited):
                let p = tree.properties[index]
                let opacity = inherited * Double(p.opacity)
                guard !p.isHidden, opacity > 0, let transform = matrix.planeAffine else { continue }
                drawContents(of: p, transform: transform, opacity: opacity)
                if p.borderWidth > 0, p.borderColor != nil {
                    steps.append(.border(index: index, transform: transform, opacity: opacity))
                }
                // Pushed in reverse so that they pop back to front.
                for child in sortedSublayers(of: index).reversed() {
                    let toParent = LayerGeometry.toSuperlayer(tree.properties[child], superlayer: p)
                    steps.append(.layer(index: child, transform: CATransform3DConcat(toParent, matrix), opacity: opacity))
                }
            case .border(let index, let transform, let opacity):
                let p = tree.properties[index]
                guard let color = p.borderColor else { continue }
                let ring = LayerBackgroundShapes.border(p.bounds, width: p.borderWidth, radius: p.cornerRadius,
                                                        corners: p.maskedCorners)
                canvas.fill(ring, paint: Self.paint(color, opacity), rule: .evenOdd, transform: transform)
            }
        }
    }

    /// Sublayers back to front: by zPosition, ties in their order (a stable sort).
    private func sortedSublayers(of index: Int) -> [Int] {
        let children = tree.shape.sublayers(of: index).map(Int.init)
        guard children.count > 1 else { return children }
        return children.enumerated().sorted { a, b in
            let za = tree.properties[a.element].zPosition, zb = tree.properties[b.element].zPosition
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    private func drawContents(of p: LayerProperties, transform: Transform, opacity: Double) {
        if let background = p.backgroundColor {
            let outline = LayerBackgroundShapes.roundedRect(p.bounds, radius: p.cornerRadius, corners: p.maskedCorners)
            canvas.fill(outline, paint: Self.paint(background, opacity), transform: transform)
        }
        guard p.kind == .shape, let path = p.path else { return }
        if let fill = p.fillColor {
            canvas.fill(path, paint: Self.paint(fill, opacity), rule: p.fillRule.rasterRule, transform: transform)
        }
        if let stroke = p.strokeColor, p.lineWidth > 0 {
            let style = StrokeStyle(width: Double(p.lineWidth), cap: p.lineCap.rasterCap, join: p.lineJoin.rasterJoin,
                                    miterLimit: Double(p.miterLimit))
            canvas.stroke(path, paint: Self.paint(stroke, opacity), style: style, dash: p.rasterDash,
                          trimStart: Double(p.strokeStart), trimEnd: Double(p.strokeEnd), transform: transform)
        }
    }

    private static func paint(_ color: Color, _ opacity: Double) -> Paint {
        var color = color
        color.alpha *= opacity
        return .solid(color)
    }
}
#endif
