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
    /// What an outline depends on, apart from the translation.
    struct Key {
        let path: Path
        let style: StrokeStyle
        let dash: DashPattern?
        let trimStart: Double, trimEnd: Double
        let linear: SIMD4<Double>
        let tolerance: Double

        /// Whether `shape` with this linear part and tolerance has this key. Compared in place:
        /// making a key of every stroke to compare it (copies and retains) cost more than a hit saved.
        func matches(_ shape: StrokeShape, linear: SIMD4<Double>, tolerance: Double) -> Bool {
            self.linear == linear && self.tolerance == tolerance && trimStart == shape.trimStart
                && trimEnd == shape.trimEnd && style == shape.style && dash == shape.dash && path == shape.path
        }
    }

    /// One command index's outline. Touched only by the worker preparing that command.
    final class Slot {
        private var key: Key?
        private var outline = Polylines()

        /// The outline of `shape` under `t` and the transform to device space; nil when it draws
        /// nothing.
        func outline(
            of shape: StrokeShape, transform t: Transform, tolerance: Double,
            using geometry: StrokeGeometry
        ) -> (outline: Polylines, transform: Transform)? {
            guard StrokeGeometry.similarityScale(t) != nil else {
                key = nil
                guard let transform = geometry.outline(of: shape, transform: t, tolerance: tolerance) else { return nil }
                return (geometry.outline, transform)
            }
            let linear = SIMD4(t.a, t.b, t.c, t.d)
            let move = Transform(translationX: t.tx, y: t.ty)
            if let key, key.matches(shape, linear: linear, tolerance: tolerance) {
                return outline.subpaths.isEmpty ? nil : (outline, move)
            }
            key = Key(
                path: shape.path, style: shape.style, dash: shape.dash, trimStart: shape.trimStart,
                trimEnd: shape.trimEnd, linear: linear, tolerance: tolerance)
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
