/// How geometry reaches the target: an affine map, or a projection (a layer's plane under
/// perspective). What a recorded command stores, and what the layer model draws a layer's plane
/// through.
package enum PlaneMapping: Sendable {
    /// An affine transform: curves are flattened in device space.
    case affine(Transform)
    /// A projection: the geometry is flattened (and stroked) in its own space, then projected.
    /// The paint is projected with it, pixel by pixel (``PreparedPaint``).
    case projective(Projection)
}

extension Canvas {
    /// Records: fill `path` through `mapping`, as ``fill(_:paint:rule:transform:blendMode:)`` or
    /// ``fill(_:paint:rule:projection:blendMode:)`` does.
    package func fill(
        _ path: Path, paint: Paint, rule: FillRule = .nonZero, mapping: PlaneMapping,
        blendMode: BlendMode = .normal
    ) {
        recording.appendFill(path, paint: paint, rule: rule, mapping: mapping, blendMode: blendMode)
    }

    /// Records: stroke `path` through `mapping`, as
    /// ``stroke(_:paint:style:dash:trimStart:trimEnd:transform:blendMode:)`` or
    /// ``stroke(_:paint:style:dash:trimStart:trimEnd:projection:blendMode:)`` does.
    package func stroke(
        _ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern?, trimStart: Double, trimEnd: Double,
        mapping: PlaneMapping, blendMode: BlendMode = .normal
    ) {
        recording.appendStroke(
            path, style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd, paint: paint, mapping: mapping, blendMode: blendMode)
    }

    /// Records: fill `path` with the solid colour `fill` (when given) under `rule`, then stroke
    /// it with the solid colour `stroke`, both source-over through `mapping`, as
    /// ``fill(_:paint:rule:mapping:blendMode:)`` then
    /// ``stroke(_:paint:style:dash:trimStart:trimEnd:mapping:blendMode:)`` do with `.solid`
    /// paints, with the path copied into the recording once for both (a shape layer's fill and
    /// stroke).
    package func fillThenStroke(
        _ path: Path, fill: Color?, rule: FillRule, stroke: Color, style: StrokeStyle, dash: DashPattern?,
        trimStart: Double, trimEnd: Double, mapping: PlaneMapping
    ) {
        var span: PathArena.Span?
        if let fill { span = recording.appendFill(path, recorded: .solid(fill.premultiplied), rule: rule, mapping: mapping) }
        recording.appendStroke(
            span ?? recording.paths.append(path), style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd,
            recorded: .solid(stroke.premultiplied), mapping: mapping)
    }
}
