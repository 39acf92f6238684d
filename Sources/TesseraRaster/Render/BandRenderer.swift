import CTesseraSIMD
import Dispatch
import Synchronization

/// Renders a ``Recording`` into a pixmap (or the alpha rows of a ``RenderTarget``) in three steps:
/// 1. **Prepare** (parallel over chunks of commands, taken dynamically by the workers):
///    transform, flatten and clip each path into device-space lines, or recognise it as a
///    rectangle; clip each alpha mask (made, blurred, before it was recorded) to the target, so
///    that bands only blend rows of a finished image.
/// 2. **Bin**: list for each band of ``bandHeight`` rows the commands that touch it, in order.
/// 3. **Rasterize** (parallel over bands, taken dynamically by the workers): each band draws its
///    commands in order into its own rows, so no band waits on another.
///
/// Each line contributes to a pixel from its own equation, whatever band it is cut into, so the
/// bytes are the same for any thread count and any band height. All buffers are kept between
/// frames.
final class BandRenderer {
    /// Rows per band: small enough that a frame has many more bands than cores (balance), large
    /// enough that a band's accumulation cells stay in L2 (1920 px × 32 rows × 4 B = 246 KB).
    static let bandHeight = 32
    /// Commands a worker prepares at a time.
    static let prepareChunk = 64

    private var arenas: [LineArena] = []
    private var strokeGeometry: [StrokeGeometry] = []
    private var projectedGeometry: [ProjectedGeometry] = []
    private let strokeOutlines = StrokeOutlineCache()
    private var scratch: [WorkerScratch] = []
    private let prepared = ScratchBuffer<PreparedCommand>()
    private let paints = ScratchBuffer<PreparedPaint>()
    private let bandStarts = ScratchBuffer<Int32>()
    private let bandCommands = ScratchBuffer<Int32>()

    /// Returns how long each step took.
    func render(_ recording: Recording, into pixmap: Pixmap, threadCount: Int, tolerance: Double) -> RenderStageTimes {
        render(recording, into: RenderTarget(pixmap), threadCount: threadCount, tolerance: tolerance)
    }

    /// Renders into RGBA or alpha rows; returns how long each step took.
    func render(_ recording: Recording, into target: RenderTarget, threadCount: Int, tolerance: Double) -> RenderStageTimes {
        var times = RenderStageTimes()
        var clock = DispatchTime.now().uptimeNanoseconds
        let parts = recording.parts, count = recording.count
        guard target.width > 0, target.height > 0, count > 0 else { return times }
        let workers = min(threadCount, max(1, (target.height + Self.bandHeight - 1) / Self.bandHeight))
        reserve(commands: count, workers: workers, width: target.width)
        let memory = frameMemory(target, masks: recording.masks)

        // 1. Prepare.
        // Small chunks taken in turn: a worker that drew cheap commands takes more.
        let chunks = Self.chunks(of: parts)
        let nextChunk = Atomic<Int>(0)
        parallel(workers) { w in
            while true {
                let c = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                if c >= chunks.count { break }
                let chunk = chunks[c]
                Self.prepare(parts[chunk.part].commands[chunk.range], firstIndex: chunk.firstIndex,
                             maskOffset: parts[chunk.part].maskOffset, worker: w, memory: memory, tolerance: tolerance)
            }
        }
        extendGroups(parts)
        times.prepare = RenderStageTimes.seconds(since: &clock)
        // 2. Bin.
        let bands = (target.height + Self.bandHeight - 1) / Self.bandHeight
        bin(commandCount: count, bands: bands)
        times.binning = RenderStageTimes.seconds(since: &clock)
        // 3. Rasterize.
        let binned = frameMemory(target, masks: recording.masks)
        let nextBand = Atomic<Int>(0)
        parallel(workers) { w in
            while true {
                let band = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue
                if band >= bands { break }
                if binned.isAlphaTarget {
                    Self.rasterizeAlpha(band: band, memory: binned, scratch: binned.scratch[w])
                } else {
                    Self.rasterize(band: band, memory: binned, scratch: binned.scratch[w])
                }
            }
        }
        times.rasterization = RenderStageTimes.seconds(since: &clock)
        return times
    }

