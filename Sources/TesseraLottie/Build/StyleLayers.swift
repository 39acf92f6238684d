import Foundation
import TesseraCore

extension ShapeLayers {
    /// The layer that paints `sources`, joined into one path, with `style`: a `CAShapeLayer`
    /// for a solid fill or stroke, a gradient masked by one for a gradient fill or stroke (see
    /// ``gradientLayer(_:mask:outline:margin:)``). A stroke's width and dashes are times `widthScale`.
    func shapeLayer(_ style: ShapeGroup.Element, _ sources: [PathSource], trim: ShapeItem.Trim?, widthScale: Double) -> CALayer {
        let shape = CAShapeLayer()
        var copies = 1
        switch style {
        case .fill(let fill):
            shape.name = "fill"
            animator.apply(fill.color, to: shape, keyPath: "fillColor") { Self.color($0) }
            shape.fillRule = fill.evenOdd ? .evenOdd : .nonZero
            animator.apply(fill.opacity, to: shape, keyPath: "opacity") { Self.opacity($0) }
            reportTrimmedFill(trim)
        case .stroke(let stroke):
            shape.name = "stroke"
            shape.fillColor = nil
            animator.apply(stroke.color, to: shape, keyPath: "strokeColor") { Self.color($0) }
            animator.apply(stroke.opacity, to: shape, keyPath: "opacity") { Self.opacity($0) }
            copies = applyStroke(width: stroke.width, style: stroke.style, trim: trim, to: shape, widthScale: widthScale)
        case .gradientFill(_, let evenOdd):
            shape.name = "gradient fill mask"
            shape.fillRule = evenOdd ? .evenOdd : .nonZero
            reportTrimmedFill(trim)
        case .gradientStroke(_, let width, let style):
            shape.name = "gradient stroke mask"
            shape.fillColor = nil
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            copies = applyStroke(width: width, style: style, trim: trim, to: shape, widthScale: widthScale)
        case .path, .group, .repeater:
            break
        }
        let timings = sources.flatMap(\.timings)
        let paintsColor =
            switch style {
            case .fill, .stroke: true
            default: false
            }
        if paintsColor, timings.allSatisfy({ $0.times.count <= 1 }) {
            // A fixed outline painted with a color (most of a file's): set, without a track to build and free.
            animator.set(PathSource.path(sources.map { $0.atKeyframe(0) }, copies: copies), to: shape, keyPath: "path")
            return shape
        }
        let track = Track<CGPath>(
            combining: timings,
            atKeyframe: { k in PathSource.path(sources.map { $0.atKeyframe(k) }, copies: copies) },
            atFrame: { f in PathSource.path(sources.map { $0.atFrame(f) }, copies: copies) })
        animator.apply(track, to: shape, keyPath: "path") { $0 }
        switch style {
        case .gradientFill(let gradient, _):
            return gradientLayer(gradient, mask: shape, outline: track, margin: 1)
        case .gradientStroke(let gradient, let width, let style):
            let widest = width.keyframes.map(\.value).max() ?? 0
            return gradientLayer(gradient, mask: shape, outline: track, margin: widest * widthScale * max(style.miterLimit, 1) + 1)
        default:
            return shape
        }
    }

    /// Sets a stroke's width, caps, joins, dashes and trim; returns how many copies of the path
    /// the trim needs (``applyTrim(_:to:)``).
    private func applyStroke(
        width: Animated<Double>, style: ShapeItem.StrokeStyle, trim: ShapeItem.Trim?, to layer: CAShapeLayer,
        widthScale: Double
    ) -> Int {
        animator.apply(width, to: layer, keyPath: "lineWidth") { max($0, 0) * widthScale }
        switch style.cap {
        case .butt: layer.lineCap = .butt
        case .round: layer.lineCap = .round
        case .square: layer.lineCap = .square
        }
        switch style.join {
        case .miter: layer.lineJoin = .miter
        case .round: layer.lineJoin = .round
        case .bevel: layer.lineJoin = .bevel
        }
        layer.miterLimit = CGFloat(style.miterLimit)
        if !style.dashes.isEmpty {
            if style.dashes.contains(where: \.isAnimated) {
                report.approximated(path, "dashes", "animated dash lengths drawn at their first values")
            }
            // Lottie gives dash and gap in turn; an odd count repeats, as Core Animation's pattern does.
            layer.lineDashPattern = style.dashes.map { NSNumber(value: max($0.initialValue, 0) * widthScale) }
            animator.apply(style.dashOffset, to: layer, keyPath: "lineDashPhase") { $0 * widthScale }
        }
        guard let trim else { return 1 }
        return applyTrim(trim, to: layer)
    }

