import Foundation
import TesseraRaster

/// The outlines Core Animation draws for a layer itself: its background, rounded by
/// `cornerRadius` at the corners `maskedCorners` names, and its border, inset in the bounds.
enum LayerBackgroundShapes {
    /// The rounded bounds. Core Animation clamps the radius to half the shorter side; corners
    /// not in `corners` stay square; `curve` is the corners' shape (``ContinuousCorner``).
    static func roundedRect(
        _ bounds: CGRect, radius: CGFloat, corners: CACornerMask,
        curve: CALayerCornerCurve = .circular
    ) -> Path {
        let rect = bounds.standardized
        let r = max(0, min(Double(radius).isFinite ? Double(radius) : 0, Double(min(rect.width, rect.height)) / 2))
        var path = Path()
        path.reserveCapacity(verbs: 10, points: 17)
        let minX = Double(rect.minX), minY = Double(rect.minY), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        guard r > 0, !corners.isEmpty else {
            path.addRect(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
            return path
        }
        // Clockwise in y-down coordinates from the top-left corner's end; a corner is an arc
        // between its two edges or the corner point itself. (MinY is the top in unflipped
        // layers, as UIKit's maskedCorners names them.)
        func cornerRadius(_ corner: CACornerMask) -> Double { corners.contains(corner) ? r : 0 }
        let topLeft = cornerRadius(.layerMinXMinYCorner), topRight = cornerRadius(.layerMaxXMinYCorner)
        let bottomRight = cornerRadius(.layerMaxXMaxYCorner), bottomLeft = cornerRadius(.layerMinXMaxYCorner)
        if curve == .continuous {
            // The continuous corner reaches past its radius: it starts 1.53 r from the corner,
            // at most half the shorter side (ContinuousCorner).
            let limit = Double(min(rect.width, rect.height)) / 2
            func reach(_ radius: Double) -> Double { min(ContinuousCorner.reach * radius, limit) }
            path.move(to: Point(x: minX + reach(topLeft), y: minY))
            func corner(_ at: Point, _ incoming: Point, _ outgoing: Point, _ radius: Double) {
                guard radius > 0 else { return path.addLine(to: at) }
                ContinuousCorner.add(
                    to: &path, at: at, incoming: incoming, outgoing: outgoing, radius: radius,
                    limit: limit)
            }
            let right = Point(x: 1, y: 0), down = Point(x: 0, y: 1), left = Point(x: -1, y: 0), up = Point(x: 0, y: -1)
            corner(Point(x: maxX, y: minY), right, down, topRight)
            corner(Point(x: maxX, y: maxY), down, left, bottomRight)
            corner(Point(x: minX, y: maxY), left, up, bottomLeft)
            corner(Point(x: minX, y: minY), up, right, topLeft)
            path.closeSubpath()
            return path
        }
        path.move(to: Point(x: minX + topLeft, y: minY))
        corner(&path, at: Point(x: maxX, y: minY), next: Point(x: maxX, y: maxY), radius: topRight)
        corner(&path, at: Point(x: maxX, y: maxY), next: Point(x: minX, y: maxY), radius: bottomRight)
        corner(&path, at: Point(x: minX, y: maxY), next: Point(x: minX, y: minY), radius: bottomLeft)
        corner(&path, at: Point(x: minX, y: minY), next: Point(x: maxX, y: minY), radius: topLeft)
        path.closeSubpath()
        return path
    }

    /// The corner at `point`, reached along an axis from the current point and left along an
    /// axis towards `next`: a line to the quarter circle's start, then the quarter circle as one
    /// cubic (what `addArc(tangent1End:tangent2End:radius:)` draws there, without its
    /// trigonometry: this runs for every layer with a background, every frame).
    private static func corner(_ path: inout Path, at point: Point, next: Point, radius: Double) {
        guard radius > 0, let current = path.currentPoint else { return path.addLine(to: point) }
        func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : 0 }
        let incoming = Point(x: sign(point.x - current.x), y: sign(point.y - current.y))
        let outgoing = Point(x: sign(next.x - point.x), y: sign(next.y - point.y))
        let start = point - incoming * radius, end = point + outgoing * radius
        let k = radius * Path.quarterCircleKappa
        path.addLine(to: start)
        path.addCurve(to: end, control1: start + incoming * k, control2: end - outgoing * k)
    }

    /// The border: the ring between the rounded bounds and the same inset by `width` (its radius
    /// less by `width`), filled even-odd. Core Animation draws borders inside the bounds.
    static func border(
        _ bounds: CGRect, width: CGFloat, radius: CGFloat, corners: CACornerMask,
        curve: CALayerCornerCurve = .circular
    ) -> Path {
        let rect = bounds.standardized
        var path = roundedRect(rect, radius: radius, corners: corners, curve: curve)
        let inset = min(width, min(rect.width, rect.height) / 2)
        let inner = rect.insetBy(dx: inset, dy: inset)
        if inner.width > 0 && inner.height > 0 {
            path.addPath(roundedRect(inner, radius: max(0, radius - width), corners: corners, curve: curve))
        }
        return path
    }
}
