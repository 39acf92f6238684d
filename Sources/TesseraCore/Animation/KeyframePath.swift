import TesseraRaster

/// The `path` of a keyframe animation, as Apple's header describes it: "Each point in the path
/// except for `moveto' points defines a single keyframe for the purpose of timing and
/// interpolation … For constant velocity animation along the path, `calculationMode' should be set
/// to `paced'."
///
/// So the path's keyframes are its first point and the end of every element after it (a
/// `closeSubpath` ends at its subpath's start); between two keyframes the value follows the
/// element joining them by its own parameter: u of the way through the element's time is the
/// Bézier's point at t = u, not u of its length. Apple does not say how an element is
/// traversed; its renders show this (lottie-ios's snapshots of a position moving along a
/// straight Bézier with one handle, settings_slider at 50 %, put the layer where t = u does, 3
/// points from where u of the length would). `keyTimes` (one per keyframe) and
/// `timingFunctions` (one per element) apply as they do to values. In `.paced` and
/// `.cubicPaced` the value moves at constant speed along the whole path, and they are ignored.
struct KeyframePath: Sendable {
    /// One element of the path after its first point: its Bézier control points (two for a
    /// line, three for a quadratic, four for a cubic), measured.
    struct Segment: Sendable {
        let measure: PathMeasure
        let points: [Point]
        var start: Point { points[0] }
        var end: Point { points[points.count - 1] }

        /// The point at parameter `t` and the direction there (nil where it has none).
        func evaluate(_ t: Double) -> (point: Point, tangent: Point?) {
            // De Casteljau: the last two points of the reduction span the tangent.
            var level = points
            while level.count > 2 {
                level = zip(level, level.dropFirst()).map { Point(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
            }
            let a = level[0], b = level[1]
            let point = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            let d = Point(x: b.x - a.x, y: b.y - a.y)
            return (point, d.x == 0 && d.y == 0 ? measure.tangent(at: t * measure.length) : d)
        }
    }

    /// The whole path, for constant speed.
    let whole: PathMeasure
    /// Its elements, in order: keyframe k + 1 is the end of segment k.
    let segments: [Segment]

    /// nil when the path has no length.
    init?(_ path: Path) {
        whole = PathMeasure(path)
        guard whole.length > 0 else { return nil }
        var segments: [Segment] = []
        var current: Point? = nil, subpathStart: Point? = nil
        for element in path.elements {
            var piece = Path()
            let controls: [Point]
            switch element {
            case .move(let p):
                // A move starts a new subpath: no keyframe of its own (the value jumps there).
                current = p
                subpathStart = p
                continue
            case .line(let p):
                guard let start = current else { continue }
                piece.move(to: start)
                piece.addLine(to: p)
                controls = [start, p]
            case .quadCurve(let p, let control):
                guard let start = current else { continue }
                piece.move(to: start)
                piece.addQuadCurve(to: p, control: control)
                controls = [start, control, p]
            case .cubicCurve(let p, let control1, let control2):
                guard let start = current else { continue }
                piece.move(to: start)
                piece.addCurve(to: p, control1: control1, control2: control2)
                controls = [start, control1, control2, p]
            case .closeSubpath:
                guard let start = current, let first = subpathStart else { continue }
                piece.move(to: start)
                piece.addLine(to: first)
                controls = [start, first]
            }
            segments.append(Segment(measure: PathMeasure(piece), points: controls))
            current = controls[controls.count - 1]
        }
        self.segments = segments
    }

    /// The number of keyframes: the first point and each segment's end.
    var keyframeCount: Int { segments.count + 1 }

    /// The point and the tangent's direction (nil where the element has no length) at keyframe
    /// `index` plus `u` through the segment after it, its Bézier parameter (`u` nil: the
    /// keyframe itself).
    func point(keyframe index: Int, u: Double?) -> (point: Point, tangent: Point?) {
        guard !segments.isEmpty else { return (whole.position(at: 0) ?? Point(x: 0, y: 0), whole.tangent(at: 0)) }
        let segment = segments[min(max(index, 0), segments.count - 1)]
        guard let u else {
            // Keyframe k is segment k − 1's end (keyframe 0 the first segment's start).
            if index == 0 { return (segment.start, segment.measure.tangent(at: 0)) }
            let before = segments[min(index - 1, segments.count - 1)]
            return (before.end, before.measure.tangent(at: before.measure.length))
        }
        return segment.evaluate(u)
    }
}
