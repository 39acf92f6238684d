import Foundation
import TesseraRaster

/// An image as `CALayer.render(in:)` draws it (``LayerRenderer/Mode/renderInContext``): through
/// CoreGraphics' image drawing, whose default interpolation is not bilinear. Each target pixel is
/// a Gaussian-weighted blend of the texels around the point it samples, in premultiplied colour,
/// texels past the edges continuing the edge (pad): σ ``sigma`` texels where the image is
/// magnified (the 4 × 4 texels around the point), ``sigma`` target pixels where it is minified.
///
/// Measured against Apple's renders: magnified, an image drawn at twice its size (lottie-ios's
/// `base64Test` snapshot): the two nearest texels weigh 0.882 and 0.118 (bilinear: 0.75 and
/// 0.25), the next one 0.002; this kernel gives those weights, and that render to within 5/255.
/// Minified, a text layer's backing store at twice the points drawn at half its size (lottie-ios's
/// `pr_2436_text_animator_index_alpha_0`, ``TextDrawing``): a σ of 0.36 target pixels fitted its
/// glyph edges best (0.25 and 0.5 were worse). Contents images drawn at or below their size keep
/// the layer's filters.
enum ContextImageResampling {
    /// The Gaussian's standard deviation: in texels magnified, in target pixels minified.
    static let sigma = 0.35
    /// The most target pixels resampled for one image: larger ones keep bilinear sampling.
    static let maximumPixels = 1 << 24

    /// How many texels the kernel reaches each side of the point it samples, for an image drawn at
    /// `magnification` target pixels per texel: the 2 of the 4 × 4 texels magnified, three σ
    /// minified (at least 2).
    static func reach(magnification: Double) -> Int {
        guard magnification > 0, magnification < 1 else { return 2 }
        return max(2, Int((3 * sigma / magnification).rounded(.up)))
    }

    /// The image sampled at the centre of each pixel of the target's pixel grid that the
    /// rectangle `destination` (layer space, mapped to the target by `layerToTarget`) reaches,
    /// and where it lies: a pattern that draws it texel for texel in layer space. Nil when the
    /// rectangle reaches no pixel or too many, or the mapping is not invertible.
    static func pattern(
        _ image: Image, imageToLayer: Transform, destination: CGRect, layerToTarget: Transform
    ) -> ImagePattern? {
        guard let targetToImage = imageToLayer.concatenating(layerToTarget).inverted(),
            let targetToLayer = layerToTarget.inverted()
        else { return nil }
        let corners = [
            CGPoint(x: destination.minX, y: destination.minY), CGPoint(x: destination.maxX, y: destination.minY),
            CGPoint(x: destination.minX, y: destination.maxY), CGPoint(x: destination.maxX, y: destination.maxY),
        ].map { layerToTarget.apply(Point(x: Double($0.x), y: Double($0.y))) }
        // Within the reach of a pixmap's coordinates (beyond them the image is not drawn this way).
        guard corners.allSatisfy({ abs($0.x) < 1e8 && abs($0.y) < 1e8 }) else { return nil }
        let x0 = Int(corners.map(\.x).min()!.rounded(.down)), x1 = Int(corners.map(\.x).max()!.rounded(.up))
        let y0 = Int(corners.map(\.y).min()!.rounded(.down)), y1 = Int(corners.map(\.y).max()!.rounded(.up))
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0, width <= maximumPixels / height else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        // Target pixels per texel; minified, the kernel spans target pixels, and its texels reach
        // three σ each side.
        let imageToTarget = imageToLayer.concatenating(layerToTarget)
        let magnification = abs(imageToTarget.a * imageToTarget.d - imageToTarget.b * imageToTarget.c).squareRoot()
        let texelSigma = magnification > 0 && magnification < 1 ? sigma / magnification : sigma
        let reach = reach(magnification: magnification)
        let weightScale = -1 / (2 * texelSigma * texelSigma)
        var columnWeights = [Double](repeating: 0, count: 2 * reach)
        for row in 0..<height {
            for column in 0..<width {
                // The pixel's centre in texel coordinates, texel centres at whole numbers.
                let p = targetToImage.apply(Point(x: Double(x0 + column) + 0.5, y: Double(y0 + row) + 0.5))
                let u = p.x - 0.5, v = p.y - 0.5
                guard abs(u) < 1e8, abs(v) < 1e8 else { continue }
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                // The Gaussian is separable: the columns' weights serve every row.
                for k in 0..<(2 * reach) {
                    let dx = Double(iu - reach + 1 + k) - u
                    columnWeights[k] = Foundation.exp(dx * dx * weightScale)
                }
                var sum = SIMD4<Double>(repeating: 0), total = 0.0
                for j in (iv - reach + 1)...(iv + reach) {
                    let dy = Double(j) - v
                    let wy = Foundation.exp(dy * dy * weightScale)
                    let ty = min(max(j, 0), image.height - 1)
                    for i in (iu - reach + 1)...(iu + reach) {
                        let w = wy * columnWeights[i - (iu - reach + 1)]
                        let texel = image[min(max(i, 0), image.width - 1), ty]
                        sum += w * SIMD4(Double(texel.r), Double(texel.g), Double(texel.b), Double(texel.a))
                        total += w
                    }
                }
                let c = (sum / total).rounded(.toNearestOrAwayFromZero)
                let a = min(max(c.w, 0), 255)
                let offset = (row * width + column) * 4
                bytes[offset] = UInt8(min(max(c.x, 0), a))
                bytes[offset + 1] = UInt8(min(max(c.y, 0), a))
                bytes[offset + 2] = UInt8(min(max(c.z, 0), a))
                bytes[offset + 3] = UInt8(a)
            }
        }
        guard let resampled = try? Image(width: width, height: height, premultipliedRGBA: bytes) else { return nil }
        return ImagePattern(
            image: resampled, transform: Transform(translationX: Double(x0), y: Double(y0)).concatenating(targetToLayer),
            extend: .pad, filter: .nearest)
    }
}