    /// After a render of `commandCount` commands: the union of their prepared pixels (a
    /// group's covers everything drawn in it), nil when they drew nothing. Asked for only by
    /// those who need it, off the frame's path.
    func drawnBounds(commandCount: Int) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        var left = Int32.max, top = Int32.max, right = Int32.min, bottom = Int32.min
        for i in 0..<commandCount where prepared.pointer[i].kind != .nothing {
            let command = prepared.pointer[i]
            left = min(left, command.left)
            top = min(top, command.top)
            right = max(right, command.right)
            bottom = max(bottom, command.bottom)
        }
        guard left < right, top < bottom else { return nil }
        return (Int(left), Int(top), Int(right), Int(bottom))
    }

    /// Runs `body(0..<count)` on the caller's thread for one worker, on Dispatch's pool otherwise.
    private func parallel(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
    }

    private func frameMemory(_ target: RenderTarget, masks: [AlphaMask]) -> FrameMemory {
        FrameMemory(
            prepared: prepared.pointer, paints: paints.pointer, arenas: arenas, strokeGeometry: strokeGeometry,
            projectedGeometry: projectedGeometry, strokeOutlines: strokeOutlines.slots, scratch: scratch, masks: masks,
            bandStarts: bandStarts.pointer, bandCommands: bandCommands.pointer,
            pixels: target.pixels, bytesPerRow: target.bytesPerRow,
            width: target.width, height: target.height, isAlphaTarget: target.format == .alpha8)
    }

    private func reserve(commands: Int, workers: Int, width: Int) {
        prepared.reserve(commands)
        paints.reserve(commands)
        strokeOutlines.reserve(commands)
        while arenas.count < workers { arenas.append(LineArena()) }
        while strokeGeometry.count < workers { strokeGeometry.append(StrokeGeometry()) }
        while projectedGeometry.count < workers { projectedGeometry.append(ProjectedGeometry()) }
        for arena in arenas { arena.removeAll() }
        if scratch.first.map({ $0.stride < WorkerScratch.stride(forWidth: width) }) ?? false { scratch.removeAll() }
        while scratch.count < workers { scratch.append(WorkerScratch(width: width, rows: Self.bandHeight)) }
    }

    /// The chunks commands are prepared in: at most ``prepareChunk`` commands of one part each,
    /// with the frame's index of its first command.
    private static func chunks(of parts: [Recording.Part]) -> [(part: Int, range: Range<Int>, firstIndex: Int)] {
        var chunks: [(part: Int, range: Range<Int>, firstIndex: Int)] = []
        var firstIndex = 0
        for (p, part) in parts.enumerated() {
            for start in stride(from: 0, to: part.commands.count, by: prepareChunk) {
                let range = start..<min(start + prepareChunk, part.commands.count)
                chunks.append((p, range, firstIndex + start))
            }
            firstIndex += part.commands.count
        }
        return chunks
    }

    /// Prepares `commands`, the frame's commands from `firstIndex` on, whose mask indices start
    /// at `maskOffset`, with worker `worker`'s buffers (its lines go to its arena).
    private static func prepare(_ commands: ArraySlice<Recording.Command>, firstIndex: Int, maskOffset: Int, worker: Int,
                                memory: FrameMemory, tolerance: Double) {
        var builder = EdgeBuilder(width: memory.width, height: memory.height, tolerance: tolerance, arena: memory.arenas[worker])
        let strokeGeometry = memory.strokeGeometry[worker]
        let projectedGeometry = memory.projectedGeometry[worker]
        let height = Float(memory.height), width = Float(memory.width)
        for local in commands.indices {
            let i = firstIndex + (local - commands.startIndex)
            var out = PreparedCommand()
            // The lines the builder emitted since `first`, as the command's geometry.
            func takeLines(from first: Int) {
                out.kind = .lines
                out.arena = worker
                out.firstLine = first
                out.lineCount = builder.arena.count - first
                out.top = Int32(builder.minY.rounded(.down))
                out.bottom = Int32(builder.maxY.rounded(.up))
                // The pixels the lines cover. (The accumulation also writes the cell right of the
                // last line, but a closed outline's coverage there is zero: no pixel changes.)
                out.left = Int32(builder.minX.rounded(.down))
                out.right = Int32(builder.maxX.rounded(.up))
            }
            // Prepared lines drawn with the paint stored at `paints[i]`. A blend mode that changes
            // pixels a transparent source covers reaches the whole target, as in CoreGraphics.
            func paintLines(_ blendMode: BlendMode) {
                guard out.kind == .lines else { return }
                out.kind = .paintedLines
                if blendMode.changesPixelsOutsideSource {
                    out.top = 0
                    out.bottom = Int32(memory.height)
                    out.left = 0
                    out.right = Int32(memory.width)
                }
            }
            switch commands[local] {
            case .clear(let color):
                out.kind = .clear
                out.color = color.packed.littleEndian
                out.top = 0
                out.bottom = Int32(memory.height)
                out.left = 0
                out.right = Int32(memory.width)
            case .fill(let fill):
                out.color = fill.color.packed.littleEndian
                out.evenOdd = fill.rule == .evenOdd
                let painted = fill.shader != nil
                if let shader = fill.shader {
                    // Projected shapes' paints are not projected: they map through the identity.
                    guard let paint = PreparedPaint(shader: shader, userToDevice: fill.projection == nil ? fill.transform : .identity)
                    else { break }
                    memory.paints[i] = paint
                }
                if !painted && fill.color.a == 0 {
                    break   // source-over with zero alpha changes nothing
                } else if let projection = fill.projection {
                    guard projectedGeometry.fill(fill.path, projection: projection, tolerance: tolerance) else { break }
                    builder.reset()
                    let first = builder.arena.count
                    guard builder.addOutline(projectedGeometry.projected, transform: .identity),
                          builder.arena.count > first else { break }
                    takeLines(from: first)
                } else if !painted, let (x0, y0, x1, y1) = RectDetection.deviceRect(of: fill.path, transform: fill.transform) {
                    let r = SIMD4<Float>(Float(max(x0, 0)), Float(max(y0, 0)), Float(min(x1, Double(width))), Float(min(y1, Double(height))))
                    guard r.x < r.z, r.y < r.w else { break }
                    out.kind = .rect
                    out.rect = r
                    out.top = Int32(r.y.rounded(.down))
                    out.bottom = Int32(r.w.rounded(.up))
                    out.left = Int32(r.x.rounded(.down))
                    out.right = Int32(r.z.rounded(.up))
                } else {
                    builder.reset()
                    let first = builder.arena.count
                    guard builder.addPath(fill.path, transform: fill.transform), builder.arena.count > first else { break }
                    takeLines(from: first)
                }
                if let shader = fill.shader { paintLines(shader.blendMode) }
            case .alphaMask(let localIndex, let color, let shader):
                let index = maskOffset + localIndex
                let (left, top, right, bottom) = memory.masks[index].clipped(toWidth: memory.width, height: memory.height)
                // A mask with no pixel on the target draws nothing, whatever its paint.
                guard left < right, top < bottom else { break }
                out.arena = index
                out.top = Int32(top)
                out.bottom = Int32(bottom)
                out.left = Int32(left)
                out.right = Int32(right)
                if let shader {
                    // The paint lies in device space: it maps through the identity.
                    guard let paint = PreparedPaint(shader: shader, userToDevice: .identity) else { break }
                    memory.paints[i] = paint
                    out.kind = .paintedAlphaMask
                    if shader.blendMode.changesPixelsOutsideSource {
                        out.top = 0
                        out.bottom = Int32(memory.height)
                        out.left = 0
                        out.right = Int32(memory.width)
                    }
                } else {
                    guard color.a != 0 else { break }   // source-over with zero alpha changes nothing
                    out.kind = .alphaMask
                    out.color = color.packed.littleEndian
                }
            case .beginGroup:
                out.kind = .beginGroup   // rows: set by extendGroups from what the group draws
            case .beginMask:
                out.kind = .beginMask
            case .endGroup(let opacity, let blendMode):
                out.kind = .endGroup
                out.color = UInt32(opacity)
                out.blendMode = UInt8(blendMode.rawValue)
            case .stroke(let stroke):
                let painted = stroke.shader != nil
                if let shader = stroke.shader {
                    guard let paint = PreparedPaint(shader: shader, userToDevice: stroke.projection == nil ? stroke.transform : .identity)
                    else { break }
                    memory.paints[i] = paint
                }
                guard painted || stroke.color.a != 0 else { break }
                builder.reset()
                let first = builder.arena.count
                if let projection = stroke.projection {
                    guard projectedGeometry.stroke(stroke, projection: projection, tolerance: tolerance, using: strokeGeometry),
                          builder.addOutline(projectedGeometry.projected, transform: .identity) else { break }
                } else {
                    guard let (outline, transform) = memory.strokeOutlines[i].outline(of: stroke, tolerance: tolerance,
                                                                                      using: strokeGeometry),
                          builder.addOutline(outline, transform: transform) else { break }
                }
                guard builder.arena.count > first else { break }
                out.color = stroke.color.packed.littleEndian
                takeLines(from: first)
                if let shader = stroke.shader { paintLines(shader.blendMode) }
            }
            memory.prepared[i] = out
        }
    }

    /// Gives each group's begin, mask and end commands the rows of everything drawn inside it,
    /// so that they are binned to every band the group touches and to no other; a group that
    /// draws nothing becomes nothing. A mask whose opaque interior holds all the group's content
    /// is dropped, and so is the group then unless it has an opacity.
    private func extendGroups(_ parts: [Recording.Part]) {
        let commands = prepared.pointer
        // The innermost open group (begin < 0: none) and the groups around it. Kept in locals: this
        // runs on one thread, over every command of the frame.
        var group = OpenGroup(begin: -1)
        var outer: [OpenGroup] = []
        var i = 0
        for part in parts {
            for local in part.commands.indices {
                defer { i += 1 }
                switch commands[i].kind {
                case .nothing:
                    break
                case .clear, .rect, .lines, .paintedLines, .alphaMask, .paintedAlphaMask:
                    let c = commands[i]
                    group.include(top: c.top, bottom: c.bottom, left: c.left, right: c.right)
                case .beginGroup:
                    outer.append(group)
                    group = OpenGroup(begin: i)
                case .beginMask:
                    guard group.begin >= 0 else { break }
                    group.mask = i
                    if case .beginMask(let interior) = part.commands[local] { group.maskInterior = interior }
                case .endGroup:
                    guard group.begin >= 0 else { break }
                    let drawn = group.top < group.bottom
                    for k in [group.begin, group.mask ?? group.begin, i] {
                        commands[k].top = group.top
                        commands[k].bottom = group.bottom
                        commands[k].left = group.left
                        commands[k].right = group.right
                        if !drawn { commands[k].kind = .nothing }
                    }
                    if drawn, let mask = group.mask, let interior = group.maskInterior,
                       Self.allInside(interior, commands, group.begin + 1..<mask) {
                        for k in mask..<i { commands[k].kind = .nothing }
                        if commands[i].color == 255 { commands[group.begin].kind = .nothing; commands[i].kind = .nothing }
                    }
                    let ended = group
                    group = outer.removeLast()
                    if drawn { group.include(top: ended.top, bottom: ended.bottom, left: ended.left, right: ended.right) }
                }
            }
        }
    }

    /// A group whose end is not reached yet, and the extent of what it draws so far.
    private struct OpenGroup {
        let begin: Int
        var mask: Int? = nil
        /// Where the mask is known to be opaque, when it is.
        var maskInterior: MaskInterior? = nil
        var top = Int32.max, bottom = Int32.min, left = Int32.max, right = Int32.min

        init(begin: Int) { self.begin = begin }

        /// Widens the extent to rows [top, bottom) and columns [left, right).
        mutating func include(top: Int32, bottom: Int32, left: Int32, right: Int32) {
            self.top = min(self.top, top)
            self.bottom = max(self.bottom, bottom)
            self.left = min(self.left, left)
            self.right = max(self.right, right)
        }
    }

    /// True when every command in `range` draws only inside `interior` (nested groups' content
    /// and masks included: a conservative answer).
    private static func allInside(_ interior: MaskInterior, _ commands: UnsafeMutablePointer<PreparedCommand>,
                                  _ range: Range<Int>) -> Bool {
        range.allSatisfy { k in
            let c = commands[k]
            return c.kind == .nothing || interior.contains(left: c.left, top: c.top, right: c.right, bottom: c.bottom)
        }
    }

    /// Lists for each band the commands touching it, in order (compressed rows: band b's commands are
    /// bandCommands[bandStarts[b] ..< bandStarts[b + 1]]).
    private func bin(commandCount: Int, bands: Int) {
        let h = Int32(Self.bandHeight)
        let commands = prepared.pointer
        bandStarts.reserve(bands + 1)
        let starts = bandStarts.pointer
        starts.update(repeating: 0, count: bands + 1)
        for i in 0..<commandCount where commands[i].kind != .nothing {
            for b in Int(commands[i].top / h)...Int((commands[i].bottom - 1) / h) { starts[b + 1] += 1 }
        }
        for b in 0..<bands { starts[b + 1] += starts[b] }
        bandCommands.reserve(Int(starts[bands]))
        let list = bandCommands.pointer
        // Fill using starts[b] as each band's cursor, then shift the starts back into place.
        for i in 0..<commandCount where commands[i].kind != .nothing {
            for b in Int(commands[i].top / h)...Int((commands[i].bottom - 1) / h) {
                list[Int(starts[b])] = Int32(i)
                starts[b] += 1
            }
        }
        for b in stride(from: bands, to: 0, by: -1) { starts[b] = starts[b - 1] }
        starts[0] = 0
    }

    /// Where a band's drawing starts to show: at the last of its commands that replaces every
    /// pixel of the band outside any group (a clear, or an opaque rectangle covering the band),
    /// since everything drawn before it is covered. (A frame's background usually is one.)
    static func firstShown(_ listed: Range<Int>, top: Int, bottom: Int, memory: FrameMemory) -> Int {
        var first = listed.lowerBound, depth = 0
        let width = Float(memory.width)
        for k in listed {
            let command = memory.prepared[Int(memory.bandCommands[k])]
            switch command.kind {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case .clear where depth == 0: first = k
            case .rect where depth == 0 && command.color >> 24 == 255:
                let r = command.rect
                if r.x <= 0 && r.z >= width && r.y <= Float(top) && r.w >= Float(bottom) { first = k }
            default: break
            }
        }
        return first
    }

    private static func rasterize(band: Int, memory: FrameMemory, scratch: WorkerScratch) {
        let top = band * bandHeight
        let bottom = min(top + bandHeight, memory.height)
        let width = memory.width
        // Where drawing goes: the pixmap (-1) or one of the worker's group layers, which hold
        // this band's rows only.
        var target = -1
        func row(_ layer: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> {
            layer < 0 ? memory.row(y) : scratch.layer(layer) + (y - top) * width
        }
        let listed = Int(memory.bandStarts[band])..<Int(memory.bandStarts[band + 1])
        for k in firstShown(listed, top: top, bottom: bottom, memory: memory)..<listed.upperBound {
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
