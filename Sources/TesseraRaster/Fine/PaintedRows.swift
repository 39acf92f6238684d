import CTesseraSIMD

/// The fine stage of fills whose paint is not one solid colour drawn source-over, and of groups
/// composited with a blend mode: per row, `tsr_paint_row` (coverage, the paint's colours, the
/// blend; see CTesseraPaint.h). Solid source-over fills keep the fused kernel of `.lines`.
enum PaintedRows {
    /// Draws the accumulated rows `rows` (device rows; the cells' first row is row `cellsTop`) of a
    /// fill with `paint`, consuming the worker's cells. `row(y)` is the target row y; rows lie
    /// `pixelStride` pixels apart. Only the pixels in `columns` must be drawn: those outside may be
    /// left as they are (`tsr_paint_rows`; nil: all).
    static func draw(
        evenOdd: Bool, paint: UnsafePointer<PreparedPaint>, rows: Range<Int>, cellsTop: Int, width: Int,
        pixelStride: Int, columns: (left: Int32, right: Int32)?, scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt32>
    ) {
        let kernel = paint.kernel   // rows pass the parameters by address, where they lie
        let reachesOutside = paint.pointee.reachesOutside
        guard reachesOutside else {
            // The whole band in one call: the rows outside the shape stay as they are.
            guard !rows.isEmpty else { return }
            tsr_paint_rows(
                scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax, Int32(rows.lowerBound - cellsTop),
                Int32(rows.upperBound - cellsTop), Int32(cellsTop), Int32(width), evenOdd ? 1 : 0, kernel,
                row(cellsTop), pixelStride, scratch.coverage, scratch.colors, columns?.left ?? .min, columns?.right ?? .max)
            return
        }
        for y in rows {
            let r = y - cellsTop
            let pixels = row(y)
            guard scratch.rowMax[r] >= 0 else {
                // A row the shape does not touch: only such modes change it (a transparent source).
                if reachesOutside { blendOutside(pixels, count: width, paint: paint, scratch: scratch) }
                continue
            }
            let start = Int(scratch.rowMin[r]), end = Int(scratch.rowMax[r])
            scratch.rowMin[r] = .max
            scratch.rowMax[r] = -1
            // The cell right of the last pixel may hold coverage (a line on the right border):
            // it has no pixel.
            let last = min(end, width - 1)
            tsr_paint_row(
                scratch.cells + r * scratch.stride, Int32(start), Int32(end), Int32(width), evenOdd ? 1 : 0, Int32(y),
                max(last - start + 1, 0), kernel, pixels + start, scratch.coverage, scratch.colors)
            if reachesOutside {
                blendOutside(pixels, count: start, paint: paint, scratch: scratch)
                if last + 1 < width { blendOutside(pixels + last + 1, count: width - last - 1, paint: paint, scratch: scratch) }
            }
        }
    }

    /// What a mode that reaches outside the shape does to `count` pixels the shape does not cover.
    static func blendOutside(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, paint: UnsafePointer<PreparedPaint>,
        scratch: WorkerScratch
    ) {
        tsr_blend_row(pixels, scratch.colors, scratch.noCoverage, count, paint.pointee.opacity, paint.pointee.blendMode)
    }

    /// Composites `count` pixels of a group's layer onto `below` with `blendMode`, scaled by
    /// `opacity` (0–255) and the alpha of the mask layer's pixels when there is one.
    static func compositeGroupRow(
        _ below: UnsafeMutablePointer<UInt32>, _ content: UnsafeMutablePointer<UInt32>,
        mask: UnsafePointer<UInt32>?, count: Int, opacity: UInt32, blendMode: Int32,
        scratch: WorkerScratch
    ) {
        var coverage: UnsafePointer<UInt8>? = nil
        if let mask {
            for i in 0..<count { scratch.coverage[i] = UInt8(truncatingIfNeeded: UInt32(littleEndian: mask[i]) >> 24) }
            coverage = UnsafePointer(scratch.coverage)
        }
        tsr_blend_row(below, content, coverage, count, opacity, blendMode)
    }
}
