import TesseraRaster

/// Apple's continuous corner (`CALayerCornerCurve.continuous`) as cubic Béziers.
///
/// The construction. A corner of radius r is walked from the incoming edge round to the outgoing
/// edge. A point of it is given as (a, b) in units of r: a back along the incoming edge from the
/// corner point, b along the outgoing edge. Apple's shape, as measured from UIKit's output
/// (PaintCode's "Code for iOS 7 rounded rectangles", the shape every reimplementation since
/// uses), is three cubics joined by two short lines:
///
///     line to (1.52866483, 0)
///     cubic   (1.08849323, 0)           (0.86840689, 0)           to (0.66993427, 0.06549600)
///     line to (0.63149399, 0.07491100)
///     cubic   (0.37282392, 0.16905899)  (0.16905899, 0.37282392)  to (0.07491100, 0.63149399)
///     line to (0.06549600, 0.66993427)
///     cubic   (0, 0.86840689)           (0, 1.08849323)           to (0, 1.52866483)
///
/// It is symmetric about the corner's diagonal (swap a and b and walk it backwards), tangent to
/// both edges where it leaves them (the first and last cubics start along the edge), and reaches
/// 1.52866483 r along each edge instead of a circle's r.
///
/// Large radii. Core Animation clamps `cornerRadius` to half the shorter side. A continuous corner
/// that would then reach past the middle of a side (1.52866483 r > half the side) is blended
/// towards the circular corner, written in the same steps (a quarter circle as one cubic with
/// κ = 0.5522847, the lines of zero length), point by point, just enough that it reaches the
/// middle of the side: at r = half the side it is the circular corner, so a continuous capsule
/// is a circular capsule. (Apple's exact shape in that range is not documented; this keeps the
/// outline smooth and convex at every radius.)
enum ContinuousCorner {
    /// The steps, in units of r: a line (one point) or a cubic (three points).
    static let continuous: [[Point]] = [
        [Point(x: 1.52866483, y: 0)],
        [Point(x: 1.08849323, y: 0), Point(x: 0.86840689, y: 0), Point(x: 0.66993427, y: 0.06549600)],
        [Point(x: 0.63149399, y: 0.07491100)],
        [Point(x: 0.37282392, y: 0.16905899), Point(x: 0.16905899, y: 0.37282392), Point(x: 0.07491100, y: 0.63149399)],
        [Point(x: 0.06549600, y: 0.66993427)],
        [Point(x: 0, y: 0.86840689), Point(x: 0, y: 1.08849323), Point(x: 0, y: 1.52866483)],
    ]

    /// The quarter circle in the same steps.
    static let circular: [[Point]] = {
        let k = Path.quarterCircleKappa
        let start = Point(x: 1, y: 0), end = Point(x: 0, y: 1)
        return [
            [start], [start, start, start], [start], [Point(x: 1 - k, y: 0), Point(x: 0, y: 1 - k), end], [end],
            [end, end, end],
        ]
    }()

    /// How far the continuous corner reaches along each edge, in units of r: where its first
    /// step, the line along the incoming edge, ends.
    static let reach = continuous[0][0].x

    /// The corner at `point`, reached along an axis from the current point (direction
    /// `incoming`) and left along an axis (direction `outgoing`), of radius `radius`, reaching at
    /// most `limit` along each edge.
    static func add(
        to path: inout Path, at point: Point, incoming: Point, outgoing: Point, radius r: Double,
        limit: Double
    ) {
        // The blend towards the circular corner: 0 while the continuous one fits.
        let blend = reach * r > limit ? min(1, (reach * r - limit) / ((reach - 1) * r)) : 0
        func place(_ step: Int, _ k: Int) -> Point {
            let c = continuous[step][k], q = circular[step][k]
            let a = c.x + (q.x - c.x) * blend, b = c.y + (q.y - c.y) * blend
            return point - incoming * (a * r) + outgoing * (b * r)
        }
        for step in continuous.indices {
            if continuous[step].count == 1 {
                path.addLine(to: place(step, 0))
            } else {
                path.addCurve(to: place(step, 2), control1: place(step, 0), control2: place(step, 1))
            }
        }
    }
}
