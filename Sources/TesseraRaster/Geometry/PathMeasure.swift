/// Measures a path along its length: its total length, and the point and direction at any
/// distance along it.
///
/// This is what moving along a path needs: a keyframe animation along a path
/// (`CAKeyframeAnimation.path`, with `rotationMode` turning the layer along the ``tangent(at:)``),
/// and trimming a stroke to a fraction of its length (`CAShapeLayer.strokeStart`/`strokeEnd`).
///
/// The path is flattened (curves replaced by chords no farther than `tolerance` from them, as
/// the rasterizer does), and distances run over all its subpaths in order, with no length between
/// one subpath and the next. A closed subpath includes its closing segment; a subpath that is only
/// a move, or of zero length, adds nothing.
///
/// ```swift
/// let measure = PathMeasure(Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100)))
/// let halfway = measure.position(at: measure.length / 2)    // ≈ (0, 50)
/// ```
///
/// # Guarantees
/// - Distances are clamped to [0, ``length``]; a NaN distance gives nil.
/// - An empty path, a path of zero length, or one with a non-finite coordinate measures 0 and
///   gives nil for every position and tangent.
/// - At a distance where one segment ends and the next begins, the position is that vertex and
///   the tangent is the next segment's (the last segment's at the very end). Where one subpath
///   ends and the next begins, both are the next subpath's start.
public struct PathMeasure: Sendable {
    /// Segment k runs from `starts[k]` to `starts[k] + deltas[k]`, beginning at distance
    /// `distances[k]` along the path.
    private var starts: [Point] = []
    private var deltas: [Point] = []
    private var distances: [Double] = []

    /// The total length of the path, the closing segments of closed subpaths included.
    public private(set) var length: Double = 0

    /// Measures `path`, flattening its curves to within `tolerance` (in the path's units; a
    /// tolerance that is not a positive finite number reads as 0.25).
    public init(_ path: Path, tolerance: Double = 0.25) {
        let tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 0.25
        var lines = Polylines()
        guard PolylineFlattener.flatten(path, transform: .identity, tolerance: tolerance, onCurve: true, into: &lines) else { return }
        starts.reserveCapacity(lines.points.count)
        deltas.reserveCapacity(lines.points.count)
        distances.reserveCapacity(lines.points.count)
        var total = 0.0
        for subpath in lines.subpaths where subpath.count > 1 {
            let segmentCount = subpath.closed ? subpath.count : subpath.count - 1
            for k in 0..<segmentCount {
                let a = lines.points[subpath.start + k]
                let b = lines.points[subpath.start + (k + 1 == subpath.count ? 0 : k + 1)]
                let segmentLength = DashTrim.distance(a, b)
                guard segmentLength > 0 else { continue }
                starts.append(a)
                deltas.append(b - a)
                distances.append(total)
                total += segmentLength
            }
        }
        length = total
    }

    /// The point at `distance` along the path, clamped to [0, ``length``]; nil for a path of zero
    /// length or a NaN distance.
    public func position(at distance: Double) -> Point? {
        guard let found = segment(at: distance) else { return nil }
        let k = found.index, d = found.distance
        let end = k + 1 < distances.count ? distances[k + 1] : length
        let delta = deltas[k]
        if d >= end { return starts[k] + delta }
        let t = (d - distances[k]) / (end - distances[k])
        guard t > 0 else { return starts[k] }
        return starts[k] + delta * t
    }

    /// The direction of the path at `distance` (clamped to [0, ``length``]), as a unit vector; nil
    /// for a path of zero length or a NaN distance.
    public func tangent(at distance: Double) -> Point? {
        guard let k = segment(at: distance)?.index else { return nil }
        let delta = deltas[k]
        // Scale first, so that squaring neither overflows nor underflows.
        let scale = max(abs(delta.x), abs(delta.y))
        guard scale > 0, scale.isFinite else { return nil }
        let x = delta.x / scale, y = delta.y / scale
        let norm = (x * x + y * y).squareRoot()
        return Point(x: x / norm, y: y / norm)
    }

    /// The index of the segment holding `distance` (the later one at a shared vertex) and the
    /// clamped distance.
    private func segment(at distance: Double) -> (index: Int, distance: Double)? {
        guard !distances.isEmpty, length > 0, !distance.isNaN else { return nil }
        let d = min(max(distance, 0), length)
        // The last segment whose start is at or before d.
        var low = 0, high = distances.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if distances[mid] <= d { low = mid } else { high = mid - 1 }
        }
        return (index: low, distance: d)
    }
}
