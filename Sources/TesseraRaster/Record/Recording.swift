/// The drawing calls of a ``Canvas`` since its last render, in order, as plain values.
final class Recording {
    enum Command: Sendable {
        case clear(PremultipliedRGBA8)
        case fill(FillCommand)
        case stroke(StrokeCommand)
        /// Blends `color` source-over through mask `index` of ``masks``, or `shader` (with its blend
        /// mode and opacity, in device space) when there is one.
        case alphaMask(index: Int, color: PremultipliedRGBA8, shader: Shader?)
        /// Starts a group: what follows is drawn into a transparent layer of its own.
        case beginGroup
        /// What follows, until the group ends, is the group's mask, opaque inside `interior`
        /// when it is given.
        case beginMask(interior: MaskInterior?)
        /// Composites the group's layer onto what is below with `blendMode`, scaled by
        /// `opacity` (0–255) and the mask's alpha.
        case endGroup(opacity: UInt8, blendMode: BlendMode)
    }

    struct StrokeCommand: Sendable {
        var path: Path
        /// The paint when it is a solid colour (transparent otherwise).
        var color: PremultipliedRGBA8
        /// The paint when it is not a solid colour drawn source-over.
        var shader: Shader?
        var style: StrokeStyle
        var dash: DashPattern?
        var trimStart: Double
        var trimEnd: Double
        var transform: Transform
        /// When set, replaces `transform`: the stroke is computed in the path's space and
        /// projected.
        var projection: Projection? = nil
    }

    struct FillCommand: Sendable {
        var path: Path
        /// The paint when it is a solid colour (transparent otherwise).
        var color: PremultipliedRGBA8
        /// The paint when it is not a solid colour drawn source-over.
        var shader: Shader?
        var rule: FillRule
        var transform: Transform
        /// When set, replaces `transform`.
        var projection: Projection? = nil
    }

    /// Commands recorded elsewhere and appended (see ``append(contentsOf:)``), and this
    /// recording's own commands recorded before them, in order.
    private(set) var sealedParts: [Part] = []
    /// The commands recorded since the last part was sealed: where new commands go.
    ///
    /// Unchecked exclusivity: a recording is used by one thread at a time and no append calls
    /// back into it, so the run-time check on every append (a fifth of recording a fill) finds
    /// nothing.
    @exclusivity(unchecked) private var commands: [Command] = []
    /// The masks the commands paint through (an appended part's indices start at its
    /// `maskOffset`).
    private(set) var masks: [AlphaMask] = []
    /// For each open group, whether its mask has begun.
    private var openGroups: [Bool] = []
    private var sealedCount = 0

    /// A run of commands stored together, and where its mask indices start in ``masks``.
    struct Part {
        let commands: [Command]
        let maskOffset: Int
    }

    var count: Int { sealedCount + commands.count }

    /// Every command in order, as the parts they are stored in.
    var parts: [Part] { commands.isEmpty ? sealedParts : sealedParts + [Part(commands: commands, maskOffset: 0)] }

    func appendClear(_ color: PremultipliedRGBA8) {
        commands.append(.clear(color))
    }

    func appendFill(_ path: Path, paint: Paint, rule: FillRule, transform: Transform, projection: Projection? = nil,
                    blendMode: BlendMode = .normal, opacity: UInt8 = 255) {
        // Solid paints, most fills, go straight in.
        if case .solid(let color) = paint, opacity == 255, blendMode == .normal {
            commands.append(.fill(FillCommand(path: path, color: color.premultiplied, shader: nil, rule: rule,
                                              transform: transform, projection: projection)))
            return
        }
        let (color, shader) = Self.split(paint, opacity: opacity, blendMode: blendMode)
        commands.append(.fill(FillCommand(path: path, color: color, shader: shader, rule: rule,
                                          transform: transform, projection: projection)))
    }

    func appendStroke(_ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern?,
                      trimStart: Double, trimEnd: Double, transform: Transform, projection: Projection? = nil,
                      blendMode: BlendMode = .normal) {
        let (color, shader) = Self.split(paint, opacity: 255, blendMode: blendMode)
        commands.append(.stroke(StrokeCommand(path: path, color: color, shader: shader, style: style,
                                              dash: dash, trimStart: trimStart, trimEnd: trimEnd, transform: transform,
                                              projection: projection)))
    }

    /// A solid paint drawn source-over as its premultiplied colour (scaled by `opacity`), any
    /// other paint or blend mode as a shader. Commands stay small for the common case: a solid
    /// fill carries no shader.
    private static func split(_ paint: Paint, opacity: UInt8, blendMode: BlendMode) -> (PremultipliedRGBA8, Shader?) {
        guard case .solid(let color) = paint, blendMode == .normal else {
            return (.transparent, Shader(paint, opacity: opacity, blendMode: blendMode))
        }
        guard opacity < 255 else { return (color.premultiplied, nil) }
        var scaled = color
        scaled.alpha = Color.unit(color.alpha) * Double(opacity) / 255
        return (scaled.premultiplied, nil)
    }

    func appendAlphaMask(_ mask: AlphaMask, paint: Paint, blendMode: BlendMode) {
        let (color, shader) = Self.split(paint, opacity: 255, blendMode: blendMode)
        commands.append(.alphaMask(index: masks.count, color: color, shader: shader))
        masks.append(mask)
    }

    func appendBeginGroup() {
        openGroups.append(false)
        commands.append(.beginGroup)
    }

    /// Ignored outside a group and in a group whose mask has begun.
    func appendBeginMask(interior: MaskInterior?) {
        guard let masked = openGroups.last, !masked else { return }
        openGroups[openGroups.count - 1] = true
        commands.append(.beginMask(interior: interior))
    }

    /// Ignored when no group is open. A NaN opacity counts as 0.
    func appendEndGroup(opacity: Double, blendMode: BlendMode = .normal) {
        guard openGroups.popLast() != nil else { return }
        let clamped = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        commands.append(.endGroup(opacity: UInt8((clamped * 255).rounded()), blendMode: blendMode))
    }

    /// Ends the groups left open (at full opacity), so that every group is closed before drawing.
    func closeOpenGroups() {
        while !openGroups.isEmpty { appendEndGroup(opacity: 1) }
    }

    /// Appends `other`'s commands (its open groups ended first) and masks, in order. They are
    /// shared, not copied: the thread that splices the parts threads recorded touches neither
    /// their commands nor their reference counts, and `other` keeps them.
    func append(contentsOf other: Recording) {
        guard other !== self else { return }
        other.closeOpenGroups()
        seal(commands, maskOffset: 0)
        commands = []
        for part in other.parts { seal(part.commands, maskOffset: part.maskOffset + masks.count) }
        masks.append(contentsOf: other.masks)
    }

    private func seal(_ part: [Command], maskOffset: Int) {
        guard !part.isEmpty else { return }
        sealedParts.append(Part(commands: part, maskOffset: maskOffset))
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
        sealedCount = 0
        masks.removeAll(keepingCapacity: true)
        openGroups.removeAll(keepingCapacity: true)
    }
}
