/// A valid dash pattern's lengths where they lie, a ``DashPattern``'s own array or a recording's
/// ``PathArena``, for the length of a call: what dashing reads, without touching the pattern's
/// reference count (as ``PathElements`` for a path).
struct DashElements {
    /// The on/off lengths, an even count (see ``DashPattern/lengths``); empty for a solid line.
    let lengths: UnsafeBufferPointer<Double>
    /// The phase wrapped into [0, total pattern length).
    let phase: Double

    /// True when the pattern draws a solid line.
    var isSolid: Bool { lengths.isEmpty }

    /// The length of one repetition of the pattern, summed in order as ``DashPattern/totalLength``.
    var totalLength: Double { lengths.reduce(0, +) }
}

extension DashPattern {
    /// Calls `body` with the pattern's elements in place.
    func withElements<R>(_ body: (DashElements) throws -> R) rethrows -> R {
        try lengths.withUnsafeBufferPointer { try body(DashElements(lengths: $0, phase: phase)) }
    }
}

extension Optional where Wrapped == DashPattern {
    /// Calls `body` with the pattern's elements in place, nil for no pattern.
    func withElements<R>(_ body: (DashElements?) throws -> R) rethrows -> R {
        guard let pattern = self else { return try body(nil) }
        return try pattern.withElements { try body($0) }
    }
}
