import CTesseraSIMD

/// The drawing calls of a ``Canvas`` since its last render, in order, as plain values.
final class Recording {
    enum Command: Sendable {
        case clear(PremultipliedRGBA8)
        case fill(FillCommand)
        /// A fill that is one axis-aligned rectangle in device space, of a solid colour drawn
        /// source-over: recognised as it is recorded (``RectDetection``), so that it keeps no path.
        case rect(RectCommand)
        case stroke(StrokeCommand)
        /// Draws `paint` (in device space) through mask `index` of ``masks``.
        case alphaMask(index: Int, paint: RecordedPaint)
        /// Starts a group: what follows is drawn into a transparent layer of its own.
        case beginGroup
        /// What follows, until the group ends, is the group's mask, opaque inside `interior`
        /// when it is given.
        case beginMask(interior: MaskInterior?)
        /// Composites the group's layer onto what is below with `blendMode`, scaled by
        /// `opacity` (0–255) and the mask's alpha, after filtering it with colour filter `filter`
        /// of ``colorFilters`` when there is one.
        case endGroup(opacity: UInt8, blendMode: BlendMode, filter: Int?)
    }

    // Unchecked exclusivity on the stored properties: a recording is used by one thread at a
    // time, and no method hands out access to a property across a call that could come back
    // into a recording, so the run-time checks find nothing. They cost: a fifth of recording a
    // fill, and eight checks (about 1,400 instructions) for each part a splice appends.

    /// Commands recorded elsewhere and appended (see ``append(contentsOf:)``), and this
    /// recording's own commands recorded before them, in order.
    @exclusivity(unchecked) private(set) var sealedParts: [Part] = []
    /// The commands recorded since the last part was sealed: where new commands go.
    @exclusivity(unchecked) private var commands: [Command] = []
    /// The paths of this recording's own fills and strokes.
    @exclusivity(unchecked) private(set) var paths = PathArena()
    /// The masks the commands paint through (an appended part's indices start at its
    /// `maskOffset`).
    @exclusivity(unchecked) private(set) var masks: [AlphaMask] = []
    /// The colour matrices groups are filtered with (an appended part's indices start at its
    /// `filterOffset`).
    @exclusivity(unchecked) private(set) var colorFilters: [tsr_color_matrix] = []
    /// Whether a colour filter makes alpha depend on colour (``ColorMatrix/alphaReadsColor``):
    /// then an alpha target cannot be drawn from alphas alone.
    @exclusivity(unchecked) private(set) var filterAlphaReadsColor = false
    /// Whether a group was begun (here or in an appended recording): without one, the
    /// commands need no group extents.
    @exclusivity(unchecked) private(set) var hasGroups = false
    /// For each open group, whether its mask has begun.
    @exclusivity(unchecked) private var openGroups: [Bool] = []
    @exclusivity(unchecked) private var sealedCount = 0

    /// A run of commands stored together, where its mask and colour filter indices start in
    /// ``masks`` and ``colorFilters``, and the arena its paths lie in.
    struct Part {
        let commands: [Command]
        let maskOffset: Int
        let filterOffset: Int
        let paths: PathArena
    }

    var count: Int { sealedCount + commands.count }

    /// Every command in order, as the parts they are stored in.
    var parts: [Part] {
        commands.isEmpty
            ? sealedParts : sealedParts + [Part(commands: commands, maskOffset: 0, filterOffset: 0, paths: paths)]
    }

    func appendClear(_ color: PremultipliedRGBA8) {
        commands.append(.clear(color))
    }

    func appendFill(
        _ path: Path, paint: Paint, rule: FillRule, mapping: PlaneMapping, blendMode: BlendMode = .normal,
        opacity: UInt8 = 255
    ) {
        appendFill(path, recorded: Self.recorded(paint, opacity: opacity, blendMode: blendMode), rule: rule, mapping: mapping)
    }

