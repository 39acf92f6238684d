import CTesseraSIMD

/// The fine stage: one band's commands, in order, into its rows of an RGBA target (the band's
/// rows of the pixmap, or of a group's layer). Alpha targets: ``AlphaBandRasterizer``.
enum BandRasterizer {
    static func rasterize(band: Int, memory: FrameMemory, scratch: WorkerScratch) {
        let top = band * BandRenderer.bandHeight
        let bottom = min(top + BandRenderer.bandHeight, memory.height)
        let width = memory.width
        // Where drawing goes: the pixmap (-1) or one of the worker's group layers, which hold
        // this band's rows only.
        var target = -1
        func row(_ layer: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> {
            layer < 0 ? memory.row(y) : scratch.layer(layer) + (y - top) * width
        }
        let listed = Int(memory.bandStarts[band])..<Int(memory.bandStarts[band + 1])
        for k in Binning.firstShown(listed, top: top, bottom: bottom, memory: memory)..<listed.upperBound {
            let command = memory.prepared[Int(memory.bandCommands[k])]
            switch command.kind {
            case .nothing:
                break
            case .beginGroup, .beginMask:
                // Only the columns the group draws in are cleared and composited.
                let layer = scratch.pushLayer(isMask: command.kind == .beginMask, below: target)
                let (left, count) = (Int(command.left), Int(command.right - command.left))
                for y in top..<bottom { (row(layer, y) + left).update(repeating: 0, count: count) }
                target = layer
            case .endGroup:
                let group = scratch.popGroup()
                let (left, count) = (Int(command.left), Int(command.right - command.left))
                for y in top..<bottom {
                    let mask = group.mask.map { UnsafePointer(row($0, y) + left) }
                    if command.blendMode == UInt8(BlendMode.normal.rawValue) {
                        tsr_composite_row(row(group.below, y) + left, row(group.content, y) + left, mask, count, command.color)
                    } else {
                        PaintedRows.compositeGroupRow(row(group.below, y) + left, row(group.content, y) + left, mask: mask,
                                                      count: count, opacity: command.color, blendMode: Int32(command.blendMode),
                                                      scratch: scratch)
                    }
                }
                target = group.below
            case .clear:
                for y in top..<bottom { row(target, y).update(repeating: command.color, count: width) }
            case .rect:
                let r = command.rect
                for y in max(top, Int(command.top))..<min(bottom, Int(command.bottom)) {
                    let rowCoverage = min(Float(y + 1), r.w) - max(Float(y), r.y)
                    tsr_fill_rect_row(row(target, y), Int32(width), r.x, r.z, rowCoverage, command.color)
                }
            case .alphaMask:
                let mask = memory.masks[command.arena]
                let (left, count) = (Int(command.left), Int(command.right - command.left))
                mask.values.withUnsafeBufferPointer { values in
                    for y in max(top, Int(command.top))..<min(bottom, Int(command.bottom)) {
                        let coverage = values.baseAddress! + (y - mask.y) * mask.width + (left - mask.x)
                        tsr_blend_mask_row(row(target, y) + left, coverage, count, command.color)
                    }
                }
            case .paintedAlphaMask:
                MaskedPaintRows.draw(mask: memory.masks[command.arena], paint: UnsafePointer(memory.paints + Int(memory.bandCommands[k])),
                                     rows: max(top, Int(command.top))..<min(bottom, Int(command.bottom)), width: width,
                                     height: memory.height, scratch: scratch) { row(target, $0) }
            case .lines:
                let lines = memory.arenas[command.arena].floats + command.firstLine * 4
                tsr_accumulate_lines(lines, command.lineCount, Int32(top), Int32(bottom - top),
                                     scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax)
                let pixelStride = target < 0 ? memory.bytesPerRow / 4 : width
                tsr_fill_accumulated_rows(scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax,
                                          Int32(max(top, Int(command.top)) - top), Int32(min(bottom, Int(command.bottom)) - top),
                                          row(target, top), pixelStride, Int32(width), command.evenOdd ? 1 : 0, command.color)
            case .paintedLines:
                let lines = memory.arenas[command.arena].floats + command.firstLine * 4
                tsr_accumulate_lines(lines, command.lineCount, Int32(top), Int32(bottom - top),
                                     scratch.cells, scratch.stride, scratch.rowMin, scratch.rowMax)
                PaintedRows.draw(command, paint: UnsafePointer(memory.paints + Int(memory.bandCommands[k])), rows: max(top, Int(command.top))..<min(bottom, Int(command.bottom)),
                                 bandTop: top, width: width, scratch: scratch) { row(target, $0) }
            }
        }
    }
}
