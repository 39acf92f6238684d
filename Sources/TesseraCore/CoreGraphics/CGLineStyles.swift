import TesseraRaster

/// How the segments of a stroked path meet, as CoreGraphics' `CGLineJoin` (same raw values).
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges are extended to meet in a point, unless the miter limit turns the join
    /// into a bevel.
    case miter = 0
    /// A circular arc around the vertex, of diameter the line width.
    case round = 1
    /// The outer corners are joined by a straight line.
    case bevel = 2
}

/// How the ends of open subpaths (and of dashes) are drawn, as CoreGraphics' `CGLineCap` (same
/// raw values).
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops exactly at the endpoint.
    case butt = 0
    /// A half disc past the endpoint, of diameter the line width.
    case round = 1
    /// A half square past the endpoint: the stroke extends half the line width.
    case square = 2
}

// Bridges to TesseraRaster.
extension CGLineJoin {
    /// The same join in TesseraRaster's terms.
    var rasterJoin: LineJoin {
        switch self {
        case .miter: return .miter
        case .round: return .round
        case .bevel: return .bevel
        }
    }

    /// The same join as TesseraRaster's `join`.
    init(_ join: LineJoin) {
        switch join {
        case .miter: self = .miter
        case .round: self = .round
        case .bevel: self = .bevel
        }
    }
}

extension CGLineCap {
    /// The same cap in TesseraRaster's terms.
    var rasterCap: LineCap {
        switch self {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }

    /// The same cap as TesseraRaster's `cap`.
    init(_ cap: LineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}
