import Foundation
import TesseraRaster

/// Core Animation's `variableBlur` (Core Image's `CIMaskedVariableBlur`): σ varies over the
/// image, `inputRadius` times the mask image's alpha at each pixel, the mask stretched over the
/// layer's bounds (its first row at the bounds' top, as a layer's contents). What iOS's
/// progressive blurs under bars are: a backdrop whose mask image fades from opaque to clear.
///
/// # Method
/// The pixels blurred at ``levels`` σs evenly spaced up to the full one (each a Gaussian blur,
/// whose cost does not grow with σ), and each output pixel interpolated linearly between the
/// two levels around its own σ: with m the mask's alpha, t = m · levels, the level ⌊t⌋ and the
/// next mixed by fract(t) (level 0 is the pixels themselves). On a canvas: the unblurred pixels,
/// then each level k mixed in through the coverage c = clamp(t − (k − 1), 0, 1), as
/// c · level + (1 − c) · below (`destinationOut` through c, then `plusLighter` through c): the
/// same interpolation, level after level.
extension FilterOperations {
    /// The blurred levels between the unblurred pixels and the full σ.
    static let levels = 4

    func variablyBlurred(_ pixels: Placed, sigma: Double, mask: CGImage, edges: LayerFilterChain.BlurEdges) -> Placed? {
        var levels: [Placed] = [pixels]
        for k in 1...Self.levels {
            guard let level = blurred(pixels, sigma: sigma * Double(k) / Double(Self.levels), edges: edges) else { return nil }
            levels.append(level)
        }
        // The result on the grid of the pixels, over every level's pixels.
        let s = pixels.scale
        let left = levels.map(\.x).min()!, top = levels.map(\.y).min()!
        let right = levels.map { $0.x + $0.pixmap.width * $0.scale }.max()!
        let bottom = levels.map { $0.y + $0.pixmap.height * $0.scale }.max()!
        let width = (right - left + s - 1) / s, height = (bottom - top + s - 1) / s
        // No mask drawn on the grid: σ is 0 everywhere.
        guard let coverage = maskAlpha(mask, width: width, height: height, left: left, top: top, scale: s) else {
            return pixels
        }
        let canvas = Canvas(threadCount: threadCount)
        for (k, level) in levels.enumerated() {
            guard let image = try? Image(pixmap: level.pixmap) else { return nil }
            let f = Double(level.scale) / Double(s)
            let placement = Transform(
                a: f, b: 0, c: 0, d: f, tx: Double(level.x - left) / Double(s),
                ty: Double(level.y - top) / Double(s))
            let paint = Paint.image(
                ImagePattern(
                    image: image, transform: placement, extend: .none,
                    filter: level.scale == s ? .nearest : .bilinear))
            if k == 0 {
                canvas.fill(Path(rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height))), paint: paint)
            } else {
                // c · level + (1 − c) · below: what is below kept at 1 − c, then the level added at c.
                let through = Self.levelCoverage(coverage, level: k)
                canvas.fill(through, paint: .solid(Color(red: 0, green: 0, blue: 0, alpha: 1)), blendMode: .destinationOut)
                canvas.fill(through, paint: paint, blendMode: .plusLighter)
            }
        }
        guard let result = try? canvas.renderPixmap(width: width, height: height) else { return nil }
        let clip = levels.last!.clip
        return Placed(pixmap: result.pixmap, x: left + result.x * s, y: top + result.y * s, scale: s, clip: clip)
    }

    /// The mask image's alpha over the layer's bounds, on a grid of `width` × `height` pixels of
    /// `scale` target pixels from (`left`, `top`). Past the bounds the mask's edge continues, as
    /// far as the blur reaches (what lies farther is not drawn).
    private func maskAlpha(_ mask: CGImage, width: Int, height: Int, left: Int, top: Int, scale: Int) -> AlphaMask? {
        let toGrid = CATransform3DConcat(
            matrix,
            CATransform3DConcat(
                CATransform3DMakeTranslation(CGFloat(-left), CGFloat(-top), 0),
                CATransform3DMakeScale(1 / CGFloat(scale), 1 / CGFloat(scale), 1)))
        guard let mapping = PlaneMapping(toGrid), mask.width > 0, mask.height > 0 else { return nil }
        let image = mask.rasterImage
        let placement = Transform(
            a: Double(bounds.width) / Double(image.width), b: 0, c: 0,
            d: Double(bounds.height) / Double(image.height),
            tx: Double(bounds.minX), ty: Double(bounds.minY))
        // Grown by the grid's size in points at the layer's scale, so that every grid pixel is
        // covered; not under perspective, where growing could reach the eye's plane.
        var grow = 0.0
        if case .affine = mapping { grow = Double(width + height) * Double(scale) / max(1e-6, min(self.scale.x, self.scale.y)) }
        let area = Rect(
            x: Double(bounds.minX) - grow, y: Double(bounds.minY) - grow,
            width: Double(bounds.width) + 2 * grow, height: Double(bounds.height) + 2 * grow)
        let canvas = Canvas(threadCount: threadCount)
        canvas.fill(
            Path(rect: area),
            paint: .image(ImagePattern(image: image, transform: placement, extend: .pad, filter: .bilinear)),
            mapping: mapping)
        guard let rendered = try? canvas.renderAlphaMask(width: width, height: height) else { return nil }
        return rendered
    }

    /// The coverage through which level k (1…``levels``) is copied: clamp(m · levels − (k − 1),
    /// 0, 1) for each mask alpha m.
    private static func levelCoverage(_ alpha: AlphaMask, level k: Int) -> AlphaMask {
        var coverage = alpha
        let below = 255 * (k - 1)
        for y in 0..<alpha.height {
            for x in 0..<alpha.width {
                let t = Int(alpha[alpha.x + x, alpha.y + y]) * levels - below
                coverage[alpha.x + x, alpha.y + y] = UInt8(min(255, max(0, t)))
            }
        }
        return coverage
    }
}
