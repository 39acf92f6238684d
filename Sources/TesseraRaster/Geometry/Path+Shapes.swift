#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shapes with CoreGraphics' construction (`CGPath`'s `addRect`, `addEllipse`, `addRoundedRect`,
/// `addArc`), so that paths built by ported code have the same elements.
extension Path {
    /// The control-point distance of a cubic approximating a quarter circle of radius 1:
    /// 4/3 · tan(π/8).
    public static let quarterCircleKappa = 0.5522847498307936

    /// A path holding one rectangle (see ``addRect(_:)``).
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A path holding one ellipse (see ``addEllipse(in:)``).
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A path holding one rounded rectangle (see ``addRoundedRect(in:cornerWidth:cornerHeight:)``).
    public init(roundedRect rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
    }

    /// Adds a closed rectangular subpath, as `CGPath.addRect`: a move to (minX, minY), lines to
    /// (maxX, minY), (maxX, maxY), (minX, maxY), and a close.
    public mutating func addRect(_ rect: Rect) {
        reserveForFirstShape(verbs: 5, points: 4)
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, as `CGPath.addEllipse(in:)`: four cubic Béziers
    /// starting at (maxX, midY) and turning towards (midX, maxY) (increasing angle), then a close.
    public mutating func addEllipse(in rect: Rect) {
        let rx = (rect.maxX - rect.minX) / 2, ry = (rect.maxY - rect.minY) / 2
        let cx = rect.minX + rx, cy = rect.minY + ry
        let kx = rx * Self.quarterCircleKappa, ky = ry * Self.quarterCircleKappa
        reserveForFirstShape(verbs: 6, points: 13)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// Adds a closed rectangle with elliptical corners of radii `cornerWidth` × `cornerHeight`,
    /// each corner a cubic quarter ellipse.
    ///
    /// CoreGraphics requires `0 ≤ 2·cornerWidth ≤ width` (and likewise for the height) and fails
    /// otherwise; Tessera clamps each radius into that range instead (NaN counts as 0). A zero
    /// radius gives the plain rectangle of ``addRect(_:)``.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let minX = rect.minX, maxX = rect.maxX, minY = rect.minY, maxY = rect.maxY
        func clamp(_ r: Double, _ side: Double) -> Double { r.isNaN ? 0 : min(max(r, 0), side / 2) }
        let rx = clamp(cornerWidth, maxX - minX), ry = clamp(cornerHeight, maxY - minY)
        guard rx > 0, ry > 0 else { return addRect(rect) }
        let kx = rx * (1 - Self.quarterCircleKappa), ky = ry * (1 - Self.quarterCircleKappa)
        reserveForFirstShape(verbs: 10, points: 17)
        move(to: Point(x: minX + rx, y: minY))
        addLine(to: Point(x: maxX - rx, y: minY))
        addCurve(to: Point(x: maxX, y: minY + ry), control1: Point(x: maxX - kx, y: minY), control2: Point(x: maxX, y: minY + ky))
        addLine(to: Point(x: maxX, y: maxY - ry))
        addCurve(to: Point(x: maxX - rx, y: maxY), control1: Point(x: maxX, y: maxY - ky), control2: Point(x: maxX - kx, y: maxY))
        addLine(to: Point(x: minX + rx, y: maxY))
        addCurve(to: Point(x: minX, y: maxY - ry), control1: Point(x: minX + kx, y: maxY), control2: Point(x: minX, y: maxY - ky))
        addLine(to: Point(x: minX, y: minY + ry))
        addCurve(to: Point(x: minX + rx, y: minY), control1: Point(x: minX, y: minY + ky), control2: Point(x: minX + kx, y: minY))
        closeSubpath()
    }

    /// Adds an arc of the circle around `center`, as `CGPath.addArc(center:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// Points are `center + radius · (cos θ, sin θ)`. With `clockwise` false the angle increases from
    /// `startAngle` to `endAngle`, with `clockwise` true it decreases (in a y-down device space,
    /// increasing angles turn clockwise on screen: CoreGraphics' names refer to a y-up space).
    /// The sweep is at most one full turn. If the path has a current point, a line joins it to the
    /// arc's start; otherwise the arc starts with a move. Equal angles add just that line or move.
    /// A negative or non-finite radius adds nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let fullTurn = 2 * Double.pi
        var sweep = endAngle - startAngle
        guard sweep.isFinite else { return }
        if clockwise {
            sweep = -sweep
        }
        // Bring the sweep into [0, 2π] in the direction of travel: a full turn stays a full turn.
        if sweep > fullTurn {
            sweep = fullTurn
        } else if sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
            if sweep < 0 { sweep += fullTurn }
        }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: clockwise ? -sweep : sweep)
    }

    /// Adds an arc of `delta` radians from `startAngle`, as `CGPath.addRelativeArc`: positive deltas
    /// increase the angle. Joined to the current point by a line like ``addArc(center:radius:startAngle:endAngle:clockwise:)``.
    public mutating func addRelativeArc(center: Point, radius: Double, startAngle: Double, delta: Double) {
        guard delta.isFinite else { return }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: max(-2 * Double.pi, min(2 * Double.pi, delta)))
    }

    /// Adds an arc tangent to the line from the current point to `tangent1End` and to the line from
    /// `tangent1End` to `tangent2End`, as `CGPath.addArc(tangent1End:tangent2End:radius:)`: a line
    /// to the first tangent point, then the arc to the second. When the three points are collinear
    /// or the radius is zero, just a line to `tangent1End`. Without a current point: nothing, as for
    /// every segment.
    public mutating func addArc(tangent1End t1: Point, tangent2End t2: Point, radius: Double) {
        guard let p0 = currentPoint else { return }
        guard radius.isFinite, radius >= 0 else { return }
        let a = p0 - t1, b = t2 - t1
        let lengthA = (a.x * a.x + a.y * a.y).squareRoot(), lengthB = (b.x * b.x + b.y * b.y).squareRoot()
        guard radius > 0, lengthA > 0, lengthB > 0 else { return addLine(to: t1) }
        let u = a * (1 / lengthA), v = b * (1 / lengthB)
        let cross = u.x * v.y - u.y * v.x
        let cosine = min(1, max(-1, u.x * v.x + u.y * v.y))
        guard abs(cross) > 1e-12 else { return addLine(to: t1) }
        let angle = acos(cosine)   // between the two tangent directions
        let distance = radius / tan(angle / 2)   // from the corner to each tangent point
        let start = t1 + u * distance, end = t1 + v * distance
        let bisector = u + v
        let bisectorLength = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let center = t1 + bisector * (radius / sin(angle / 2) / bisectorLength)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        var sweep = atan2(end.y - center.y, end.x - center.x) - startAngle
        // The arc between the tangent points is the short one (its sweep is π − angle).
        if sweep > Double.pi { sweep -= 2 * Double.pi } else if sweep < -Double.pi { sweep += 2 * Double.pi }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// Adds a line or move to the arc's start, then cubic Béziers of at most 90° each, with the
    /// tangent length 4/3 · tan(step / 4) that puts each cubic's midpoint on the circle.
    private mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        guard radius.isFinite, radius >= 0, startAngle.isFinite, center.isFinite else { return }
        func point(_ angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = point(startAngle)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard sweep != 0 else { return }
        let segments = Int((abs(sweep) / (Double.pi / 2)).rounded(.up))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<segments {
            let next = angle + step
            let c0 = cos(angle), s0 = sin(angle), c1 = cos(next), s1 = sin(next)
            addCurve(
                to: point(next),
                control1: Point(x: center.x + radius * c0 - k * s0, y: center.y + radius * s0 + k * c0),
                control2: Point(x: center.x + radius * c1 + k * s1, y: center.y + radius * s1 - k * c1))
            angle = next
        }
    }

    /// Adds lines through `points`: a move to the first, lines to the others, as `CGPath.addLines`.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Appends every element of `other`, mapped through `transform`.
    public mutating func addPath(_ other: Path, transform: Transform = .identity) {
        appendWhole(other, transform: transform)
    }
}
