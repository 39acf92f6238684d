import CTesseraSIMD

/// The fine stage of fills whose paint is not one solid colour drawn source-over, and of groups
/// composited with a blend mode: per row, coverage, then the paint's colours, then the blend
/// (see CTesseraPaint.h). Solid source-over fills keep the fused kernel of `.lines`.
enum PaintedRows {
    /// Draws the accumulated rows `rows` (device rows; the band starts at `bandTop`) of
    /// `command` with `paint`, consuming the worker's cells. `row(y)` is the target row y.
    static func draw(_ command: PreparedCommand, paint: UnsafePointer<PreparedPaint>, rows: Range<Int>, bandTop: Int, width: Int,
                     scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt32>) {
        var paint = paint.pointee   // copied once per band; rows pass its kernel parameters by address
        let mode = paint.blendMode
        let reachesOutside = paint.reachesOutside
        // A solid colour goes straight to the kernel, without a row of colours.
        var solidColor: UInt32? = nil
        if paint.kind == .solid { solidColor = paint.color }
        for y in rows {
            let r = y - bandTop
            let pixels = row(y)
            guard scratch.rowMax[r] >= 0 else {
                // A row the shape does not touch: only such modes change it (a transparent source).
                if reachesOutside { tsr_blend_row(pixels, scratch.colors, scratch.noCoverage, width, paint.opacity, mode) }
                continue
            }
            let start = Int(scratch.rowMin[r]), end = Int(scratch.rowMax[r])
            tsr_coverage_row(scratch.cells + r * scratch.stride, Int32(start), Int32(end), command.evenOdd ? 1 : 0,
                             scratch.coverage)
            scratch.rowMin[r] = .max
            scratch.rowMax[r] = -1
            // The cell right of the last pixel may hold coverage (a line on the right border):
            // it has no pixel.
            let last = min(end, width - 1)
            if last >= start {
                if let solidColor {
                    tsr_blend_solid_row(pixels + start, solidColor, scratch.coverage, last - start + 1, paint.opacity, mode)
                } else {
                    paint.colors(x: start, y: y, count: last - start + 1, into: scratch.colors)
                    tsr_blend_row(pixels + start, scratch.colors, scratch.coverage, last - start + 1, paint.opacity, mode)
                }
            }
            if reachesOutside {
                tsr_blend_row(pixels, scratch.colors, scratch.noCoverage, start, paint.opacity, mode)
                if last + 1 < width {
                    tsr_blend_row(pixels + last + 1, scratch.colors, scratch.noCoverage, width - last - 1, paint.opacity, mode)
                }
            }
        }
    }

    /// Composites `count` pixels of a group's layer onto `below` with `blendMode`, scaled by
    /// `opacity` (0–255) and the alpha of the mask layer's pixels when there is one.
    static func compositeGroupRow(_ below: UnsafeMutablePointer<UInt32>, _ content: UnsafeMutablePointer<UInt32>,
                                  mask: UnsafePointer<UInt32>?, count: Int, opacity: UInt32, blendMode: Int32,
                                  scratch: WorkerScratch) {
        var coverage: UnsafePointer<UInt8>? = nil
        if let mask {
            for i in 0..<count { scratch.coverage[i] = UInt8(truncatingIfNeeded: UInt32(littleEndian: mask[i]) >> 24) }
            coverage = UnsafePointer(scratch.coverage)
        }
        tsr_blend_row(below, content, coverage, count, opacity, blendMode)
    }
}
