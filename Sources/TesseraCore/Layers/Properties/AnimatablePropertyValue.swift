import Foundation
import TesseraRaster

/// The type of a stored animatable property of ``LayerProperties``, converted to and from the
/// ``AnimatableValue`` that animations and key-value coding hand around: what lets a row of the
/// property table read and write its property through a key path.
protocol AnimatablePropertyValue {
    /// The kind of ``AnimatableValue`` the property holds.
    static var animatableKind: AnimatableValueKind { get }
    var animatableValue: AnimatableValue { get }
    /// The property's value for `value`; nil when `value` is of another kind.
    init?(animatableValue value: AnimatableValue)
}

// MARK: Numbers

extension Double: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .number }
    var animatableValue: AnimatableValue { .number(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .number(let number) = value else { return nil }
        self = number
    }
}

extension CGFloat: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .number }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    init?(animatableValue value: AnimatableValue) {
        guard case .number(let number) = value else { return nil }
        self = CGFloat(number)
    }
}

extension Float: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .number }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    init?(animatableValue value: AnimatableValue) {
        guard case .number(let number) = value else { return nil }
        self = Float(number)
    }
}

extension Int: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .number }
    var animatableValue: AnimatableValue { .number(Double(self)) }
    init?(animatableValue value: AnimatableValue) {
        guard case .number(let number) = value else { return nil }
        self.init(animatedNumber: number)
    }

    /// An animated number as an integer property (`instanceCount`): rounded towards zero;
    /// non-finite or huge values clamp.
    init(animatedNumber number: Double) {
        self = number.isFinite ? Int(Swift.max(Swift.min(number, 1e9), -1e9)) : 0
    }
}

// MARK: Geometry

extension CGPoint: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .point }
    var animatableValue: AnimatableValue { .point(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .point(let point) = value else { return nil }
        self = point
    }
}

extension CGSize: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .size }
    var animatableValue: AnimatableValue { .size(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .size(let size) = value else { return nil }
        self = size
    }
}

extension CGRect: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .rect }
    var animatableValue: AnimatableValue { .rect(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .rect(let rect) = value else { return nil }
        self = rect
    }
}

extension CATransform3D: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .transform }
    var animatableValue: AnimatableValue { .transform(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .transform(let transform) = value else { return nil }
        self = transform
    }
}

// MARK: Flags and constants

extension Bool: AnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .bool }
    var animatableValue: AnimatableValue { .bool(self) }
    init?(animatableValue value: AnimatableValue) {
        guard case .bool(let flag) = value else { return nil }
        self = flag
    }
}

/// The string constants of shape layers (fill rule, line join, line cap).
protocol AnimatableStringConstant: AnimatablePropertyValue, RawRepresentable where RawValue == String {
    init(rawValue: String)
}

extension AnimatableStringConstant {
    static var animatableKind: AnimatableValueKind { .string }
    var animatableValue: AnimatableValue { .string(rawValue) }
    init?(animatableValue value: AnimatableValue) {
        guard case .string(let string) = value else { return nil }
        self.init(rawValue: string)
    }
}

extension CAShapeLayerFillRule: AnimatableStringConstant {}
extension CAShapeLayerLineJoin: AnimatableStringConstant {}
extension CAShapeLayerLineCap: AnimatableStringConstant {}

// MARK: Optional values

/// A type whose optional is an animatable property, nil included: colors (nil: no color),
/// paths, dash patterns.
protocol OptionalAnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { get }
    static func animatableValue(_ value: Self?) -> AnimatableValue
    /// The optional for `value`; nil (not `.some(nil)`) when `value` is of another kind.
    static func optional(from value: AnimatableValue) -> Self??
}

extension Optional: AnimatablePropertyValue where Wrapped: OptionalAnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { Wrapped.animatableKind }
    var animatableValue: AnimatableValue { Wrapped.animatableValue(self) }
    init?(animatableValue value: AnimatableValue) {
        guard let optional = Wrapped.optional(from: value) else { return nil }
        self = optional
    }
}

extension Color: OptionalAnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .color }
    static func animatableValue(_ value: Color?) -> AnimatableValue { .color(value) }
    static func optional(from value: AnimatableValue) -> Color?? {
        guard case .color(let color) = value else { return nil }
        return .some(color)
    }
}

extension Path: OptionalAnimatablePropertyValue {
    static var animatableKind: AnimatableValueKind { .path }
    static func animatableValue(_ value: Path?) -> AnimatableValue { .path(value) }
    static func optional(from value: AnimatableValue) -> Path?? {
        guard case .path(let path) = value else { return nil }
        return .some(path)
    }
}

/// An element of an animatable list: numbers (a dash pattern, a gradient's locations) and
/// colours (a gradient's colours). (One conditional conformance of `Array` per protocol is all
/// Swift allows, hence this protocol rather than one conformance per element type.)
protocol AnimatableListElement {
    static var listKind: AnimatableValueKind { get }
    static func listValue(_ list: [Self]?) -> AnimatableValue
    /// The optional list for `value`; nil (not `.some(nil)`) when `value` is of another kind.
    static func list(from value: AnimatableValue) -> [Self]??
}

extension Array: OptionalAnimatablePropertyValue where Element: AnimatableListElement {
    static var animatableKind: AnimatableValueKind { Element.listKind }
    static func animatableValue(_ value: [Element]?) -> AnimatableValue { Element.listValue(value) }
    static func optional(from value: AnimatableValue) -> [Element]?? { Element.list(from: value) }
}

extension Double: AnimatableListElement {
    static var listKind: AnimatableValueKind { .numbers }
    static func listValue(_ list: [Double]?) -> AnimatableValue { .numbers(list) }
    static func list(from value: AnimatableValue) -> [Double]?? {
        guard case .numbers(let numbers) = value else { return nil }
        return .some(numbers)
    }
}

extension Color: AnimatableListElement {
    static var listKind: AnimatableValueKind { .colors }
    static func listValue(_ list: [Color]?) -> AnimatableValue { .colors(list) }
    static func list(from value: AnimatableValue) -> [Color]?? {
        guard case .colors(let colors) = value else { return nil }
        return .some(colors)
    }
}
