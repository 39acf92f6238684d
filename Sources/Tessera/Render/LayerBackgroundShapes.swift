import Foundation
import TesseraRaster

/// The outlines Core Animation draws for a layer itself: its background, rounded by
/// `cornerRadius` at the corners `maskedCorners` names, and its border, inset in the bounds.
enum LayerBackgroundShapes {
    /// The rounded bounds. Core Animation clamps the radius to half the shorter side; corners
    /// not in `corners` stay square.
    static func roundedRect(_ bounds: CGRect, radius: CGFloat, corners: CACornerMask) -> Path {
        let rect = bounds.standardized
        let r = max(0, min(Double(radius).isFinite ? Double(radius) : 0, Double(min(rect.width, rect.height)) / 2))
        var path = Path()
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
        path.move(to: Point(x: minX + topLeft, y: minY))
        corner(&path, at: Point(x: maxX, y: minY), next: Point(x: maxX, y: maxY), radius: topRight)
        corner(&path, at: Point(x: maxX, y: maxY), next: Point(x: minX, y: maxY), radius: bottomRight)
        corner(&path, at: Point(x: minX, y: maxY), next: Point(x: minX, y: minY), radius: bottomLeft)
        corner(&path, at: Point(x: minX, y: minY), next: Point(x: maxX, y: minY), radius: topLeft)
        path.closeSubpath()
        return path
    }

    private static func corner(_ path: inout Path, at point: Point, next: Point, radius: Double) {
        if radius > 0 { path.addArc(tangent1End: point, tangent2End: next, radius: radius) } else { path.addLine(to: point) }
    }

    /// The border: the ring between the rounded bounds and the same inset by `width` (its radius
    /// less by `width`), filled even-odd. Core Animation draws borders inside the bounds.
    static func border(_ bounds: CGRect, width: CGFloat, radius: CGFloat, corners: CACornerMask) -> Path {
        let rect = bounds.standardized
        var path = roundedRect(rect, radius: radius, corners: corners)
        let inset = min(width, min(rect.width, rect.height) / 2)
        let inner = rect.insetBy(dx: inset, dy: inset)
        if inner.width > 0 && inner.height > 0 {
            path.addPath(roundedRect(inner, radius: max(0, radius - width), corners: corners))
        }
        return path
    }
}
