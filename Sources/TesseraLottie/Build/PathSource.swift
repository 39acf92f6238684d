import Foundation
import TesseraCore
import TesseraRaster

/// A path item of a shape group (rectangle, ellipse, polystar, Bézier path) as an outline that
/// changes over time: its properties' keyframe timing, and its outline at one of those keyframes
/// or at any frame. Several sources drawn by one style are joined into one `CGPath` (see
/// ``Track/init(combining:atKeyframe:atFrame:)``).
struct PathSource {
    let timings: [KeyframeTiming]
    let atKeyframe: (Int) -> BezierShape
    let atFrame: (Double) -> BezierShape

    init(timings: [KeyframeTiming], atKeyframe: @escaping (Int) -> BezierShape, atFrame: @escaping (Double) -> BezierShape) {
        self.timings = timings
        self.atKeyframe = atKeyframe
        self.atFrame = atFrame
    }

    init?(_ item: ShapeItem) {
        switch item {
        case .rectangle(let position, let size, let roundness, let reversed):
            self.init(
                timings: [position.timing, size.timing, roundness.timing],
                atKeyframe: { k in
                    Self.rectangle(
                        center: position.value(atKeyframe: k), size: size.value(atKeyframe: k),
                        radius: roundness.value(atKeyframe: k), reversed: reversed)
                },
                atFrame: { f in
                    Self.rectangle(
                        center: position.value(at: f), size: size.value(at: f), radius: roundness.value(at: f), reversed: reversed)
                })
        case .ellipse(let position, let size, let reversed):
            self.init(
                timings: [position.timing, size.timing],
                atKeyframe: { k in
                    Self.ellipse(center: position.value(atKeyframe: k), size: size.value(atKeyframe: k), reversed: reversed)
                },
                atFrame: { f in
                    Self.ellipse(center: position.value(at: f), size: size.value(at: f), reversed: reversed)
                })
        case .polystar(let star):
            self.init(timings: star.timings, atKeyframe: { star.shape(atKeyframe: $0) }, atFrame: { star.shape(at: $0) })
        case .path(let shape, _):
            self.init(timings: [shape.timing], atKeyframe: { shape.value(atKeyframe: $0) }, atFrame: { shape.value(at: $0) })
        default:
            return nil
        }
    }

    /// The same outline with its sharp corners rounded by `radius` (a rounded-corners item).
    func roundingCorners(_ radius: Animated<Double>) -> PathSource {
        PathSource(
            timings: timings + [radius.timing],
            atKeyframe: { k in
                atKeyframe(k).roundingCorners(radius.value(atKeyframe: k))
            },
            atFrame: { f in
                atFrame(f).roundingCorners(radius.value(at: f))
            })
    }

    /// Adds a Bézier outline to `path`: every segment a cubic curve (straight ones too), so that
    /// keyframes of the same vertex count have the same elements and morph into each other.
    static func addBezier(_ shape: BezierShape, to path: inout TesseraRaster.Path) {
        let vertices = shape.vertices
        guard let first = vertices.first else { return }
        func point(_ p: SIMD2<Double>) -> TesseraRaster.Point { TesseraRaster.Point(x: p.x, y: p.y) }
        func curve(_ a: BezierShape.Vertex, _ b: BezierShape.Vertex) {
            path.addCurve(to: point(b.point), control1: point(a.point + a.outHandle), control2: point(b.point + b.inHandle))
        }
        path.move(to: point(first.point))
        for i in vertices.indices.dropFirst() { curve(vertices[i - 1], vertices[i]) }
        if shape.isClosed {
            curve(vertices[vertices.count - 1], first)
            path.closeSubpath()
        }
    }

    /// `shapes` joined into one path, `copies` times over (a trim that wraps runs over several
    /// copies), its storage reserved once for all of them: Lottie paths are rebuilt for every
    /// keyframe, and for every frame where they are sampled.
    static func path(_ shapes: [BezierShape], copies: Int = 1) -> CGPath {
        var verbs = 0, points = 0
        for shape in shapes where !shape.vertices.isEmpty {
            let segments = shape.vertices.count - (shape.isClosed ? 0 : 1)
            verbs += 1 + segments + (shape.isClosed ? 1 : 0)
            points += 1 + 3 * segments
        }
        var path = TesseraRaster.Path()
        path.reserveCapacity(verbs: verbs * copies, points: points * copies)
        for _ in 0..<copies {
            for shape in shapes { addBezier(shape, to: &path) }
        }
        return CGPath(rasterPath: path)
    }

