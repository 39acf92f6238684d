import TesseraRaster

/// The `path` of a keyframe animation, as Apple's header describes it: "Each point in the path
/// except for `moveto' points defines a single keyframe for the purpose of timing and
/// interpolation … For constant velocity animation along the path, `calculationMode' should be set
/// to `paced'."
///
/// So the path's keyframes are its first point and the end of every element after it (a
/// `closeSubpath` ends at its subpath's start); between two keyframes the value follows the
/// element joining them, at constant speed along it (Apple does not say how an element is
/// traversed: along its length is the smooth reading). `keyTimes` (one per keyframe) and
/// `timingFunctions` (one per element) apply as they do to values. In `.paced` and `.cubicPaced`
/// the value moves at constant speed along the whole path, and they are ignored.
struct KeyframePath: Sendable {
    /// One element of the path after its first point: its shape alone, measured.
    struct Segment: Sendable {
        let measure: PathMeasure
        let start: Point
        let end: Point
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
            let end: Point
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
                end = p
            case .quadCurve(let p, let control):
                guard let start = current else { continue }
                piece.move(to: start)
                piece.addQuadCurve(to: p, control: control)
                end = p
            case .cubicCurve(let p, let control1, let control2):
                guard let start = current else { continue }
                piece.move(to: start)
                piece.addCurve(to: p, control1: control1, control2: control2)
                end = p
            case .closeSubpath:
                guard let start = current, let first = subpathStart else { continue }
                piece.move(to: start)
                piece.addLine(to: first)
                end = first
            }
            segments.append(Segment(measure: PathMeasure(piece), start: current!, end: end))
            current = end
        }
        self.segments = segments
    }

    /// The number of keyframes: the first point and each segment's end.
    var keyframeCount: Int { segments.count + 1 }

    /// The point and the tangent's direction (nil where the element has no length) at keyframe
    /// `index` plus `u` of the way along the segment after it (`u` nil: the keyframe itself).
    func point(keyframe index: Int, u: Double?) -> (point: Point, tangent: Point?) {
        guard !segments.isEmpty else { return (whole.position(at: 0) ?? Point(x: 0, y: 0), whole.tangent(at: 0)) }
        let segment = segments[min(max(index, 0), segments.count - 1)]
        guard let u else {
            // Keyframe k is segment k − 1's end (keyframe 0 the first segment's start).
            if index == 0 { return (segment.start, segment.measure.tangent(at: 0)) }
            let before = segments[min(index - 1, segments.count - 1)]
            return (before.end, before.measure.tangent(at: before.measure.length))
        }
        let distance = u * segment.measure.length
        let point = segment.measure.position(at: distance) ?? (u < 0.5 ? segment.start : segment.end)
        return (point, segment.measure.tangent(at: distance))
    }
}
