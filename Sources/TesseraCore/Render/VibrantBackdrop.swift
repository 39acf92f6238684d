import Foundation
import TesseraRaster

/// What a layer with a `vibrantColorMatrix` shows: the frame below it through the matrix, where
/// the layer has alpha (``LayerFilterChain/vibrant``). UIKit's vibrancy draws its content with
/// this filter (`_UIVibrancyEffectVibrantColorMatrixImpl`, WebKit's Apple visual effects): the
/// content's colours are not seen, only its shape, filled with what lies behind made lighter,
/// darker or more saturated. The matrix applies to straight colours, as `colorMatrix` does;
/// Core Animation does not document it further.
///
/// The frame below is what ``BackdropCapture`` gives a backdrop: inside an open group or a layer
/// drawn apart, what lies below with the group's content so far over it.
enum VibrantBackdrop {
    /// The frame's pixels under `image` (within its clip), through `matrix`, placed where they
    /// lie; nil when the image lies off the frame or memory runs out.
    static func pixels(
        under image: FilterOperations.Placed, through matrix: ColorMatrix,
        of frame: Pixmap
    ) -> FilterOperations.Placed? {
        let rect = image.rect, clip = image.clip ?? rect   // whole pixels: the pixmap's, and a clip on pixels
        let left = max(0, Int(max(rect.minX, clip.minX))), top = max(0, Int(max(rect.minY, clip.minY)))
        let right = min(frame.width, Int(min(rect.maxX, clip.maxX))), bottom = min(frame.height, Int(min(rect.maxY, clip.maxY)))
        guard left < right, top < bottom, let pixels = try? Pixmap(width: right - left, height: bottom - top) else { return nil }
        for row in 0..<pixels.height {
            pixels.row(row).update(from: frame.row(top + row) + left, count: pixels.width)
        }
        pixels.apply(matrix)
        return FilterOperations.Placed(pixmap: pixels, x: left, y: top)
    }
}
