import Foundation

/// The order in which planes in one 3D space are drawn, back to front, and which of them face
/// away (``CATransformLayer``).
///
/// Everything is decided in the space's post-projective coordinates, (X/W, Y/W, Z/W): the
/// perspective (`m34 = −1/d`) becomes a parallel view along z there, the eye at z = +∞ (larger
/// z is nearer, as `zPosition` in Core Animation), and planes stay planes.
enum PlaneDepthOrder {
    typealias Point = SIMD3<Double>

    /// A layer's bounds mapped into the space.
    struct Plane {
        /// The corners of the bounds, post-projective; nil when one lies on or behind the eye's
        /// plane (W ≤ 0), where no order can be decided from them.
        let corners: [Point]?
        /// The depth of the bounds' centre, post-projective z (−∞ when behind the eye).
        let depth: Double

        /// `bounds` of a layer mapped into the space by `toSpace`.
        init(bounds: CGRect, toSpace m: CATransform3D) {
            let points = [
                CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                CGPoint(x: bounds.maxX, y: bounds.maxY), CGPoint(x: bounds.minX, y: bounds.maxY),
            ]
            .map { PlaneDepthOrder.project(SIMD3(Double($0.x), Double($0.y), 0), m) }
            corners = points.contains(nil) ? nil : points.map { $0! }
            depth = PlaneDepthOrder.project(SIMD3(Double(bounds.midX), Double(bounds.midY), 0), m)?.z ?? -.infinity
        }
    }

    /// `p` mapped by `m` and divided by W; nil when W ≤ 0 or the result is not finite.
    static func project(_ p: Point, _ m: CATransform3D) -> Point? {
        let (r1, r2, r3, r4) = m.rows
        let h = p.x * r1 + p.y * r2 + p.z * r3 + r4
        guard h.w > 0 else { return nil }
        let q = Point(h.x, h.y, h.z) / h.w
        return q.x.isFinite && q.y.isFinite && q.z.isFinite ? q : nil
    }

    /// Whether a layer placed in the space by `toSpace` shows its back: the eye lies on the
    /// other side of its plane than its own z axis points to. Mirroring within the plane (a
    /// flip of y) does not turn a layer around; a rotation by 180° about x or y does. A layer
    /// seen edge-on, or whose centre lies behind the eye, counts as facing.
    static func facesAway(centre: CGPoint, toSpace m: CATransform3D) -> Bool {
        // Steps along the layer's three axes from its centre, small enough to stay in front of
        // the eye wherever the centre is.
        let c = Point(Double(centre.x), Double(centre.y), 0)
        let step = 1e-3
        guard let o = project(c, m), let x = project(c + Point(step, 0, 0), m),
            let y = project(c + Point(0, step, 0), m), let z = project(c + Point(0, 0, step), m)
        else { return false }
        let normal = cross(x - o, y - o)
        // The eye (z = +∞) is on the side the normal points to when normal.z > 0; the front is
        // on the side z steps to. They differ: the back is seen.
        let eyeSide = normal.z, frontSide = dot(normal, z - o)
        return eyeSide * frontSide < 0
    }

    /// The drawing order of `planes`, back to front, as indices. Each pair that overlaps on
    /// screen and does not cut through the other is ordered by Newell's plane tests; the rest
    /// by their centres' depth, then by index (the tree's order). Above `exactLimit` planes,
    /// by centres' depth alone: the tests take time quadratic in the count.
    static func backToFront(_ planes: [Plane], exactLimit: Int = 64) -> [Int] {
        let byDepth = planes.indices.sorted { planes[$0].depth != planes[$1].depth ? planes[$0].depth < planes[$1].depth : $0 < $1 }
        guard planes.count > 1, planes.count <= exactLimit else { return byDepth }
        // before[j] counts the planes that must be drawn before j; after[i] lists those i precedes.
        var before = [Int](repeating: 0, count: planes.count)
        var after = [[Int]](repeating: [], count: planes.count)
        for i in planes.indices {
            for j in planes.indices where i < j {
                guard let order = order(planes[i], planes[j]) else { continue }
                let (first, second) = order ? (i, j) : (j, i)
                after[first].append(second)
                before[second] += 1
            }
        }
        // Kahn's topological sort, taking the farthest ready plane first; a cycle (three planes
        // overlapping in turn) is broken at the farthest plane not yet drawn.
        var drawn = [Bool](repeating: false, count: planes.count)
        var result: [Int] = []
        result.reserveCapacity(planes.count)
        while result.count < planes.count {
            let next = byDepth.first { !drawn[$0] && before[$0] == 0 } ?? byDepth.first { !drawn[$0] }!
            drawn[next] = true
            result.append(next)
            for later in after[next] { before[later] -= 1 }
        }
        return result
    }

    /// Whether `a` must be drawn before `b` (true), after it (false), or either way (nil: they
    /// do not overlap on screen, lie in one plane, or cut through each other).
    static func order(_ a: Plane, _ b: Plane) -> Bool? {
        guard let ca = a.corners, let cb = b.corners, overlapOnScreen(ca, cb) else { return nil }
        if let side = side(of: ca, relativeTo: cb) { return side < 0 }   // a behind b's plane: a first
        if let side = side(of: cb, relativeTo: ca) { return side > 0 }   // b in front of a's plane: a first
        return nil
    }

    /// Whether all of `points` lie in front of (+1) or behind (−1) the plane through `plane`'s
    /// corners, as seen from the eye; nil when they straddle it, lie in it, or the plane is
    /// seen edge-on. Points within a millionth of the plane's size count as on it.
    private static func side(of points: [Point], relativeTo plane: [Point]) -> Int? {
        var normal = cross(plane[1] - plane[0], plane[3] - plane[0])
        let size = (normal * normal).sum().squareRoot()
        guard size > 0, abs(normal.z) > 1e-9 * size else { return nil }
        normal /= size
        if normal.z < 0 { normal = -normal }   // toward the eye
        let tolerance = 1e-6 * max(1, ((plane[2] - plane[0]) * (plane[2] - plane[0])).sum().squareRoot())
        var front = false, behind = false
        for p in points {
            let d = dot(normal, p - plane[0])
            if d > tolerance { front = true } else if d < -tolerance { behind = true }
        }
        if front == behind { return nil }
        return front ? 1 : -1
    }

    /// Whether the screen bounding boxes of two quads overlap (interiors, not just edges).
    private static func overlapOnScreen(_ a: [Point], _ b: [Point]) -> Bool {
        let ax = a.map(\.x), ay = a.map(\.y), bx = b.map(\.x), by = b.map(\.y)
        return ax.min()! < bx.max()! && bx.min()! < ax.max()! && ay.min()! < by.max()! && by.min()! < ay.max()!
    }

    private static func cross(_ a: Point, _ b: Point) -> Point {
        Point(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private static func dot(_ a: Point, _ b: Point) -> Double { (a * b).sum() }
}
