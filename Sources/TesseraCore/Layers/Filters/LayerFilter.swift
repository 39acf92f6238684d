import Foundation
import TesseraRaster

/// A value of a filter's input, as the model stores it: a number, a flag, a string, an image, a
/// list of numbers (a colour matrix) or a colour (`inputColor`, a `CGColor`).
public enum LayerFilterValue: Hashable, Sendable {
    /// A number (`inputRadius`, `inputAmount`, ...).
    case number(Double)
    /// A flag (`inputNormalizeEdges`, ...).
    case bool(Bool)
    /// A string (such as a blur's `inputQuality`).
    case string(String)
    /// An image (`inputMaskImage`, ...).
    case image(LayerContents)
    /// A list of numbers (`inputColorMatrix`: 20 values, row by row).
    case numbers([Double])
    /// A colour (`inputColor`), straight-alpha sRGB.
    case color(Color)
}

/// A Core Animation filter as the model stores it (a ``CAFilter``'s values): what it does
/// (`type`, Core Animation's filter names such as `gaussianBlur` or `colorSaturate`), the name
/// that key paths use for it (`filters.NAME.inputAmount`; the type unless set), whether it is
/// enabled, and its inputs by key.
public struct LayerFilter: Hashable, Sendable {
    /// What the filter does: Core Animation's filter name (`gaussianBlur`, `colorSaturate`, ...).
    public var type: String
    /// The name key paths use for it (`filters.NAME.inputRadius`); the type unless set.
    public var name: String
    /// Whether the filter applies (a disabled filter is kept and skipped).
    public var isEnabled: Bool
    /// The inputs by key (`inputRadius`, `inputAmount`, ...); a missing input takes its default.
    public var inputs: [String: LayerFilterValue]

    /// A filter of `type`, named `name` (the type when nil), with `inputs`.
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
    /// A blend mode's name (`multiplyBlendMode`, `plusL`, ...).
    case named(String)
    /// A filter that composites the layer.
    case filter(LayerFilter)

    /// The filter's type: the name itself, or the filter's type.
    public var type: String {
        switch self {
        case .named(let name): name
        case .filter(let filter): filter.type
        }
    }
}
