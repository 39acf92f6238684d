import Foundation
import TesseraRaster

/// A value of a filter's input, as the model stores it: a number, a flag, a string, an image, a
/// list of numbers (a colour matrix) or a colour (`inputColor`, a `CGColor`).
public enum LayerFilterValue: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case image(LayerContents)
    case numbers([Double])
    case color(Color)
}

/// A Core Animation filter as the model stores it (a ``CAFilter``'s values): what it does
/// (`type`, Core Animation's filter names such as `gaussianBlur` or `colorSaturate`), the name
/// that key paths use for it (`filters.NAME.inputAmount`; the type unless set), whether it is
/// enabled, and its inputs by key.
public struct LayerFilter: Hashable, Sendable {
    public var type: String
    public var name: String
    public var isEnabled: Bool
    public var inputs: [String: LayerFilterValue]

    public init(type: String, name: String? = nil, isEnabled: Bool = true, inputs: [String: LayerFilterValue] = [:]) {
        self.type = type
        self.name = name ?? type
        self.isEnabled = isEnabled
        self.inputs = inputs
    }

    /// A number input (a flag counts as 0 or 1); nil when absent or of another kind.
    public func number(_ key: String) -> Double? {
        switch inputs[key] {
        case .number(let value): value
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }

    /// A colour input; nil when absent or of another kind.
    public func color(_ key: String) -> Color? {
        guard case .color(let color)? = inputs[key] else { return nil }
        return color
    }

    /// Whether the filter shows what lies behind the layer (a `vibrantColorMatrix`: the frame
    /// below through its matrix, where the layer has alpha), so that the layer is drawn where
    /// backdrops are (``TreeShape/hasBackdrop``).
    var readsBackdrop: Bool { type == "vibrantColorMatrix" }
}

extension LayerFilterValue {
    /// The value of an input as ported code sets it (`NSNumber`, `Bool`, numbers, `String`,
    /// `CGImage`, a list of numbers, `CGColor`); nil for any other.
    package init?(any value: Any) {
        switch value {
        // An NSNumber first: cast to Bool, any 0 or 1 would pass for a flag.
        case let number as NSNumber: self = .number(number.doubleValue)
        case let flag as Bool: self = .bool(flag)
        case let number as Double: self = .number(number)
        case let number as CGFloat: self = .number(Double(number))
        case let number as Float: self = .number(Double(number))
        case let number as Int: self = .number(Double(number))
        case let string as String: self = .string(string)
        case let image as CGImage: self = .image(LayerContents(image))
        case let numbers as [NSNumber]: self = .numbers(numbers.map(\.doubleValue))
        case let numbers as [Double]: self = .numbers(numbers)
        case let color as CGColor: self = .color(Color(color))
        default: return nil
        }
    }

    /// The value as Core Animation hands it out.
    package var anyValue: Any? {
        switch self {
        case .number(let value): NSNumber(value: value)
        case .bool(let flag): NSNumber(value: flag)
        case .string(let string): string
        case .image(let contents): contents.image
        case .numbers(let numbers): numbers.map { NSNumber(value: $0) }
        case .color(let color): CGColor(color)
        }
    }
}

/// A layer's `compositingFilter` as the model stores it: a blend mode's name (Core Animation
/// takes a plain string: `multiplyBlendMode`, `plusL`…) or a ``LayerFilter``.
public enum LayerCompositingFilter: Hashable, Sendable {
    case named(String)
    case filter(LayerFilter)

    /// The filter's type: the name itself, or the filter's type.
    public var type: String {
        switch self {
        case .named(let name): name
        case .filter(let filter): filter.type
        }
    }
}