    /// Sets `strokeStart` and `strokeEnd` from a trim (0–100 and an offset in degrees, which
    /// Core Animation does not have); returns how many copies of the path the stroke must run
    /// over, so that an offset range that wraps past the end continues on the next copy (as
    /// lottie-ios does).
    private func applyTrim(_ trim: ShapeItem.Trim, to layer: CAShapeLayer) -> Int {
        let maximumCopies = 8.0
        if let (lower, upper) = Self.separateEnds(of: trim) {
            let offset = trim.offset.initialValue / 360
            let low = ((lower.keyframes.map { Self.trimFraction($0.value) }.min() ?? 0) + offset).rounded(.down)
            let high = ((upper.keyframes.map { Self.trimFraction($0.value) }.max() ?? 1) + offset).rounded(.up)
            if high - low > maximumCopies { report.approximated(path, "trim", "a trim offset of more than \(Int(maximumCopies)) turns") }
            let copies = min(max(high - low, 1), maximumCopies)
            animator.apply(lower, to: layer, keyPath: "strokeStart") { min(max((Self.trimFraction($0) + offset - low) / copies, 0), 1) }
            animator.apply(upper, to: layer, keyPath: "strokeEnd") { min(max((Self.trimFraction($0) + offset - low) / copies, 0), 1) }
            return Int(copies)
        }
        // Lottie takes the smaller of start and end as the start, both clamped to 0–100.
        func range(_ s: Double, _ e: Double, _ o: Double) -> (Double, Double) {
            let s = Self.trimFraction(s), e = Self.trimFraction(e)
            return (min(s, e) + o / 360, max(s, e) + o / 360)
        }
        let track = Track<(Double, Double)>(
            combining: [trim.start.timing, trim.end.timing, trim.offset.timing],
            atKeyframe: { k in
                range(trim.start.value(atKeyframe: k), trim.end.value(atKeyframe: k), trim.offset.value(atKeyframe: k))
            },
            atFrame: { f in
                range(trim.start.value(at: f), trim.end.value(at: f), trim.offset.value(at: f))
            })
        let low = (track.values.map(\.0).min() ?? 0).rounded(.down)
        let high = (track.values.map(\.1).max() ?? 1).rounded(.up)
        if high - low > maximumCopies { report.approximated(path, "trim", "a trim offset of more than \(Int(maximumCopies)) turns") }
        let copies = min(max(high - low, 1), maximumCopies)
        animator.apply(track, to: layer, keyPath: "strokeStart") { min(max(($0.0 - low) / copies, 0), 1) }
        animator.apply(track, to: layer, keyPath: "strokeEnd") { min(max(($0.1 - low) / copies, 0), 1) }
        return Int(copies)
    }

    /// A trim value (0–100) as a fraction of the path, clamped.
    private static func trimFraction(_ value: Double) -> Double { min(max(value, 0), 100) / 100 }

    /// The trim's start and end, the smaller first, when each can be animated on its own, with its
    /// own keyframes and easing (as lottie-ios animates them): the offset fixed, start and end
    /// timed differently (else one track, keyframe by keyframe, is exact), and one of them the
    /// smaller at each of their keyframes and whole frames. Nil otherwise: the range is then
    /// sampled at every frame, and eased values between frames are approximated.
    private static func separateEnds(of trim: ShapeItem.Trim) -> (Animated<Double>, Animated<Double>)? {
        let animated = [trim.start.timing, trim.end.timing].filter { $0.times.count > 1 }
        guard !trim.offset.isAnimated, let first = animated.first,
            !(animated.allSatisfy { $0 == first } && first.easings.allSatisfy(\.isUniform))
        else { return nil }
        let times = (trim.start.keyframes + trim.end.keyframes).map(\.time)
        guard let from = times.min(), let to = times.max(), to - from <= 100_000 else { return nil }
        let frames = times + stride(from: from.rounded(.up), through: to, by: 1)
        let differences = frames.map { trimFraction(trim.end.value(at: $0)) - trimFraction(trim.start.value(at: $0)) }
        if differences.allSatisfy({ $0 >= 0 }) { return (trim.start, trim.end) }
        if differences.allSatisfy({ $0 <= 0 }) { return (trim.end, trim.start) }
        return nil
    }

    private func reportTrimmedFill(_ trim: ShapeItem.Trim?) {
        guard let trim, !trim.isWhole else { return }
        report.approximated(path, "trim", "a trimmed fill is drawn untrimmed (Core Animation trims strokes only)")
    }

    static func opacity(_ percent: Double) -> Double {
        min(max(percent / 100, 0), 1)
    }

    /// A Lottie color (its numbers ``normalizedColor(_:)`` first): red, green and blue, clamped
    /// to 0–1. A fourth number, alpha, is ignored, as Lottie players do (opacity is a property of
    /// its own).
    static func color(_ c: [Double]) -> CGColor {
        func channel(_ i: Int) -> CGFloat { CGFloat(i < c.count ? min(max(c[i], 0), 1) : 0) }
        return CGColor(red: channel(0), green: channel(1), blue: channel(2), alpha: 1)
    }

    /// A color's numbers as written: red, green and blue in 0–1, or 0–255 when all three are over
    /// 1 (as some exporters write), scaled to 0–1, as lottie-ios reads each value. Applied to
    /// the values written, keyframe by keyframe, never to values between keyframes: an easing
    /// that overshoots takes a white past 1 in every channel, which is still white.
    static func normalizedColor(_ c: [Double]) -> [Double] {
        guard c.count >= 3, c[0] > 1, c[1] > 1, c[2] > 1 else { return c }
        return c.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element }
    }
}
