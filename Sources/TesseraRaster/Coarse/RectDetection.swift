/// Recognises a path that is one axis-aligned rectangle in device space, so it can be filled by the
/// analytic rectangle kernel (coverage = horizontal overlap × vertical overlap per pixel) instead of
/// through edges and accumulation. Either fill rule gives the same coverage for a single rectangle.
enum RectDetection {
    /// The rectangle (minX, minY, maxX, maxY) when `path` mapped through `transform` is a single
    /// axis-aligned rectangle; nil otherwise (or when a coordinate is not finite).
    static func deviceRect(of path: Path, transform: Transform) -> (Double, Double, Double, Double)? {
        guard transform.isScaleTranslate else { return nil }
        let verbs = path.verbs, points = path.points
        // move + 3 lines, optionally a 4th line back to the start, optionally a close.
        var corners = verbs.count
        if verbs.last == .close { corners -= 1 }
        guard corners == 4 || corners == 5, verbs[0] == .move,
            verbs[1..<corners].allSatisfy({ $0 == .line })
        else { return nil }
        let p0 = transform.apply(points[0]), p1 = transform.apply(points[1])
        let p2 = transform.apply(points[2]), p3 = transform.apply(points[3])
        if corners == 5 && transform.apply(points[4]) != p0 { return nil }
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst, p0.isFinite, p2.isFinite else { return nil }
        return (min(p0.x, p2.x), min(p0.y, p2.y), max(p0.x, p2.x), max(p0.y, p2.y))
    }

    /// What ``deviceRect(of:transform:)`` gives for `Path(rect: rect)`, without the path: its
    /// corners (minX, minY) and (maxX, maxY) mapped. Where both are finite, so are the other two,
    /// and a transform that only scales and translates keeps each side on its axis.
    static func deviceRect(of rect: Rect, transform: Transform) -> (Double, Double, Double, Double)? {
        guard transform.isScaleTranslate else { return nil }
        let p0 = transform.apply(Point(x: rect.minX, y: rect.minY))
        let p2 = transform.apply(Point(x: rect.maxX, y: rect.maxY))
        guard p0.isFinite, p2.isFinite else { return nil }
        return (min(p0.x, p2.x), min(p0.y, p2.y), max(p0.x, p2.x), max(p0.y, p2.y))
    }
}
