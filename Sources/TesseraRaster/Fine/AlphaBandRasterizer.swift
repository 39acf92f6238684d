import CTesseraSIMD

/// The fine stage into an 8-bit alpha target.
enum AlphaBandRasterizer {
    /// The rasterization of one band into an 8-bit alpha target: the commands of
    /// ``BandRasterizer/rasterize(band:memory:scratch:)``, each writing, through the alpha kernels
    /// (CTesseraAlpha.h), the alpha bytes the RGBA rasterization writes into its pixels' alpha
    /// lanes (which depend only on alphas). Groups use alpha layers.
    static func rasterize(band: Int, memory: FrameMemory, scratch: WorkerScratch) {
        let top = band * memory.bandHeight
        let bottom = min(top + memory.bandHeight, memory.height)
        let width = memory.width
        // Where drawing goes: the target (-1) or one of the worker's alpha layers, which hold this
        // band's rows only.
        var target = -1
        func row(_ layer: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
            layer < 0 ? memory.alphaRow(y) : scratch.alphaLayer(layer) + (y - top) * width
        }
        let normal = BlendMode.normal.rawValue
        let listed = Int(memory.bandStarts[band])..<Int(memory.bandStarts[band + 1])
        for k in Binning.firstShown(listed, top: top, bottom: bottom, memory: memory)..<listed.upperBound {
            let index = Int(memory.bandCommands[k])
            let command = memory.prepared[index]
            let rows = max(top, Int(command.top))..<min(bottom, Int(command.bottom))
            let (left, columns) = (Int(command.left), Int(command.right - command.left))
            switch command.payload {
            case .nothing:
                break
            case .beginGroup(let area), .beginMask(let area):
                let layer = scratch.pushLayer(isMask: command.payload.isBeginMask, below: target, alpha: true)
                let (rows, left, columns) = area.within(top..<bottom)
                for y in rows { (row(layer, y) + left).update(repeating: 0, count: columns) }
                target = layer
            case .endGroup(let opacity, let blendMode, let filter, let area):
                // tsr_composite_row's alpha lane is tsr_blend_row's for normal (CTesseraAlpha.h).
                let group = scratch.popGroup()
                let (rows, left, columns) = area.within(top..<bottom)
                if filter >= 0 {
                    GroupColorFilter.applyToAlpha(
                        memory.colorFilters[Int(filter)], rows: rows, left: left,
                        columns: columns, scratch: scratch
                    ) { row(group.content, $0) }
                }
                for y in rows {
                    let mask = group.mask.map { UnsafePointer(row($0, y) + left) }
                    tsr_alpha_blend_row(
                        row(group.below, y) + left, row(group.content, y) + left, mask, columns,
                        UInt32(opacity), Int32(blendMode))
                }
                target = group.below
            case .clear(let color):
                for y in rows { row(target, y).update(repeating: UInt8(color >> 24), count: width) }
            case .rect(let r, let color):
                guard !rows.isEmpty else { break }
                let rowStride = target < 0 ? memory.bytesPerRow : width
                tsr_alpha_fill_rect(
                    row(target, rows.lowerBound), rowStride, Int32(width), Int32(rows.lowerBound),
                    Int32(rows.upperBound), r.x, r.y, r.z, r.w, color >> 24)
            case .alphaMask(let maskIndex, let color):
                let mask = memory.masks[maskIndex]
                mask.values.withUnsafeBufferPointer { values in
                    for y in rows {
                        let coverage = values.baseAddress! + (y - mask.y) * mask.width + (left - mask.x)
                        tsr_alpha_blend_solid_row(row(target, y) + left, color >> 24, coverage, columns, 255, normal)
                    }
                }
            case .paintedAlphaMask(let maskIndex):
                MaskedPaintRows.drawAlpha(
                    mask: memory.masks[maskIndex], paint: UnsafePointer(memory.paints + index),
                    rows: rows, width: width, height: memory.height, scratch: scratch
                ) { row(target, $0) }
            case .lines(let lines, let color):
                BandRasterizer.accumulate(lines, top: top, bottom: bottom, memory: memory, scratch: scratch)
                let rowStride = target < 0 ? memory.bytesPerRow : width
                tsr_alpha_fill_accumulated_rows(
                    scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax,
                    Int32(rows.lowerBound - top), Int32(rows.upperBound - top),
                    row(target, top), rowStride, Int32(width), lines.evenOdd ? 1 : 0,
                    color >> 24, scratch.coverage)
            case .paintedLines(let lines):
                BandRasterizer.accumulate(lines, top: top, bottom: bottom, memory: memory, scratch: scratch)
                PaintedAlphaRows.draw(
                    evenOdd: lines.evenOdd, paint: UnsafePointer(memory.paints + index), rows: rows,
                    bandTop: top, width: width, scratch: scratch
                ) { row(target, $0) }
            }
        }
    }
}
