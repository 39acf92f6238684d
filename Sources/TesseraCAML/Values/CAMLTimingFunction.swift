import TesseraCore

/// A timing function as CAML writes it: one of Core Animation's named functions
/// (`timingFunction="default"`) or the control points of a cubic Bézier curve
/// (`<CAMediaTimingFunction value="0.29712 -0.0052251 0.24359 0.99619"/>`).
///
/// Kept as written, rather than as a `CAMediaTimingFunction`, so that a name is written back
/// as the name and the value is `Sendable`.
enum CAMLTimingFunction: Hashable, Sendable {
    /// The predefined functions, by their CAML (and `CAMediaTimingFunctionName`) spelling.
    enum Name: String, Hashable, Sendable, CaseIterable {
        case `default`, linear, easeIn, easeOut, easeInEaseOut
    }

    case named(Name)
    /// c1x, c1y, c2x, c2y, as `CAMediaTimingFunction(controlPoints:_:_:_:)` takes them.
    case controlPoints(Float, Float, Float, Float)

    /// The Core Animation object for it.
    var timingFunction: CAMediaTimingFunction {
        switch self {
        case .named(let name): CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name.rawValue))
        case .controlPoints(let c1x, let c1y, let c2x, let c2y): CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
        }
    }
}
