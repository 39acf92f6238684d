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
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The cap of `CAShapeLayer`'s stroke, as QuartzCore's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners that `cornerRadius` rounds, as QuartzCore's `CACornerMask`.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero.rawValue
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd.rawValue
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter.rawValue
public let kCALineJoinRound = CAShapeLayerLineJoin.round.rawValue
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel.rawValue
public let kCALineCapButt = CAShapeLayerLineCap.butt.rawValue
public let kCALineCapRound = CAShapeLayerLineCap.round.rawValue
public let kCALineCapSquare = CAShapeLayerLineCap.square.rawValue
