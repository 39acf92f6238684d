import Foundation

/// How `CAShapeLayer` decides what is inside its path, as QuartzCore's `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The non-zero winding rule (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// The even-odd rule.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The join of `CAShapeLayer`'s stroke, as QuartzCore's `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners, cut to a bevel past the ``CAShapeLayer/miterLimit`` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut straight across.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The cap of `CAShapeLayer`'s stroke, as QuartzCore's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Ends square at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Ends in a half circle past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Ends square, half the line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners that `cornerRadius` rounds, as QuartzCore's `CACornerMask`.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at the bounds' minimum x and minimum y.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The corner at the bounds' maximum x and minimum y.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corner at the bounds' minimum x and maximum y.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The corner at the bounds' maximum x and maximum y.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// The Objective-C name of ``CAShapeLayerFillRule/nonZero``'s raw value.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero.rawValue
/// The Objective-C name of ``CAShapeLayerFillRule/evenOdd``'s raw value.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd.rawValue
/// The Objective-C name of ``CAShapeLayerLineJoin/miter``'s raw value.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter.rawValue
/// The Objective-C name of ``CAShapeLayerLineJoin/round``'s raw value.
public let kCALineJoinRound = CAShapeLayerLineJoin.round.rawValue
/// The Objective-C name of ``CAShapeLayerLineJoin/bevel``'s raw value.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel.rawValue
/// The Objective-C name of ``CAShapeLayerLineCap/butt``'s raw value.
public let kCALineCapButt = CAShapeLayerLineCap.butt.rawValue
/// The Objective-C name of ``CAShapeLayerLineCap/round``'s raw value.
public let kCALineCapRound = CAShapeLayerLineCap.round.rawValue
/// The Objective-C name of ``CAShapeLayerLineCap/square``'s raw value.
public let kCALineCapSquare = CAShapeLayerLineCap.square.rawValue
