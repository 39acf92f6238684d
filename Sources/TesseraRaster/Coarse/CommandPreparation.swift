/// The coarse stage's first step, parallel over chunks of commands: each recorded command becomes
/// a ``PreparedCommand`` in device space (its lines in the worker's arena, or a rectangle, a mask
/// clipped to the target, a group marker) and, for a paint that is not a solid colour drawn
/// source-over, a ``PreparedPaint`` at the same index.
enum CommandPreparation {
    /// The chunks commands are prepared in: at most ``BandRenderer/prepareChunk`` commands of one
    /// part each, with the frame's index of its first command.
    static func chunks(of parts: [Recording.Part]) -> [(part: Int, range: Range<Int>, firstIndex: Int)] {
        var chunks: [(part: Int, range: Range<Int>, firstIndex: Int)] = []
        var firstIndex = 0
        for (p, part) in parts.enumerated() {
            for start in stride(from: 0, to: part.commands.count, by: BandRenderer.prepareChunk) {
                let range = start..<min(start + BandRenderer.prepareChunk, part.commands.count)
                chunks.append((p, range, firstIndex + start))
            }
            firstIndex += part.commands.count
        }
        return chunks
    }

    /// Prepares `commands`, the frame's commands from `firstIndex` on, whose mask and colour
    /// filter indices start at `maskOffset` and `filterOffset` and whose paths lie in
    /// `paths`, with worker `worker`'s buffers (its lines go to its arena).
    static func prepare(
        _ commands: ArraySlice<Recording.Command>, paths: PathArena, firstIndex: Int, maskOffset: Int,
        filterOffset: Int, worker: Int, memory: FrameMemory, tolerance: Double
    ) {
        paths.withContents { contents in
            prepare(
                commands, paths: contents, firstIndex: firstIndex, maskOffset: maskOffset, filterOffset: filterOffset,
                worker: worker, memory: memory, tolerance: tolerance)
        }
    }

