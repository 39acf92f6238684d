/// The drawing calls of a ``Canvas`` since its last render, in order, as plain values.
final class Recording {
    enum Command: Sendable {
        case clear(PremultipliedRGBA8)
        case fill(FillCommand)
        case stroke(StrokeCommand)
    }

    struct StrokeCommand: Sendable {
        var path: Path
        var color: PremultipliedRGBA8
        var style: StrokeStyle
        var dash: DashPattern?
        var trimStart: Double
        var trimEnd: Double
        var transform: Transform
    }

    struct FillCommand: Sendable {
        var path: Path
        var color: PremultipliedRGBA8
        var rule: FillRule
        var transform: Transform
    }

    private(set) var commands: [Command] = []

    var count: Int { commands.count }

    func appendClear(_ color: PremultipliedRGBA8) {
        commands.append(.clear(color))
    }

    func appendFill(_ path: Path, paint: Paint, rule: FillRule, transform: Transform) {
        guard case .solid(let color) = paint else { return }
        commands.append(.fill(FillCommand(path: path, color: color.premultiplied, rule: rule, transform: transform)))
    }

    func appendStroke(_ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern?,
                      trimStart: Double, trimEnd: Double, transform: Transform) {
        guard case .solid(let color) = paint else { return }
        commands.append(.stroke(StrokeCommand(path: path, color: color.premultiplied, style: style, dash: dash,
                                              trimStart: trimStart, trimEnd: trimEnd, transform: transform)))
    }

    func reset() {
        commands.removeAll(keepingCapacity: true)
    }
}
