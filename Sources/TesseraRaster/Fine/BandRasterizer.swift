import CTesseraSIMD

/// The fine stage: one band's commands, in order, into its rows of an RGBA target (the band's
/// rows of the pixmap, or of a group's layer). Alpha targets: ``AlphaBandRasterizer``.
enum BandRasterizer {
    /// Draws band `band`'s binned commands, from the first that shows (``Binning/firstShown``).
    static func rasterize(band: Int, memory: FrameMemory, scratch: WorkerScratch) {
        let top = band * memory.bandHeight
        let bottom = min(top + memory.bandHeight, memory.height)
        let width = memory.width
        // Where drawing goes: the pixmap (-1) or one of the worker's group layers, which hold
        // this band's rows only.
        var target = -1
        // The pixels of the target that are shown: inside every open group's area (what a group
        // draws outside it is never composited, so fills skip it), and the band's rows among them.
        var window = PreparedCommand.GroupArea.everything
        var (windowTop, windowBottom) = (top, bottom)
        func row(_ layer: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> {
            layer < 0 ? memory.row(y) : scratch.layer(layer) + (y - top) * width
        }
        let listed = Int(memory.bandStarts[band])..<Int(memory.bandStarts[band + 1])
        for k in Binning.firstShown(listed, top: top, bottom: bottom, memory: memory)..<listed.upperBound {
            let index = Int(memory.bandCommands[k])
            let command = memory.prepared[index]
            // The band's rows the command touches (a group's: those it draws in).
            let rows = max(top, Int(command.top))..<min(bottom, Int(command.bottom))
            let (left, columns) = (Int(command.left), Int(command.right - command.left))
            switch command.payload {
            case .nothing:
                break
            case .beginGroup(let area), .beginMask(let area):
                // Only the group's area is cleared and composited.
                let layer = scratch.pushLayer(isMask: command.payload.isBeginMask, below: target, window: window)
                let (rows, left, columns) = area.within(top..<bottom)
                for y in rows { (row(layer, y) + left).update(repeating: 0, count: columns) }
                target = layer
                window = window.intersection(area)
                (windowTop, windowBottom) = (max(top, Int(window.top)), min(bottom, Int(window.bottom)))
            case .endGroup(let opacity, let blendMode, let filter, let area):
                let group = scratch.popGroup()
                let (rows, left, columns) = area.within(top..<bottom)
                if filter >= 0 {
                    GroupColorFilter.apply(memory.colorFilters[Int(filter)], rows: rows, left: left, columns: columns) {
                        row(group.content, $0)
                    }
                }
                for y in rows {
                    let mask = group.mask.map { UnsafePointer(row($0, y) + left) }
                    if blendMode == UInt8(BlendMode.normal.rawValue) {
                        tsr_composite_row(
                            row(group.below, y) + left, row(group.content, y) + left, mask, columns,
                            UInt32(opacity))
                    } else {
                        PaintedRows.compositeGroupRow(
                            row(group.below, y) + left, row(group.content, y) + left, mask: mask,
                            count: columns, opacity: UInt32(opacity), blendMode: Int32(blendMode),
                            scratch: scratch)
                    }
                }
                target = group.below
                window = group.window
                (windowTop, windowBottom) = (max(top, Int(window.top)), min(bottom, Int(window.bottom)))
            case .clear(let color):
                for y in rows { row(target, y).update(repeating: color, count: width) }
            case .rect(let r, let color):
                guard !rows.isEmpty else { break }
                let pixelStride = target < 0 ? memory.bytesPerRow / 4 : width
                tsr_fill_rect(
                    row(target, rows.lowerBound), pixelStride, Int32(width), Int32(rows.lowerBound),
                    Int32(rows.upperBound), r.x, r.y, r.z, r.w, color)
            case .alphaMask(let maskIndex, let color):
                let mask = memory.masks[maskIndex]
                mask.values.withUnsafeBufferPointer { values in
                    for y in rows {
                        let coverage = values.baseAddress! + (y - mask.y) * mask.width + (left - mask.x)
                        tsr_blend_mask_row(row(target, y) + left, coverage, columns, color)
                    }
                }
            case .paintedAlphaMask(let maskIndex):
                MaskedPaintRows.draw(
                    mask: memory.masks[maskIndex], paint: UnsafePointer(memory.paints + index), rows: rows,
                    width: width, height: memory.height, scratch: scratch
                ) { row(target, $0) }
            // A fill is accumulated and drawn over the window's rows only (a line gives a row the
            // same cells whatever rows it is cut to, as bands of any height show).
            case .lines(let lines, let color):
                let first = max(rows.lowerBound, windowTop), end = min(rows.upperBound, windowBottom)
                guard first < end else { break }
                accumulate(lines, top: windowTop, bottom: windowBottom, memory: memory, scratch: scratch)
                let pixelStride = target < 0 ? memory.bytesPerRow / 4 : width
                tsr_fill_accumulated_rows(
                    scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax,
                    Int32(truncatingIfNeeded: first &- windowTop), Int32(truncatingIfNeeded: end &- windowTop),
                    row(target, windowTop), pixelStride, Int32(width), lines.evenOdd ? 1 : 0, color)
            case .paintedLines(let lines):
                let first = max(rows.lowerBound, windowTop), end = min(rows.upperBound, windowBottom)
                guard first < end else { break }
                accumulate(lines, top: windowTop, bottom: windowBottom, memory: memory, scratch: scratch)
                PaintedRows.draw(
                    evenOdd: lines.evenOdd, paint: UnsafePointer(memory.paints + index), rows: first..<end,
                    cellsTop: windowTop, width: width,
                    pixelStride: target < 0 ? memory.bytesPerRow / 4 : width,
                    columns: window.left > command.left || window.right < command.right ? (window.left, window.right) : nil,
                    scratch: scratch
                ) { row(target, $0) }
            }
        }
    }

    /// Accumulates the part of `lines` in rows [top, bottom) of a band into the worker's cells (the
    /// coverage step), the first of them in the cells' first row.
    static func accumulate(
        _ lines: PreparedCommand.Lines, top: Int, bottom: Int, memory: FrameMemory,
        scratch: WorkerScratch
    ) {
        // Rows of the target, whose height fits Int32 (per command: no checks).
        tsr_accumulate_lines(
            memory.arenas[lines.arena].floats + lines.first * 4, lines.count, Int32(truncatingIfNeeded: top),
            Int32(truncatingIfNeeded: bottom &- top), scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax,
            lines.short ? 1 : 0)
    }
}