    /// After Effects' handle length for a quarter circle, as a fraction of its radius.
    static let kappa = 0.5519

    /// Lottie's rectangle: from the top right corner, clockwise (counterclockwise when
    /// `reversed`); with a corner radius (at most half the shorter side), each corner a quarter
    /// ellipse, as After Effects draws it.
    static func rectangle(center: [Double], size: [Double], radius: Double, reversed: Bool) -> BezierShape {
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
            corners = ([corners[0]] + corners[1...].reversed()).map { ($0.corner, $0.to, $0.from) }
        }
        typealias Vertex = BezierShape.Vertex
        guard r > 0 else {
            return BezierShape(vertices: corners.map { Vertex(point: $0.corner, inHandle: .zero, outHandle: .zero) }, isClosed: true)
        }
        // From the first corner's exit, each next corner's entry and exit.
        let handle = r * kappa
        var vertices = [Vertex(point: corners[0].corner + corners[0].to * r, inHandle: -corners[0].to * handle, outHandle: .zero)]
        for c in corners.dropFirst() + [corners[0]] {
            vertices.append(Vertex(point: c.corner + c.from * r, inHandle: .zero, outHandle: -c.from * handle))
            vertices.append(Vertex(point: c.corner + c.to * r, inHandle: -c.to * handle, outHandle: .zero))
        }
        // The last exit is the first vertex again.
        vertices.removeLast()
        return BezierShape(vertices: vertices, isClosed: true)
    }

    /// Lottie's ellipse: four quarter arcs from the top, clockwise (counterclockwise when
    /// `reversed`).
    static func ellipse(center: [Double], size: [Double], reversed: Bool) -> BezierShape {
        let rx = size[0] / 2, ry = size[1] / 2, c = SIMD2(center[0], center[1])
        // Each point with its clockwise tangent scaled to the handle length.
        var points: [(SIMD2<Double>, SIMD2<Double>)] = [
            (c + SIMD2(0, -ry), SIMD2(rx * kappa, 0)),
            (c + SIMD2(rx, 0), SIMD2(0, ry * kappa)),
            (c + SIMD2(0, ry), SIMD2(-rx * kappa, 0)),
            (c + SIMD2(-rx, 0), SIMD2(0, -ry * kappa)),
        ]
        if reversed { points = ([points[0]] + points[1...].reversed()).map { ($0.0, -$0.1) } }
        return BezierShape(vertices: points.map { BezierShape.Vertex(point: $0.0, inHandle: -$0.1, outHandle: $0.1) }, isClosed: true)
    }
}

extension BezierShape {
    /// The shape with each sharp vertex (no handles) cut back by up to `radius` along both of
    /// its edges (at most half of each edge) and joined by a quarter-ellipse-like curve, as After
    /// Effects' Round Corners does; an open path's ends stay.
    func roundingCorners(_ radius: Double) -> BezierShape {
        guard radius > 0, vertices.count > 1 else { return self }
        var result: [Vertex] = []
        let n = vertices.count
        for (i, vertex) in vertices.enumerated() {
            let isEnd = !isClosed && (i == 0 || i == n - 1)
            guard vertex.inHandle == .zero, vertex.outHandle == .zero, !isEnd else {
                result.append(vertex)
                continue
            }
            let previous = vertices[(i + n - 1) % n].point, next = vertices[(i + 1) % n].point
            func cut(toward other: SIMD2<Double>) -> SIMD2<Double> {
                let d = other - vertex.point, length = (d.x * d.x + d.y * d.y).squareRoot()
                return length > 0 ? vertex.point + d * (min(length / 2, radius) / length) : vertex.point
            }
            let entry = cut(toward: previous), exit = cut(toward: next)
            result.append(Vertex(point: entry, inHandle: .zero, outHandle: (vertex.point - entry) * PathSource.kappa))
            result.append(Vertex(point: exit, inHandle: (vertex.point - exit) * PathSource.kappa, outHandle: .zero))
        }
        return BezierShape(vertices: result, isClosed: isClosed)
    }
}
