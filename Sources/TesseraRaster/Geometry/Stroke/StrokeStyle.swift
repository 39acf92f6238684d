/// How the ends of open subpaths and of dashes are drawn, as CoreGraphics' `CGLineCap`.
public enum LineCap: Hashable, Sendable {
    /// The stroke stops at the endpoint.
    case butt
    /// A half disc of diameter `width` past the endpoint.
    case round
    /// A half square of side `width` past the endpoint (the stroke extends `width / 2`).
    case square
}

/// How segments meet, as CoreGraphics' `CGLineJoin`.
public enum LineJoin: Hashable, Sendable {
    /// The outer edges are extended to meet, unless that is longer than the miter limit allows.
    case miter
    /// A circular arc of radius `width / 2` around the vertex.
    case round
    /// The outer corners are joined by a straight line.
    case bevel
}

/// The pen of a stroke, with CoreGraphics' defaults (width 1, butt caps, miter joins, limit 10).
///
/// # Guarantees
/// A width that is negative, NaN or infinite strokes nothing (CoreGraphics draws nothing for a
/// negative width either); a width of 0 strokes nothing. A miter limit below 1 or NaN acts as 1
/// (every miter join becomes a bevel, as in CoreGraphics where the ratio is always ≥ 1).
public struct StrokeStyle: Hashable, Sendable {
    /// The line width, in the path's units (1 by default).
    public var width: Double
    /// The shape of open ends (butt by default).
    public var cap: LineCap
    /// The shape of corners (miter by default).
    public var join: LineJoin
    /// The largest ratio of miter length to line width, 1/sin(θ/2) for an angle θ between the
    /// segments, for which a miter join is drawn; above it the join is a bevel.
    public var miterLimit: Double

    /// A pen with these values, CoreGraphics' defaults for those not given.
    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}

/// A dash pattern: lengths of alternating on and off intervals along the path, and a phase, as
/// `CGContext.setLineDash(phase:lengths:)` and `CAShapeLayer.lineDashPattern`/`lineDashPhase`.
///
/// # Guarantees
/// - An odd number of lengths is repeated once (`[5]` is 5 on, 5 off), as CoreGraphics does.
/// - A pattern that is empty, has a negative or non-finite length, or whose lengths are all zero
///   draws a solid line (it is "no dash"): ``isSolid`` is true.
/// - The phase may be any finite number, negative too; it wraps around the pattern. A non-finite
///   phase counts as 0.
public struct DashPattern: Hashable, Sendable {
    /// The on/off lengths, doubled when the given count was odd; empty for a solid line.
    public let lengths: [Double]
    /// The phase wrapped into [0, total pattern length).
    public let phase: Double

    /// A pattern of `lengths` starting `phase` into it (see the type's guarantees for bad input).
    public init(lengths: [Double], phase: Double = 0) {
        let valid = !lengths.isEmpty && lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        guard valid else {
            self.lengths = []
            self.phase = 0
            return
        }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = pattern.reduce(0, +)
        var wrapped = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if wrapped < 0 { wrapped += total }
        self.lengths = pattern
        self.phase = wrapped
    }

    /// True when the pattern draws a solid line.
    public var isSolid: Bool { lengths.isEmpty }

    /// The length of one repetition of the pattern.
    public var totalLength: Double { lengths.reduce(0, +) }
}
