import Foundation
import TesseraRaster

/// Draws a layer's shadow as Core Animation does: the shadow's shape, moved by `shadowOffset`,
/// blurred by `shadowRadius`, painted in `shadowColor` at `shadowOpacity`.
///
/// - **Shape**: `shadowPath` filled with the non-zero rule in the layer's coordinates, or,
///   without one, "the layer's composited alpha channel" (Apple, `CALayer.shadowPath`; "the
///   shape of the layer's nontransparent region", Neuburg, *Programming iOS*): the layer and its
///   sublayers as drawn, clipped by its `masksToBounds` and `mask`, at full opacity. The
///   shadows inside that subtree are left out of the shape (a sublayer's shadow does not cast
///   one of its own; each shadow costs one offscreen render, never more).
/// - **Color**: the shape's alpha × `shadowColor` × `shadowOpacity` (clamped to [0, 1]), tinted
///   as the layer's contents (replicator instance colors, the opacities above).
/// - **Blur**: a Gaussian of standard deviation σ = `shadowRadius`. Apple documents
///   `shadowRadius` only as "the blur radius (in points)"; its renders show σ = the radius, not
///   the CSS convention of half of it (Backgrounds and Borders 3): lottie-ios's snapshots of
///   layers with `shadowRadius` 2 and 6 points at 2 pixels per point (`issue_1169_shadow_effect`,
///   `issue_1169_shadow_style`, CoreGraphics rendering the layers with `render(in:)`) fall off
///   as a Gaussian of σ = 3.9 and 11.8 pixels, within 1/255 of σ = 4 and 12 (its tail is cut
///   about 2σ out; ours is not). Computed by TesseraRaster's `GaussianBlur`, whose cost does not
///   grow with σ: three extended box filters from σ = 2 (within 7.5 % of the Gaussian's peak),
///   the sampled kernel below.
/// - **Coordinates**: offset and radius are "in points" of the layer (Apple, `shadowOffset`,
///   `shadowRadius`), so the shadow follows every transform above the layer and its own, as
///   its contents do: the renderer's scale scales both, a rotation turns the offset, and a
///   flipped superlayer turns the default offset (0, −3) downwards, as on macOS (Lockwood,
///   *iOS Core Animation: Advanced Techniques*, "Drop Shadows": "On a Mac, the same default
///   shadowOffset value results in a downward-pointing shadow"). Unflipped, y runs down as on
///   iOS: a positive height moves the shadow down. On the target, σ is stretched along x and y
///   as the layer's mapping stretches them at the middle of its bounds: exact for scales and
///   rotations, an axis-aligned approximation under skew or perspective.
/// - **Perspective**: the shape is projected with the layer, the offset applied in the layer's
///   plane before the projection.
///
/// Clamps: a NaN offset component counts as 0 and an infinite offset moves the shadow out of
/// sight (nothing is drawn); a NaN or negative radius blurs nothing (a hard shadow, as radius
/// 0); σ on the target is capped at `GaussianBlur.maximumSigma` pixels (larger radii blur as
/// that); the shape is rendered only over the target grown by the blur's reach, since what lies
/// farther out cannot blur into view (a target so large that this plane passes ``Pixmap``'s
/// limits draws no shadows).
struct ShadowDrawing {
    /// Where shapes are rendered, apart from the frame's canvas.
    let offscreen: Canvas
    /// The frame's size in pixels.
    let targetWidth: Int
    let targetHeight: Int

    /// The color the layer's shadow is painted in (its alpha times `shadowOpacity`); nil when it
    /// casts none: no color, an opacity of 0 or NaN, or an empty `shadowPath`. Always inlined, as
    /// ``LayerGeometry/toSuperlayerBounds(_:)``: the walk asks it of every layer.
    @inline(__always)
    static func color(of p: LayerProperties) -> Color? {
        guard var color = p.shadowColor, p.shadowOpacity > 0, p.shadowPath?.isEmpty != true else { return nil }
        color.alpha *= Double(min(p.shadowOpacity, 1))
        return color.alpha > 0 ? color : nil
    }

    /// Draws the shadow of `node` (presented properties `p`), mapped to the canvas by `matrix`,
    /// with `paint` onto `canvas`.
    func draw(_ node: LayerSnapshot, _ p: LayerProperties, matrix: CATransform3D, paint: Paint, on canvas: Canvas) {
        let offset = CGSize(
            width: p.shadowOffset.width.isNaN ? 0 : p.shadowOffset.width,
            height: p.shadowOffset.height.isNaN ? 0 : p.shadowOffset.height)
        guard offset.width.isFinite, offset.height.isFinite else { return }
        let sigma = Self.sigma(p, matrix)
        // The blur whose cost does not grow with σ (three extended boxes from σ = 2, the sampled
        // kernel below), as blurred layers and backdrops use.
        let blur = GaussianBlur(sigmaX: sigma.x, sigmaY: sigma.y)
        // The shape where the shadow falls, in a plane over the target grown by the blur's reach
        // (its pixel (rx, ry) is the target's (0, 0)).
        let moved = CATransform3DConcat(CATransform3DMakeTranslation(offset.width, offset.height, 0), matrix)
        let plane = CATransform3DConcat(moved, CATransform3DMakeTranslation(CGFloat(blur.reachX), CGFloat(blur.reachY), 0))
        if let path = p.shadowPath {
            guard let mapping = PlaneMapping(plane) else { return }
            offscreen.fill(path, paint: .solid(.black), mapping: mapping)
        } else {
            LayerTreeDrawing(canvas: offscreen, shadows: nil).draw(node, base: plane, rootOpacity: 1)
        }
        // A plane too large to allocate casts no shadow.
        guard
            let shape = try? offscreen.renderAlphaMask(
                width: targetWidth + 2 * blur.reachX,
                height: targetHeight + 2 * blur.reachY)
        else { return }
        var shadow = shape.blurred(by: blur, threadCount: canvas.threadCount)
        shadow.x -= blur.reachX
        shadow.y -= blur.reachY
        canvas.fill(shadow, paint: paint)
    }

    /// σ on the target along x and y: `shadowRadius` (NaN or negative: 0) times the lengths
    /// of the rows of the mapping's Jacobian at the middle of the bounds (0 where that point is
    /// not in front of the eye).
    private static func sigma(_ p: LayerProperties, _ m: CATransform3D) -> (x: Double, y: Double) {
        let radius = Double(p.shadowRadius)
        let sigma = radius > 0 ? radius : 0
        guard sigma > 0 else { return (0, 0) }
        let scale = LayerGeometry.deviceScale(of: p.bounds, m)
        return (sigma * scale.x, sigma * scale.y)
    }
}
