import Foundation
import TesseraRaster

/// A mutable graphics path, as CoreGraphics' `CGMutablePath`, with the Swift methods of Apple's
/// CoreGraphics overlay.
///
/// Every method takes a `transform` (the identity by default) that maps the points it adds;
/// points already in the path are not affected. The rules are CoreGraphics':
/// - a line or curve with no current point is ignored;
/// - after ``closeSubpath()``, the next segment starts a new subpath at the closed one's start;
/// - a move right after another move replaces it.
public class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(rasterPath: TesseraRaster.Path())
    }

    /// A mutable path starting with `rasterPath`'s elements.
    ///
    /// A convenience initializer on purpose: overriding CGPath's designated initializer would make
    /// CGMutablePath inherit `init(rect:transform:)` and the other shape initializers, which
    /// CoreGraphics offers on `CGPath` only.
    convenience init(copying rasterPath: TesseraRaster.Path) {
        self.init()
        storage = rasterPath
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.move(to: transform.rasterTransform.apply(CGPath.rasterPoint(point)))
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.addLine(to: transform.rasterTransform.apply(CGPath.rasterPoint(point)))
    }

    /// Starts a new subpath at the first point and adds lines to each of the others. Nothing for
    /// an empty array.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        let t = transform.rasterTransform
        storage.addLines(between: points.map { t.apply(CGPath.rasterPoint($0)) })
    }

    /// Adds a quadratic Bézier curve from the current point to `end`, with control point `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let t = transform.rasterTransform
        storage.addQuadCurve(to: t.apply(CGPath.rasterPoint(end)), control: t.apply(CGPath.rasterPoint(control)))
    }

    /// Adds a cubic Bézier curve from the current point to `end`, with control points `control1`
    /// and `control2`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint,
        transform: CGAffineTransform = .identity
    ) {
        let t = transform.rasterTransform
        storage.addCurve(
            to: t.apply(CGPath.rasterPoint(end)), control1: t.apply(CGPath.rasterPoint(control1)),
            control2: t.apply(CGPath.rasterPoint(control2)))
    }

    /// Closes the current subpath with a straight line back to its start. Nothing on an empty
    /// path or a subpath already closed.
    public func closeSubpath() {
        storage.closeSubpath()
    }

    /// Adds a closed rectangular subpath: a move to (minX, minY), lines to (maxX, minY),
    /// (maxX, maxY), (minX, maxY), and a close. The null rectangle adds nothing.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard let r = CGPath.rasterRect(rect) else { return }
        var shape = TesseraRaster.Path()
        shape.addRect(r)
        storage.addPath(shape, transform: transform.rasterTransform)
    }

    /// Adds one closed subpath for each rectangle, in order, as ``addRect(_:transform:)``.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds a closed rectangle with elliptical corners of radii `cornerWidth` × `cornerHeight`:
    /// a move to (minX + cornerWidth, minY), then alternately a line and a cubic quarter ellipse
    /// for each side and corner, clockwise in a y-down space, and a close (10 elements).
    ///
    /// CoreGraphics requires `0 ≤ 2·cornerWidth ≤ rect.width` (and likewise for the height) and
    /// stops the program otherwise; Tessera clamps each radius into that range instead (NaN as
    /// 0). A zero radius adds the plain rectangle of ``addRect(_:transform:)``.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard let r = CGPath.rasterRect(rect) else { return }
        var shape = TesseraRaster.Path()
        shape.addRoundedRect(in: r, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
        storage.addPath(shape, transform: transform.rasterTransform)
    }

    /// Adds a closed ellipse inscribed in `rect`: a move to (maxX, midY), four cubic Béziers
    /// through (midX, maxY), (minX, midY), (midX, minY) and back, and a close (6 elements).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard let r = CGPath.rasterRect(rect) else { return }
        var shape = TesseraRaster.Path()
        shape.addEllipse(in: r)
        storage.addPath(shape, transform: transform.rasterTransform)
    }

    /// Adds an arc of the circle of `radius` around `center`, from `startAngle` to `endAngle`
    /// (radians, measured from the +x axis towards +y).
    ///
    /// With `clockwise` false the angle increases along the arc, with `clockwise` true it
    /// decreases. CoreGraphics' names refer to a y-up space: in a y-down space (Core Animation on
    /// iOS, Tessera's pixels) an increasing angle turns clockwise on screen. The arc covers at
    /// most one full turn and is made of cubic Béziers of at most 90° each. If the path has a
    /// current point, a line joins it to the arc's start; otherwise the arc starts with a move.
    /// A negative or non-finite radius adds nothing. `transform` maps the whole arc (so a
    /// non-uniform scale gives an elliptical arc).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        var shape = TesseraRaster.Path()
        shape.addArc(
            center: CGPath.rasterPoint(center), radius: Double(radius), startAngle: Double(startAngle),
            endAngle: Double(endAngle), clockwise: clockwise)
        appendConnected(shape, transform: transform.rasterTransform)
    }

    /// Adds an arc of `delta` radians starting at `startAngle` (positive deltas increase the
    /// angle), joined to the current point like
    /// ``addArc(center:radius:startAngle:endAngle:clockwise:transform:)``. The sweep is clamped
    /// to one full turn either way.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        var shape = TesseraRaster.Path()
        shape.addRelativeArc(
            center: CGPath.rasterPoint(center), radius: Double(radius),
            startAngle: Double(startAngle), delta: Double(delta))
        appendConnected(shape, transform: transform.rasterTransform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`: a line to the first tangent point, then the
    /// arc to the second. The current point becomes the second tangent point.
    ///
    /// When the three points are collinear or the radius is zero, just a line to `tangent1End`;
    /// with no current point, nothing (as every segment). The tangents are computed in the space
    /// before `transform` (the current point is mapped back through its inverse); if `transform`
    /// is not invertible, the arc degenerates and Tessera adds a line to the transformed
    /// `tangent1End`.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard let current = storage.currentPoint else { return }
        let t = transform.rasterTransform
        let t1 = CGPath.rasterPoint(tangent1End), t2 = CGPath.rasterPoint(tangent2End)
        if t.isIdentity {
            storage.addArc(tangent1End: t1, tangent2End: t2, radius: Double(radius))
            return
        }
        guard let inverse = t.inverted() else {
            storage.addLine(to: t.apply(t1))
            return
        }
        var shape = TesseraRaster.Path()
        shape.move(to: inverse.apply(current))
        shape.addArc(tangent1End: t1, tangent2End: t2, radius: Double(radius))
        // The shape's first element is the move to the current point itself: append the rest.
        var isFirst = true
        shape.forEachElement { element in
            defer { isFirst = false }
            guard !isFirst else { return }
            append(element, transform: t)
        }
    }

    /// Appends every element of `path`, mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        storage.addPath(path.rasterPath, transform: transform.rasterTransform)
    }

    /// Appends `shape` (which starts with a move) mapped through `transform`, turning its first
    /// move into a line when this path has a current point: how CoreGraphics joins an arc.
    private func appendConnected(_ shape: TesseraRaster.Path, transform: TesseraRaster.Transform) {
        var isFirst = true
        shape.forEachElement { element in
            defer { isFirst = false }
            if isFirst, case .move(let p) = element, storage.currentPoint != nil {
                storage.addLine(to: transform.apply(p))
            } else {
                append(element, transform: transform)
            }
        }
    }

    private func append(_ element: TesseraRaster.Path.Element, transform t: TesseraRaster.Transform) {
        switch element {
        case .move(let p): storage.move(to: t.apply(p))
        case .line(let p): storage.addLine(to: t.apply(p))
        case .quadCurve(let p, let c): storage.addQuadCurve(to: t.apply(p), control: t.apply(c))
        case .cubicCurve(let p, let c1, let c2):
            storage.addCurve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
        case .closeSubpath: storage.closeSubpath()
        }
    }
}
