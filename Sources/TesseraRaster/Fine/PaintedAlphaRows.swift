import CTesseraSIMD

/// `.paintedLines` into an alpha target: the alpha bytes that ``PaintedRows/draw`` writes into
/// RGBA rows, from the same coverage rows and the alpha of the same paint colours, through the
/// alpha kernels (CTesseraAlpha.h).
enum PaintedAlphaRows {
    /// Draws the accumulated rows `rows` (device rows; the band starts at `bandTop`) of a fill
    /// with `paint`, consuming the worker's cells. `row(y)` is the target's alpha row y.
    static func draw(
        evenOdd: Bool, paint: UnsafePointer<PreparedPaint>, rows: Range<Int>, bandTop: Int,
        width: Int, scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt8>
    ) {
        let (mode, opacity) = (paint.pointee.blendMode, paint.pointee.opacity)
        let (reachesOutside, isSolid) = (paint.pointee.reachesOutside, paint.pointee.isSolid)
        for y in rows {
            let r = y - bandTop
            let alpha = row(y)
            guard scratch.rowMax[r] >= 0 else {
                // A row the shape does not touch: only such modes change it (a transparent source).
                if reachesOutside { tsr_alpha_blend_solid_row(alpha, 0, scratch.noCoverage, width, opacity, mode) }
                continue
            }
            let start = Int(scratch.rowMin[r]), end = Int(scratch.rowMax[r])
            tsr_coverage_row(
                scratch.cells + r * scratch.stride, Int32(start), Int32(end), evenOdd ? 1 : 0,
                scratch.coverage)
            scratch.rowMin[r] = .max
            scratch.rowMax[r] = -1
            // The cell right of the last pixel may hold coverage (a line on the right border):
            // it has no pixel.
            let last = min(end, width - 1)
            if last >= start {
                let count = last - start + 1
                if isSolid {
                    tsr_alpha_blend_solid_row(
                        alpha + start, UInt32(littleEndian: paint.pointee.color) >> 24, scratch.coverage, count,
                        opacity, mode)
                } else {
                    paint.colors(x: start, y: y, count: count, into: scratch.colors)
                    tsr_alpha_of_pixels(scratch.colors, count, scratch.sourceAlpha)
                    tsr_alpha_blend_row(alpha + start, scratch.sourceAlpha, scratch.coverage, count, opacity, mode)
                }
            }
            if reachesOutside {
                tsr_alpha_blend_solid_row(alpha, 0, scratch.noCoverage, min(start, width), opacity, mode)
                if last + 1 < width {
                    tsr_alpha_blend_solid_row(alpha + last + 1, 0, scratch.noCoverage, width - last - 1, opacity, mode)
                }
            }
        }
    }
}
