import TesseraRaster

/// A basic (or spring) animation of `path` or `shadowPath` between two given paths with the same
/// elements, neither additive nor cumulative: a shape's morph, the fast path. Each frame builds
/// the interpolated points and nothing else; the generic path (through ``AnimatableValue``s:
/// the current value read, the ends chosen, the verbs compared, each enum copied and destroyed)
/// costs several times more per morphing shape.
///
/// The points are those of ``AnimatableValue/interpolate(_:_:_:discrete:)``, computed the same way.
struct PathMorph: Sendable {
    let keyPath: LayerKeyPath
    let from: Path
    let to: Path

    /// nil unless the key path is a whole path, both ends are given as paths with the same verbs,
    /// and the animation neither adds to the value under it nor accumulates over repeats.
    init?(keyPath: LayerKeyPath, additive: Bool, cumulative: Bool, values: BasicValues) {
        guard keyPath.kind == .path, keyPath.field == .whole, !additive, !cumulative,
            case .path(let from?) = values.from, case .path(let to?) = values.to,
            from.verbs == to.verbs, from.points.count == to.points.count
        else { return nil }
        self.keyPath = keyPath
        self.from = from
        self.to = to
    }

    /// Applies the animation `progress` of the way (the eased fraction, or a spring's position).
    func apply(progress t: Double, to properties: inout LayerProperties) {
        let count = from.points.count
        let points = from.points.withUnsafeBufferPointer { p in
            to.points.withUnsafeBufferPointer { q in
                [Point](unsafeUninitializedCapacity: count) { out, initialized in
                    for i in 0..<count {
                        out[i] = Point(x: p[i].x + (q[i].x - p[i].x) * t, y: p[i].y + (q[i].y - p[i].y) * t)
                    }
                    initialized = count
                }
            }
        }
        // Same counts (checked at init): replacing cannot fail.
        guard let morphed = from.replacingPoints(points) else { return }
        // Stored directly: through `keyPath.set` it would be wrapped in an AnimatableValue first.
        if keyPath.property == .path { properties.path = morphed } else { properties.shadowPath = morphed }
    }
}
