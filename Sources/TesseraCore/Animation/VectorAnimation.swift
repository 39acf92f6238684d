/// A basic (or spring) animation of a vector key path (numbers, points, sizes, rects, colors,
/// transform fields) as plain values: the fast path that most animations take every frame, with
/// no ``AnimatableValue`` work and no references, so that an evaluation plan can keep it inline.
struct VectorAnimation: Sendable {
    let keyPath: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    let from: SIMD4<Double>?
    let to: SIMD4<Double>?
    let by: SIMD4<Double>?

    /// nil when the key path does not interpolate vectors, a value given is not a vector, or no
    /// value is given (nothing to animate: the generic path says so).
    init?(keyPath: LayerKeyPath, additive: Bool, cumulative: Bool, values: BasicValues) {
        func vector(_ value: AnimatableValue?) -> SIMD4<Double>?? {
            guard let value else { return .some(nil) }
            return value.vector.map { .some($0) }
        }
        guard keyPath.isInterpolatedVector, values.from != nil || values.to != nil || values.by != nil,
            let from = vector(values.from), let to = vector(values.to), let by = vector(values.by)
        else { return nil }
        self.keyPath = keyPath
        self.additive = additive
        self.cumulative = cumulative
        self.from = from
        self.to = to
        self.by = by
    }

    /// The two ends, as ``BasicValues/ends(current:)``.
    func ends(current: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f + b)
        case (nil, let t?, let b?): return (t - b, t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, current + b)
        case (nil, nil, nil): return (current, current)   // not made: see init
        }
    }

    /// Applies the animation `progress` of the way through iteration `iteration` (the eased
    /// fraction, or a spring's position) over the value in `properties`.
    func apply(progress: Double, iteration: Double, to properties: inout LayerProperties) {
        keyPath.updateVector(in: &properties) { current in
            let (start, end) = ends(current: current)
            return Self.combined(
                start + (end - start) * progress, start: start, end: end, iteration: iteration,
                current: current, cumulative: cumulative, additive: additive)
        }
    }

    /// `value` with the cumulative repeats added and, for an additive animation, the value under
    /// it (`current`).
    static func combined(
        _ value: SIMD4<Double>, start: SIMD4<Double>, end: SIMD4<Double>, iteration: Double,
        current: SIMD4<Double>, cumulative: Bool, additive: Bool
    ) -> SIMD4<Double> {
        var result = value
        if cumulative && iteration > 0 { result += (end - start) * iteration }
        if additive { result += current }
        return result
    }
}
