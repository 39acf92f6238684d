import Foundation
import Tessera

/// A path item of a shape group (rectangle, ellipse, Bézier path) as a path that changes over
/// time: its properties' keyframe timing, and its outline at one of those keyframes or at any
/// frame. Several sources drawn by one style are joined into one `CGPath` (see
/// ``Track/init(combining:atKeyframe:atFrame:)``).
struct PathSource {
    let timings: [KeyframeTiming]
    /// Adds the outline, its properties at keyframe k, to a path.
    let addAtKeyframe: (Int, CGMutablePath) -> Void
    /// Adds the outline, its properties at a frame, to a path.
    let addAtFrame: (Double, CGMutablePath) -> Void

    init?(_ item: ShapeItem) {
        switch item {
        case .rectangle(let position, let size, let roundness, let reversed):
            timings = [position.timing, size.timing, roundness.timing]
            addAtKeyframe = { k, path in
                Self.addRectangle(to: path, center: position.value(atKeyframe: k), size: size.value(atKeyframe: k),
                                  radius: roundness.value(atKeyframe: k), rounded: roundness.isAnimated, reversed: reversed)
            }
            addAtFrame = { f, path in
                Self.addRectangle(to: path, center: position.value(at: f), size: size.value(at: f), radius: roundness.value(at: f),
                                  rounded: roundness.isAnimated, reversed: reversed)
            }
        case .ellipse(let position, let size, let reversed):
            timings = [position.timing, size.timing]
            addAtKeyframe = { k, path in
                Self.addEllipse(to: path, center: position.value(atKeyframe: k), size: size.value(atKeyframe: k), reversed: reversed)
            }
            addAtFrame = { f, path in
                Self.addEllipse(to: path, center: position.value(at: f), size: size.value(at: f), reversed: reversed)
            }
        case .path(let shape, _):
            timings = [shape.timing]
            addAtKeyframe = { k, path in Self.addBezier(shape.value(atKeyframe: k), to: path) }
            addAtFrame = { f, path in Self.addBezier(shape.value(at: f), to: path) }
        default:
            return nil
        }
    }

    /// The Bézier path: every segment a cubic curve (straight ones too), so that keyframes of
    /// the same vertex count have the same elements and morph into each other.
    static func addBezier(_ shape: BezierShape, to path: CGMutablePath) {
        let vertices = shape.vertices
        guard let first = vertices.first else { return }
        func point(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        path.move(to: point(first.point))
        var segments = Array(zip(vertices, vertices.dropFirst()))
        if shape.isClosed, let last = vertices.last { segments.append((last, first)) }
        for (a, b) in segments {
            path.addCurve(to: point(b.point), control1: point(a.point + a.outHandle), control2: point(b.point + b.inHandle))
        }
        if shape.isClosed { path.closeSubpath() }
    }

    /// Lottie's rectangle: from the top right corner, clockwise (counterclockwise when
    /// `reversed`); with rounded corners (radius at most half the shorter side, or `rounded`
    /// because it animates) each corner a quarter ellipse, as After Effects draws it.
    static func addRectangle(to path: CGMutablePath, center: [Double], size: [Double], radius: Double, rounded: Bool, reversed: Bool) {
        let w = abs(size[0]) / 2, h = abs(size[1]) / 2, x = center[0], y = center[1]
        let r = min(max(radius, 0), w, h)
        // The corners clockwise from the top right, each with the directions towards its neighbours.
        var corners: [(corner: SIMD2<Double>, from: SIMD2<Double>, to: SIMD2<Double>)] = [
            (SIMD2(x + w, y - h), SIMD2(-1, 0), SIMD2(0, 1)),
            (SIMD2(x + w, y + h), SIMD2(0, -1), SIMD2(-1, 0)),
            (SIMD2(x - w, y + h), SIMD2(1, 0), SIMD2(0, -1)),
            (SIMD2(x - w, y - h), SIMD2(0, 1), SIMD2(1, 0)),
        ]
        if reversed {
            corners = [corners[0]] + corners[1...].reversed()
            corners = corners.map { ($0.corner, $0.to, $0.from) }
        }
        func point(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        guard r > 0 || rounded else {
            path.move(to: point(corners[0].corner))
            for c in corners.dropFirst() { path.addLine(to: point(c.corner)) }
            path.closeSubpath()
            return
        }
        let handle = r * (1 - 0.5519)
        path.move(to: point(corners[0].corner + corners[0].to * r))
        for c in corners.dropFirst() + [corners[0]] {
            let entry = c.corner + c.from * r, exit = c.corner + c.to * r
            path.addLine(to: point(entry))
            path.addCurve(to: point(exit), control1: point(c.corner + c.from * handle), control2: point(c.corner + c.to * handle))
        }
        path.closeSubpath()
    }

    /// Lottie's ellipse: four quarter arcs from the top, clockwise (counterclockwise when
    /// `reversed`), handles 0.5519 of the radius long.
    static func addEllipse(to path: CGMutablePath, center: [Double], size: [Double], reversed: Bool) {
        let rx = size[0] / 2, ry = size[1] / 2, k = 0.5519
        let c = SIMD2(center[0], center[1])
        // Each point with its tangent direction (clockwise) scaled to the handle length.
        var points: [(SIMD2<Double>, SIMD2<Double>)] = [
            (c + SIMD2(0, -ry), SIMD2(rx * k, 0)),
            (c + SIMD2(rx, 0), SIMD2(0, ry * k)),
            (c + SIMD2(0, ry), SIMD2(-rx * k, 0)),
            (c + SIMD2(-rx, 0), SIMD2(0, -ry * k)),
        ]
        if reversed { points = [points[0]] + points[1...].reversed() }
        let sign = reversed ? -1.0 : 1.0
        func point(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        path.move(to: point(points[0].0))
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) {
            path.addCurve(to: point(b.0), control1: point(a.0 + a.1 * sign), control2: point(b.0 - b.1 * sign))
        }
        path.closeSubpath()
    }
}