    /// Records the fill of `path` with `recorded`; returns where the path was copied in (for a
    /// stroke of the same path to share), nil when the fill was recorded as a rectangle, without it.
    @discardableResult @inline(__always)
    func appendFill(
        _ path: Path, recorded: consuming RecordedPaint, rule: FillRule, mapping: PlaneMapping
    ) -> PathArena.Span? {
        // Either rule gives a single rectangle the same coverage.
        if case .solid(let color) = recorded, case .affine(let transform) = mapping,
            let (minX, minY, maxX, maxY) = RectDetection.deviceRect(of: path, transform: transform)
        {
            commands.append(.rect(RectCommand(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: color)))
            return nil
        }
        let span = paths.append(path)
        commands.append(.fill(FillCommand(path: span, rule: rule, mapping: mapping, paint: recorded)))
        return span
    }

    /// Records the fill of `Path(rect: rect)` through `transform`, building the path only when the
    /// fill is not recorded as a rectangle.
    func appendFill(_ rect: Rect, paint: Paint, transform: Transform, blendMode: BlendMode) {
        let recorded = Self.recorded(paint, opacity: 255, blendMode: blendMode)
        if case .solid(let color) = recorded,
            let (minX, minY, maxX, maxY) = RectDetection.deviceRect(of: rect, transform: transform)
        {
            commands.append(.rect(RectCommand(minX: minX, minY: minY, maxX: maxX, maxY: maxY, color: color)))
            return
        }
        commands.append(
            .fill(
                FillCommand(
                    path: paths.append(Path(rect: rect)), rule: .nonZero, mapping: .affine(transform), paint: recorded)))
    }

    func appendStroke(
        _ path: Path, style: StrokeStyle, dash: DashPattern?, trimStart: Double, trimEnd: Double, paint: Paint,
        mapping: PlaneMapping, blendMode: BlendMode = .normal
    ) {
        appendStroke(
            paths.append(path), style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd,
            recorded: Self.recorded(paint, opacity: 255, blendMode: blendMode), mapping: mapping)
    }

    /// Records the stroke of the path at `span` of this recording's arena with `recorded`.
    @inline(__always)
    func appendStroke(
        _ span: PathArena.Span, style: StrokeStyle, dash: DashPattern?, trimStart: Double, trimEnd: Double,
        recorded: consuming RecordedPaint, mapping: PlaneMapping
    ) {
        commands.append(
            .stroke(
                StrokeCommand(
                    path: span, style: style, dash: paths.append(dash), trimStart: trimStart, trimEnd: trimEnd,
                    mapping: mapping, paint: recorded)))
    }

    /// A solid paint drawn source-over as its premultiplied colour (scaled by `opacity`), any
    /// other paint or blend mode as a shader. Commands stay small for the common case: a solid
    /// fill carries no shader.
    private static func recorded(_ paint: Paint, opacity: UInt8, blendMode: BlendMode) -> RecordedPaint {
        guard case .solid(let color) = paint, blendMode == .normal else {
            return .shaded(Shader(paint, opacity: opacity, blendMode: blendMode))
        }
        guard opacity < 255 else { return .solid(color.premultiplied) }
        var scaled = color
        scaled.alpha = Color.unit(color.alpha) * Double(opacity) / 255
        return .solid(scaled.premultiplied)
    }

    func appendAlphaMask(_ mask: AlphaMask, paint: Paint, blendMode: BlendMode) {
        commands.append(.alphaMask(index: masks.count, paint: Self.recorded(paint, opacity: 255, blendMode: blendMode)))
        masks.append(mask)
    }

    func appendBeginGroup() {
        openGroups.append(false)
        hasGroups = true
        commands.append(.beginGroup)
    }

    /// Ignored outside a group and in a group whose mask has begun.
    func appendBeginMask(interior: MaskInterior?) {
        guard let masked = openGroups.last, !masked else { return }
        openGroups[openGroups.count - 1] = true
        commands.append(.beginMask(interior: interior))
    }

