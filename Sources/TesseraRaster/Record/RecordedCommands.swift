/// The values a ``Recording`` stores, one typed payload per kind of drawing call: geometry, its
/// mapping to the device, its paint.
extension Recording {
    /// How a command is painted.
    enum RecordedPaint: Sendable {
        /// A premultiplied colour drawn source-over (most commands: they carry no shader).
        case solid(PremultipliedRGBA8)
        /// Any other paint, blend mode or opacity.
        case shaded(Shader)
    }

    struct FillCommand: Sendable {
        /// Where the path lies in the ``PathArena`` of the command's part.
        var path: PathArena.Span
        var rule: FillRule
        var mapping: PlaneMapping
        var paint: RecordedPaint
    }

    /// An axis-aligned rectangle in device space, not clipped, and its premultiplied colour.
    struct RectCommand: Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        var color: PremultipliedRGBA8
    }

    struct StrokeCommand: Sendable {
        /// Where the path lies in the ``PathArena`` of the command's part.
        var path: PathArena.Span
        var style: StrokeStyle
        /// Where its dash pattern lies in the same arena; nil for a solid line.
        var dash: PathArena.DashSpan?
        var trimStart: Double
        var trimEnd: Double
        /// The stroke is computed in the path's space when the mapping is not a similarity (an
        /// elliptic pen, as in CoreGraphics) or is a projection.
        var mapping: PlaneMapping
        var paint: RecordedPaint

        /// The stroke's shape, its path and dash pattern read from `arena`.
        func shape(_ arena: PathArena.Contents) -> StrokeShape {
            StrokeShape(
                path: arena.path(path), style: style, dash: dash.map(arena.dash), trimStart: trimStart,
                trimEnd: trimEnd)
        }
    }
}
