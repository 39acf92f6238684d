import CTesseraSIMD

/// The fine stage of `.paintedAlphaMask` commands: a paint (evaluated at device pixels) drawn
/// through an ``AlphaMask``'s values as coverage, with a blend mode, into RGBA rows or alpha rows.
/// A mode that changes pixels outside its source (``BlendMode/changesPixelsOutsideSource``) also
/// composites a transparent source over the rest of each row it is given: the command's rows are
/// then the whole target.
enum MaskedPaintRows {
    /// Draws rows `rows` of the target (`row(y)`: row y, `width` pixels) in RGBA.
    static func draw(
        mask: AlphaMask, paint: UnsafePointer<PreparedPaint>, rows: Range<Int>, width: Int, height: Int,
        scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt32>
    ) {
        let reachesOutside = paint.pointee.reachesOutside
        let clip = mask.clipped(toWidth: width, height: height)
        mask.values.withUnsafeBufferPointer { values in
            for y in rows {
                let pixels = row(y)
                guard y >= clip.top, y < clip.bottom else {
                    if reachesOutside { PaintedRows.blendOutside(pixels, count: width, paint: paint, scratch: scratch) }
                    continue
                }
                let coverage = values.baseAddress! + (y - mask.y) * mask.width + (clip.left - mask.x)
                tsr_paint_coverage_row(
                    coverage, Int32(clip.left), Int32(y), clip.right - clip.left, paint.kernel,
                    pixels + clip.left, scratch.colors)
                if reachesOutside {
                    PaintedRows.blendOutside(pixels, count: clip.left, paint: paint, scratch: scratch)
                    PaintedRows.blendOutside(pixels + clip.right, count: width - clip.right, paint: paint, scratch: scratch)
                }
            }
        }
    }

    /// Draws rows `rows` of an alpha target (`row(y)`: row y, `width` bytes): the alpha bytes of
    /// ``draw(mask:paint:rows:width:height:scratch:row:)``.
    static func drawAlpha(
        mask: AlphaMask, paint: UnsafePointer<PreparedPaint>, rows: Range<Int>, width: Int, height: Int,
        scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt8>
    ) {
        let (mode, opacity) = (paint.pointee.blendMode, paint.pointee.opacity)
        let (reachesOutside, isSolid) = (paint.pointee.reachesOutside, paint.pointee.isSolid)
        let clip = mask.clipped(toWidth: width, height: height)
        mask.values.withUnsafeBufferPointer { values in
            for y in rows {
                let alpha = row(y)
                guard y >= clip.top, y < clip.bottom else {
                    if reachesOutside { tsr_alpha_blend_solid_row(alpha, 0, scratch.noCoverage, width, opacity, mode) }
                    continue
                }
                let coverage = values.baseAddress! + (y - mask.y) * mask.width + (clip.left - mask.x)
                let count = clip.right - clip.left
                if isSolid {
                    tsr_alpha_blend_solid_row(
                        alpha + clip.left, UInt32(littleEndian: paint.pointee.color) >> 24, coverage, count,
                        opacity, mode)
                } else {
                    paint.colors(x: clip.left, y: y, count: count, into: scratch.colors)
                    tsr_alpha_of_pixels(scratch.colors, count, scratch.sourceAlpha)
                    tsr_alpha_blend_row(alpha + clip.left, scratch.sourceAlpha, coverage, count, opacity, mode)
                }
                if reachesOutside {
                    tsr_alpha_blend_solid_row(alpha, 0, scratch.noCoverage, clip.left, opacity, mode)
                    tsr_alpha_blend_solid_row(alpha + clip.right, 0, scratch.noCoverage, width - clip.right, opacity, mode)
                }
            }
        }
    }
}