    private static func prepare(
        _ commands: ArraySlice<Recording.Command>, paths: PathArena.Contents, firstIndex: Int,
        maskOffset: Int, filterOffset: Int, worker: Int, memory: FrameMemory, tolerance: Double
    ) {
        var builder = EdgeBuilder(width: memory.width, height: memory.height, tolerance: tolerance, arena: memory.arenas[worker])
        let strokeGeometry = memory.strokeGeometry[worker]
        let projectedGeometry = memory.projectedGeometry[worker]
        let height = Float(memory.height), width = Float(memory.width)
        for local in commands.indices {
            let i = firstIndex + (local - commands.startIndex)
            var out = PreparedCommand()
            func reachWholeTarget() {
                out.top = 0
                out.bottom = Int32(memory.height)
                out.left = 0
                out.right = Int32(memory.width)
            }
            // The lines the builder emitted since `first`, drawn with `paint` (a shader's prepared
            // paint is at `paints[i]`). A blend mode that changes pixels a transparent source
            // covers reaches the whole target, as in CoreGraphics.
            func drawLines(from first: Int, evenOdd: Bool, paint: Recording.RecordedPaint) {
                out.top = Int32(builder.minY.rounded(.down))
                out.bottom = Int32(builder.maxY.rounded(.up))
                let count = builder.arena.count - first
                let lines = PreparedCommand.Lines(
                    arena: worker, first: first, count: count, evenOdd: evenOdd,
                    short: PreparedCommand.Lines.areLikelyShort(count: count, top: out.top, bottom: out.bottom))
                // The pixels the lines cover. (The accumulation also writes the cell right of the
                // last line, but a closed outline's coverage there is zero: no pixel changes.)
                out.left = Int32(builder.minX.rounded(.down))
                out.right = Int32(builder.maxX.rounded(.up))
                switch paint {
                case .solid(let color):
                    out.payload = .lines(lines, color: color.packed.littleEndian)
                case .shaded(let shader):
                    out.payload = .paintedLines(lines)
                    if shader.blendMode.changesPixelsOutsideSource { reachWholeTarget() }
                }
            }
            // Whether `paint` draws anything; prepares a shader's paint into `paints[i]`.
            func prepares(_ paint: Recording.RecordedPaint, placedBy mapping: PlaneMapping) -> Bool {
                switch paint {
                case .solid(let color):
                    return color.a != 0   // source-over with zero alpha changes nothing
                case .shaded(let shader):
                    guard let prepared = PreparedPaint(shader: shader, mapping: mapping) else { return false }
                    memory.paints[i] = prepared
                    return true
                }
            }
            // Contours in the path's space projected into the builder: straight to lines when
            // they land inside the target, else projected first and clipped.
            func add(_ contours: Polylines?, projectedBy projection: Projection) -> Bool {
                guard let contours else { return false }
                return builder.addOutline(contours, projectedBy: projection)
                    || (projectedGeometry.project(contours, projection)
                        && builder.addOutline(projectedGeometry.projected, transform: .identity))
            }
            // The fill's outline, into the builder; false when it draws nothing.
            func addOutline(of fill: Recording.FillCommand) -> Bool {
                switch fill.mapping {
                case .projective(let projection):
                    return add(
                        projectedGeometry.fillContours(paths.path(fill.path), projection: projection, tolerance: tolerance),
                        projectedBy: projection)
                case .affine(let transform):
                    return builder.addPath(paths.path(fill.path), transform: transform)
                }
            }
            // The stroke's outline, into the builder; false when it draws nothing.
            func addOutline(of stroke: Recording.StrokeCommand) -> Bool {
                switch stroke.mapping {
                case .projective(let projection):
                    return add(
                        projectedGeometry.strokeContours(
                            stroke.shape(paths), projection: projection, tolerance: tolerance,
                            using: strokeGeometry),
                        projectedBy: projection)
                case .affine(let transform):
                    guard
                        let (outline, toDevice) = memory.strokeOutlines[i].outline(
                            of: stroke.shape(paths), transform: transform,
                            tolerance: tolerance, using: strokeGeometry)
                    else { return false }
                    return builder.addOutline(outline, transform: toDevice)
                }
            }
            switch commands[local] {
            case .clear(let color):
                out.payload = .clear(color: color.packed.littleEndian)
                reachWholeTarget()
            case .rect(let rect):
                // Source-over with zero alpha changes nothing.
                guard rect.color.a != 0 else { break }
                let r = SIMD4<Float>(
                    Float(max(rect.minX, 0)), Float(max(rect.minY, 0)), Float(min(rect.maxX, Double(width))),
                    Float(min(rect.maxY, Double(height))))
                guard r.x < r.z, r.y < r.w else { break }
                out.payload = .rect(r, color: rect.color.packed.littleEndian)
                out.top = Int32(r.y.rounded(.down))
                out.bottom = Int32(r.w.rounded(.up))
                out.left = Int32(r.x.rounded(.down))
                out.right = Int32(r.z.rounded(.up))
            case .fill(let fill):
                guard prepares(fill.paint, placedBy: fill.mapping) else { break }
                builder.reset()
                let first = builder.arena.count
                guard addOutline(of: fill), builder.arena.count > first else { break }
                drawLines(from: first, evenOdd: fill.rule == .evenOdd, paint: fill.paint)
            case .alphaMask(let localIndex, let paint):
                let index = maskOffset + localIndex
                let (left, top, right, bottom) = memory.masks[index].clipped(toWidth: memory.width, height: memory.height)
                // A mask with no pixel on the target draws nothing, whatever its paint; the paint
                // lies in device space.
                guard left < right, top < bottom, prepares(paint, placedBy: .affine(.identity)) else { break }
                out.top = Int32(top)
                out.bottom = Int32(bottom)
                out.left = Int32(left)
                out.right = Int32(right)
                switch paint {
                case .solid(let color):
                    out.payload = .alphaMask(mask: index, color: color.packed.littleEndian)
                case .shaded(let shader):
                    out.payload = .paintedAlphaMask(mask: index)
                    if shader.blendMode.changesPixelsOutsideSource { reachWholeTarget() }
                }
            case .beginGroup:
                out.payload = .beginGroup(.empty)   // extent and area: set by GroupExtents from what the group draws
            case .beginMask:
                out.payload = .beginMask(.empty)
            case .endGroup(let opacity, let blendMode, let filter):
                out.payload = .endGroup(
                    opacity: opacity, blendMode: UInt8(blendMode.rawValue),
                    filter: filter.map { Int32(filterOffset + $0) } ?? -1, area: .empty)
            case .stroke(let stroke):
                guard prepares(stroke.paint, placedBy: stroke.mapping) else { break }
                builder.reset()
                let first = builder.arena.count
                guard addOutline(of: stroke), builder.arena.count > first else { break }
                drawLines(from: first, evenOdd: false, paint: stroke.paint)
            }
            memory.prepared[i] = out
        }
    }
}
