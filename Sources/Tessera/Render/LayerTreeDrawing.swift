import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// Turns a presentation tree into drawing calls on a canvas, in Core Animation's order: for each
/// layer its background (rounded by its corner radius), its shape's fill then stroke, its
/// sublayers (by `zPosition`, then in order), then its border.
///
/// Groups (canvas layers composited as one image) where Core Animation composites a subtree as
/// one: a layer with `opacity` < 1 that has sublayers or draws more than one thing (group
/// opacity: overlaps inside do not show through), `masksToBounds` (masked by its rounded bounds,
/// anti-aliased) and `mask` (masked by the mask layer's alpha). Nested groups carry the opacity
/// on the outermost one.
///
/// Not yet drawn (issue 5 continues): shadows, replicator instances beyond the first, and
/// layers under a perspective transform (skipped with their subtree).
struct LayerTreeDrawing {
    let tree: PresentationTree
    let canvas: Canvas

    private enum Step {
        case layer(index: Int, transform: CATransform3D, opacity: Double)
        case border(index: Int, transform: Transform, opacity: Double)
        /// The mask of the group clipping layer `index` to its rounded bounds, then its end.
        case clip(index: Int, transform: Transform, opacity: Double)
        /// The mask of the group masking layer `index` by its mask layer, then its end.
        case mask(index: Int, transform: CATransform3D, opacity: Double)
        case endGroup(opacity: Double)
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
                let sublayers = sortedSublayers(of: index)
                let hasMask = tree.shape.masks[index] >= 0
                let groupOpacity = opacity < 1 && (!sublayers.isEmpty || Self.drawCount(p) > 1)
                // Outermost first; the outermost one ends last, with the opacity.
                var groups: [Step] = []
                if p.masksToBounds { groups.append(.clip(index: index, transform: transform, opacity: 1)) }
                if hasMask { groups.append(.mask(index: index, transform: matrix, opacity: 1)) }
                if groups.isEmpty && groupOpacity { groups.append(.endGroup(opacity: 1)) }
                let contentOpacity = groups.isEmpty ? opacity : 1
                if !groups.isEmpty {
                    groups[0] = Self.withOpacity(groups[0], opacity)
                    for _ in groups { canvas.beginGroup() }
                }
                drawContents(of: p, transform: transform, opacity: contentOpacity)
                // Pushed in reverse: they run as sublayers, border, then the groups' ends from
                // the innermost out.
                steps.append(contentsOf: groups)
                if p.borderWidth > 0, p.borderColor != nil {
                    steps.append(.border(index: index, transform: transform, opacity: contentOpacity))
                }
                for child in sublayers.reversed() {
                    let toParent = LayerGeometry.toSuperlayer(tree.properties[child], superlayer: p)
                    steps.append(.layer(index: child, transform: CATransform3DConcat(toParent, matrix),
                                        opacity: contentOpacity))
                }
            case .border(let index, let transform, let opacity):
                let p = tree.properties[index]
                guard let color = p.borderColor else { continue }
                let ring = LayerBackgroundShapes.border(p.bounds, width: p.borderWidth, radius: p.cornerRadius,
                                                        corners: p.maskedCorners)
                canvas.fill(ring, paint: Self.paint(color, opacity), rule: .evenOdd, transform: transform)
            case .clip(let index, let transform, let opacity):
                let p = tree.properties[index]
                canvas.beginMask()
                canvas.fill(LayerBackgroundShapes.roundedRect(p.bounds, radius: p.cornerRadius, corners: p.maskedCorners),
                            paint: .solid(.white), transform: transform)
                canvas.endGroup(opacity: opacity)
            case .mask(let index, let matrix, let opacity):
                // The mask layer's geometry is relative to the layer it masks, as a sublayer's.
                let maskIndex = Int(tree.shape.masks[index])
                let toLayer = LayerGeometry.toSuperlayer(tree.properties[maskIndex], superlayer: tree.properties[index])
                canvas.beginMask()
                steps.append(.endGroup(opacity: opacity))
                steps.append(.layer(index: maskIndex, transform: CATransform3DConcat(toLayer, matrix), opacity: 1))
            case .endGroup(let opacity):
                canvas.endGroup(opacity: opacity)
            }
        }
    }

    /// The group step with the opacity it ends with (the outermost group carries the layer's).
    private static func withOpacity(_ step: Step, _ opacity: Double) -> Step {
        switch step {
        case .clip(let index, let transform, _): return .clip(index: index, transform: transform, opacity: opacity)
        case .mask(let index, let matrix, _): return .mask(index: index, transform: matrix, opacity: opacity)
        case .endGroup: return .endGroup(opacity: opacity)
        case .layer, .border: return step
        }
    }

    /// How many things a layer draws itself (background, fill, stroke, border).
    private static func drawCount(_ p: LayerProperties) -> Int {
        var count = p.backgroundColor == nil ? 0 : 1
        if p.borderWidth > 0 && p.borderColor != nil { count += 1 }
        if p.kind == .shape && p.path != nil {
            if p.fillColor != nil { count += 1 }
            if p.strokeColor != nil && p.lineWidth > 0 { count += 1 }
        }
        return count
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
