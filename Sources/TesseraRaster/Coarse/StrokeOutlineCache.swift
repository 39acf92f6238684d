/// Stroke outlines kept from one frame to the next, one slot per command index. A stroke
/// recorded again at the same index with the same path, style, dash, trims and tolerance, under
/// a similarity transform with the same linear part (only moved, if at all), reuses its outline:
/// animated scenes redraw most strokes unchanged or only moved (the 960 squares of the
/// `layer-tree` scene move every frame and keep their outline).
///
/// So that a frame's bytes do not depend on what the cache held, every stroke under a similarity
/// is outlined with its transform's translation left out and moved when its lines are built,
/// hit or miss. Other strokes are outlined as ``StrokeGeometry`` does, every time.
final class StrokeOutlineCache {
    /// What an outline depends on, apart from the translation: the path's elements and the dash
    /// pattern's lengths kept in arrays of the key's own, refilled in place on a miss (no
    /// allocation once warm). Not copyable, so that a lookup reads it where the slot keeps it: a
    /// copy retained and released its three arrays for every stroke of every frame.
    struct Key: ~Copyable {
        private var verbs: [Path.Verb] = []
        private var points: [Point] = []
        private var style = StrokeStyle()
        private var isDashed = false
        private var dashLengths: [Double] = []
        private var dashPhase = 0.0
        private var trimStart = 0.0, trimEnd = 0.0
        private var linear = SIMD4<Double>()
        private var tolerance = 0.0
        /// False until ``set(_:linear:tolerance:)``, and after ``clear()``.
        private(set) var isSet = false

        /// Whether `shape` with this linear part and tolerance has this key. Compared in place,
        /// element by element with `==`, as `Path`'s and `DashPattern`'s equalities compare.
        func matches(_ shape: StrokeShape, linear: SIMD4<Double>, tolerance: Double) -> Bool {
            guard isSet, self.linear == linear, self.tolerance == tolerance, trimStart == shape.trimStart,
                trimEnd == shape.trimEnd, style == shape.style, isDashed == (shape.dash != nil),
                verbs.count == shape.path.verbs.count, points.count == shape.path.points.count
            else { return false }
            if let dash = shape.dash {
                guard dashPhase == dash.phase, dashLengths.count == dash.lengths.count else { return false }
                let same = dashLengths.withUnsafeBufferPointer { lengths in
                    for k in lengths.indices where lengths[k] != dash.lengths[k] { return false }
                    return true
                }
                guard same else { return false }
            }
            return verbs.withUnsafeBufferPointer { verbs in
                points.withUnsafeBufferPointer { points in
                    for k in verbs.indices where verbs[k] != shape.path.verbs[k] { return false }
                    for k in points.indices where points[k] != shape.path.points[k] { return false }
                    return true
                }
            }
        }

        /// Makes this the key of `shape` with this linear part and tolerance.
        mutating func set(_ shape: StrokeShape, linear: SIMD4<Double>, tolerance: Double) {
            verbs.removeAll(keepingCapacity: true)
            verbs.append(contentsOf: shape.path.verbs)
            points.removeAll(keepingCapacity: true)
            points.append(contentsOf: shape.path.points)
            style = shape.style
            isDashed = shape.dash != nil
            dashLengths.removeAll(keepingCapacity: true)
            if let dash = shape.dash {
                dashLengths.append(contentsOf: dash.lengths)
                dashPhase = dash.phase
            }
            trimStart = shape.trimStart
            trimEnd = shape.trimEnd
            self.linear = linear
            self.tolerance = tolerance
            isSet = true
        }

        /// Makes this the key of nothing.
        mutating func clear() { isSet = false }
    }

    /// One command index's outline. Touched only by the worker preparing that command.
    final class Slot {
        private var key = Key()
        private var outline = Polylines()

        /// The outline of `shape` under `t` and the transform to device space; nil when it draws
        /// nothing.
        func outline(
            of shape: StrokeShape, transform t: Transform, tolerance: Double,
            using geometry: StrokeGeometry
        ) -> (outline: Polylines, transform: Transform)? {
            guard StrokeGeometry.similarityScale(t) != nil else {
                key.clear()
                guard let transform = geometry.outline(of: shape, transform: t, tolerance: tolerance) else { return nil }
                return (geometry.outline, transform)
            }
            let linear = SIMD4(t.a, t.b, t.c, t.d)
            let move = Transform(translationX: t.tx, y: t.ty)
            if key.matches(shape, linear: linear, tolerance: tolerance) {
                return outline.subpaths.isEmpty ? nil : (outline, move)
            }
            key.set(shape, linear: linear, tolerance: tolerance)
            var atOrigin = t
            atOrigin.tx = 0
            atOrigin.ty = 0
            guard geometry.outline(of: shape, transform: atOrigin, tolerance: tolerance) != nil else {
                outline.removeAll()   // remembered as drawing nothing
                return nil
            }
            // Taken, not copied: the geometry keeps the slot's old buffer for its next outline.
            geometry.exchangeOutline(with: &outline)
            return (outline, move)
        }
    }

    private(set) var slots: [Slot] = []

    /// Makes sure there is a slot for every command index below `count`.
    func reserve(_ count: Int) {
        while slots.count < count { slots.append(Slot()) }
    }
}