    /// Ignored when no group is open. A NaN opacity counts as 0. The identity matrix is no
    /// filter (it would change nothing).
    func appendEndGroup(opacity: Double, blendMode: BlendMode = .normal, colorMatrix: ColorMatrix? = nil) {
        guard openGroups.popLast() != nil else { return }
        let clamped = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        var filter: Int? = nil
        if let colorMatrix, colorMatrix != .identity {
            filter = colorFilters.count
            colorFilters.append(colorMatrix.kernel)
            filterAlphaReadsColor = filterAlphaReadsColor || colorMatrix.alphaReadsColor
        }
        commands.append(.endGroup(opacity: UInt8((clamped * 255).rounded()), blendMode: blendMode, filter: filter))
    }

    /// Ends the groups left open (at full opacity), so that every group is closed before drawing.
    /// How many groups are open (begun and not yet ended).
    var openGroupCount: Int { openGroups.count }

    func closeOpenGroups() {
        while !openGroups.isEmpty { appendEndGroup(opacity: 1) }
    }

    /// Appends `other`'s commands (its open groups ended first) and masks, in order. They are
    /// shared, not copied: the thread that splices the parts threads recorded touches neither
    /// their commands nor their reference counts, and `other` keeps them.
    func append(contentsOf other: Recording) {
        guard other !== self else { return }
        other.closeOpenGroups()
        appendCommands(of: other)
    }

    /// Appends `other`'s commands and masks as ``append(contentsOf:)`` does, its open groups
    /// left open here (ended by what this recording records next) and open in `other` too:
    /// `other` is unchanged.
    func append(keepingGroupsOpen other: Recording) {
        guard other !== self else { return }
        appendCommands(of: other)
        openGroups.append(contentsOf: other.openGroups)
    }

    private func appendCommands(of other: Recording) {
        if !commands.isEmpty {
            seal(commands, maskOffset: 0, filterOffset: 0, paths: paths)
            commands = []
        }
        // Its parts, then its own commands: `other.parts` would build an array of them.
        for part in other.sealedParts {
            seal(
                part.commands, maskOffset: part.maskOffset + masks.count,
                filterOffset: part.filterOffset + colorFilters.count, paths: part.paths)
        }
        seal(other.commands, maskOffset: masks.count, filterOffset: colorFilters.count, paths: other.paths)
        // Most parts have neither (a frame splices dozens of parts: each append is a call).
        if !other.masks.isEmpty { masks.append(contentsOf: other.masks) }
        if !other.colorFilters.isEmpty { colorFilters.append(contentsOf: other.colorFilters) }
        filterAlphaReadsColor = filterAlphaReadsColor || other.filterAlphaReadsColor
        hasGroups = hasGroups || other.hasGroups
    }

    private func seal(_ part: [Command], maskOffset: Int, filterOffset: Int, paths: PathArena) {
        guard !part.isEmpty else { return }
        sealedParts.append(Part(commands: part, maskOffset: maskOffset, filterOffset: filterOffset, paths: paths))
        sealedCount += part.count
    }

    /// Forgets every command and mask. With `threadCount` > 1, a long recording's own commands
    /// are destroyed (their paths' and dashes' memory released) on that many threads; appended
    /// parts are released by the recordings they came from.
    func reset(threadCount: Int = 1) {
        if threadCount > 1 {
            commands.withUnsafeMutableBufferPointer { buffer in
                // Commands without payload left in their place: emptying the array frees nothing more.
                ConcurrentRelease.deinitialize(buffer, threadCount: threadCount, minimumChunk: 1024) {
                    $0.initialize(repeating: .beginGroup)
                }
            }
        }
        commands.removeAll(keepingCapacity: true)
        sealedParts.removeAll(keepingCapacity: true)
        // Parts spliced into another recording, not yet rendered there, still read the paths.
        if isKnownUniquelyReferenced(&paths) { paths.removeAll() } else { paths = PathArena() }
        sealedCount = 0
        masks.removeAll(keepingCapacity: true)
        colorFilters.removeAll(keepingCapacity: true)
        filterAlphaReadsColor = false
        hasGroups = false
        openGroups.removeAll(keepingCapacity: true)
    }
}
