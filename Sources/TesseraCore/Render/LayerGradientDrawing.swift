import Foundation
import TesseraRaster

/// Draws a ``CAGradientLayer``'s gradient over its bounds. Its points are in the unit coordinate
/// space of the bounds (y down); each type's meaning of them:
/// - axial: a linear gradient from `startPoint` to `endPoint` in the unit square, which is then
///   stretched over the bounds (Apple's points "are mapped to the layer's bounds rectangle when
///   drawn"): in bounds that are not square the lines of one colour are not perpendicular to the
///   line from `startPoint` to `endPoint` on screen, as in Core Animation (a diagonal from (0, 0)
///   to (1, 1) has its middle colour on the other diagonal, corner to corner);
/// - radial: ellipses centred on `startPoint`, the last colour on the one whose radii are the
///   horizontal and vertical distances from `startPoint` to `endPoint` (so (0.5, 0.5) → (1, 1)
///   fills the bounds' inscribed ellipse). When one distance is 0 the other serves for both, a
///   circle (`endPoint` straight below or beside the centre);
/// - conic: around `startPoint`, t = 0 towards `endPoint` and growing clockwise on screen.
/// Colours are multiplied by the replicator tint, as other layer colours are, and interpolated in
/// Apple's Generic RGB (``Gradient/ColorSpace/genericRGB``): Core Animation draws a gradient layer
/// as CoreGraphics draws a `CGGradient` made without a colour space, which CGGradient.h documents
/// as converted to and drawn in Generic RGB, and Apple's renders of gradient layers (lottie-ios's
/// snapshots) follow that curve, not sRGB's straight lines.
enum LayerGradientDrawing {
    /// By pointer, as the walk's other drawing steps: a `LayerProperties` passed by value was
    /// copied for every layer of every frame.
    static func draw(_ p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, tint: SIMD4<Double>, on canvas: Canvas) {
        guard let gradient = gradient(of: p.pointee, tint: tint) else { return }
        let b = p.pointee.bounds.standardized
        canvas.fill(
            Path(rect: Rect(x: Double(b.minX), y: Double(b.minY), width: Double(b.width), height: Double(b.height))),
            paint: .gradient(gradient), mapping: mapping)
    }

    /// The layer's gradient in its bounds' space; nil when it draws nothing (no colours, empty
    /// bounds, a radial one of no size).
    static func gradient(of p: LayerProperties, tint: SIMD4<Double> = SIMD4(1, 1, 1, 1)) -> Gradient? {
        let b = p.bounds.standardized
        guard let colors = p.colors, !colors.isEmpty, b.width > 0, b.height > 0 else { return nil }
        let tinted = colors.map {
            Color(red: $0.red * tint.x, green: $0.green * tint.y, blue: $0.blue * tint.z, alpha: $0.alpha * tint.w)
        }
        func point(_ u: CGPoint) -> Point {
            Point(x: Double(b.minX + u.x * b.width), y: Double(b.minY + u.y * b.height))
        }
        let start = point(p.startPoint), end = point(p.endPoint)
        switch p.type {
        case .radial:
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else { return nil }
            return Gradient(
                .radial(startCenter: Point(x: 0, y: 0), startRadius: 0, endCenter: Point(x: 0, y: 0), endRadius: 1),
                colors: tinted, locations: p.locations,
                transform: Transform(a: rx, b: 0, c: 0, d: ry, tx: start.x, ty: start.y), colorSpace: .genericRGB)
        case .conic:
            return Gradient(
                .conic(center: start, startAngle: atan2(end.y - start.y, end.x - start.x)), colors: tinted,
                locations: p.locations, colorSpace: .genericRGB)
        default:
            let unitSquareToBounds = Transform(
                a: Double(b.width), b: 0, c: 0, d: Double(b.height), tx: Double(b.minX), ty: Double(b.minY))
            return Gradient(
                .linear(
                    start: Point(x: Double(p.startPoint.x), y: Double(p.startPoint.y)),
                    end: Point(x: Double(p.endPoint.x), y: Double(p.endPoint.y))),
                colors: tinted, locations: p.locations, transform: unitSquareToBounds, colorSpace: .genericRGB)
        }
    }
}
