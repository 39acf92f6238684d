import Foundation
import TesseraRaster

/// Blurs whose edges are hard or normalized (``LayerFilterChain/BlurEdges``): both work on the
/// pixels inside the edge region only, and cut their result to it.
extension FilterOperations {
    /// The edge region on the grid of `pixels` (whole pixels of theirs, rounded outwards, within
    /// the pixmap), as (x0, y0, x1, y1); nil when it holds no pixel.
    private func regionOnGrid(of pixels: Placed) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let s = Double(pixels.scale)
        guard edgeRegion.width > 0, edgeRegion.height > 0 else { return nil }
        let x0 = max(0, Int(((edgeRegion.minX - Double(pixels.x)) / s).rounded(.down)))
        let y0 = max(0, Int(((edgeRegion.minY - Double(pixels.y)) / s).rounded(.down)))
        let x1 = min(pixels.pixmap.width, Int(((edgeRegion.maxX - Double(pixels.x)) / s).rounded(.up)))
        let y1 = min(pixels.pixmap.height, Int(((edgeRegion.maxY - Double(pixels.y)) / s).rounded(.up)))
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }

    /// The result of a blur cut to the region: its pixels from `origin` on the grid of `pixels`.
    private func cut(_ pixmap: Pixmap, at origin: (x: Int, y: Int), of pixels: Placed) -> Placed {
        var clip = edgeRegion
        if let previous = pixels.clip {   // an earlier cut: both hold
            let x0 = max(clip.minX, previous.minX), y0 = max(clip.minY, previous.minY)
            clip = Rect(
                x: x0, y: y0, width: max(0, min(clip.maxX, previous.maxX) - x0),
                height: max(0, min(clip.maxY, previous.maxY) - y0))
        }
        return Placed(
            pixmap: pixmap, x: pixels.x + origin.x * pixels.scale, y: pixels.y + origin.y * pixels.scale,
            scale: pixels.scale, clip: clip)
    }

    /// Hard edges: the region's pixels with their edge pixels repeated outwards as far as the
    /// blur reaches (Core Image's `clampedToExtent`), blurred, and cut back to the region.
    func hardEdgedBlur(_ pixels: Placed, _ blur: GaussianBlur) -> Placed? {
        guard let r = regionOnGrid(of: pixels) else { return nil }
        let rx = blur.reachX, ry = blur.reachY, width = r.x1 - r.x0, height = r.y1 - r.y0
        guard let extended = try? Pixmap(width: width + 2 * rx, height: height + 2 * ry) else { return nil }
        for y in 0..<extended.height {
            let source = pixels.pixmap.row(min(max(r.y0 + y - ry, r.y0), r.y1 - 1))
            let out = extended.row(y)
            for x in 0..<extended.width { out[x] = source[min(max(r.x0 + x - rx, r.x0), r.x1 - 1)] }
        }
        guard let blurred = try? extended.blurred(by: blur, threadCount: threadCount, recorder: recorder),
            let result = try? Pixmap(width: width, height: height)
        else { return nil }
        // Extended pixel (rx, ry) is the region's first, and the blur moved it by the reach again.
        for y in 0..<height { result.row(y).update(from: blurred.row(y + 2 * ry) + 2 * rx, count: width) }
        return cut(result, at: (r.x0, r.y0), of: pixels)
    }

    /// Normalized edges: the weighted mean over the region's pixels only. The blur of the
    /// region's pixels (nothing outside) is divided by the blur of the region's indicator, which
    /// is separable: the product of the horizontal and vertical blurs of a run of ones (255) as
    /// long as the region, so two profiles give every pixel's weight.
    func normalizedBlur(_ pixels: Placed, _ blur: GaussianBlur) -> Placed? {
        guard let r = regionOnGrid(of: pixels) else { return nil }
        let rx = blur.reachX, ry = blur.reachY, width = r.x1 - r.x0, height = r.y1 - r.y0
        guard let inside = try? Pixmap(width: width, height: height) else { return nil }
        for y in 0..<height { inside.row(y).update(from: pixels.pixmap.row(r.y0 + y) + r.x0, count: width) }
        guard let blurred = try? inside.blurred(by: blur, threadCount: threadCount, recorder: recorder),
            let result = try? Pixmap(width: width, height: height)
        else { return nil }
        let across = Self.profile(length: width, blur: GaussianBlur(sigmaX: blur.sigmaX, sigmaY: 0))
        let down = Self.profile(length: height, blur: GaussianBlur(sigmaX: blur.sigmaY, sigmaY: 0))
        for y in 0..<height {
            let source = blurred.row(y + ry) + rx, out = result.row(y)
            let rowWeight = UInt64(down[y])
            for x in 0..<width {
                // value / (wx · wy / 255²) in 16.16 fixed point: 255² · 2¹⁶ / (wx · wy) fits 32
                // bits for weights of at least 1 (both are, inside the region: its own pixel).
                let reciprocal = (65_025 << 16) / max(1, UInt64(across[x]) * rowWeight)
                out[x] = Self.scaled(source[x], by: reciprocal)
            }
        }
        return cut(result, at: (r.x0, r.y0), of: pixels)
    }

    /// The blur of a run of `length` ones (255), as seen by each pixel of the run: 255 far from
    /// its ends, about half that at them.
    private static func profile(length: Int, blur: GaussianBlur) -> [UInt8] {
        var run = AlphaMask(x: 0, y: 0, width: length, height: 1)
        for x in 0..<length { run[x, 0] = 255 }
        let blurred = run.blurred(by: blur)
        return Array(blurred.values[blur.reachX..<(blur.reachX + length)])
    }

    /// Each byte of `pixel` times `reciprocal` / 2¹⁶, rounded, at most 255. The same factor on
    /// every channel keeps colours at most their alpha.
    private static func scaled(_ pixel: UInt32, by reciprocal: UInt64) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let channel = UInt64((pixel >> UInt32(shift)) & 0xFF)
            result |= UInt32(min(255, (channel * reciprocal + 0x8000) >> 16)) << UInt32(shift)
        }
        return result
    }
}
