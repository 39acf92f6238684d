import Foundation
import TesseraRaster

/// A value of an animatable key path, in a form that interpolates and crosses threads. What
/// `fromValue`, `toValue`, `values` (`Any?` in Core Animation's API) become when an animation is
/// added to a layer.
package enum AnimatableValue: Equatable, Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Straight-alpha sRGB; nil is "no color" (interpolates as transparent black).
    case color(Color?)
    case transform(CATransform3D)
    case path(Path?)
    /// A dash pattern, a gradient's locations.
    case numbers([Double]?)
    /// A gradient's colours (straight-alpha sRGB each); nil is "no colours".
    case colors([Color]?)
    case bool(Bool)
    /// The string constants: fill rule, line join, line cap.
    case string(String)
}

/// The type of value a key path holds, which decides how an `Any` is read.
package enum AnimatableValueKind: Sendable {
    case number, point, size, rect, color, transform, path, numbers, colors, bool, string
}

extension AnimatableValue {
    /// Reads a value given to an animation (`Any`: a number of any kind or `NSNumber`, `CGPoint`,
    /// `CGSize`, `CGRect`, `CGColor`, `CGPath`, `CATransform3D`, an array of numbers, an array of
    /// `CGColor`s, `Bool`, a string constant) as a value of `kind`; nil when it is not one.
    package init?(_ any: Any, as kind: AnimatableValueKind) {
        switch kind {
        case .number:
            guard let number = Self.number(any) else { return nil }
            self = .number(number)
        case .point:
            guard let point = any as? CGPoint else { return nil }
            self = .point(point)
        case .size:
            guard let size = any as? CGSize else { return nil }
            self = .size(size)
        case .rect:
            guard let rect = any as? CGRect else { return nil }
            self = .rect(rect)
        case .color:
            guard let color = any as? CGColor else { return nil }
            self = .color(Color(color))
        case .transform:
            guard let transform = any as? CATransform3D else { return nil }
            self = .transform(transform)
        case .path:
            guard let path = any as? CGPath else { return nil }
            self = .path(path.rasterPath)
        case .numbers:
            guard let array = any as? [Any] else { return nil }
            var numbers: [Double] = []
            for element in array {
                guard let number = Self.number(element) else { return nil }
                numbers.append(number)
            }
            self = .numbers(numbers)
        case .colors:
            // `[UIColor.red.cgColor, …]` in ported code; any other element makes it no list of colours.
            guard let array = any as? [Any] else { return nil }
            var colors: [Color] = []
            for element in array {
                guard let color = element as? CGColor else { return nil }
                colors.append(Color(color))
            }
            self = .colors(colors)
        case .bool:
            if let flag = any as? Bool {
                self = .bool(flag)
            } else if let number = Self.number(any) {
                self = .bool(number != 0)
            } else {
                return nil
            }
        case .string:
            if let string = any as? String {
                self = .string(string)
            } else if let rule = any as? CAShapeLayerFillRule {
                self = .string(rule.rawValue)
            } else if let join = any as? CAShapeLayerLineJoin {
                self = .string(join.rawValue)
            } else if let cap = any as? CAShapeLayerLineCap {
                self = .string(cap.rawValue)
            } else {
                return nil
            }
        }
    }

    static func number(_ any: Any) -> Double? {
        switch any {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    /// The value as Core Animation's API hands it out (`value(forKeyPath:)`).
    package var anyValue: Any? {
        switch self {
        case .number(let v): return NSNumber(value: v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .color(let v): return v.map(CGColor.init)
        case .transform(let v): return v
        case .path(let v): return v.map { CGPath(rasterPath: $0) }
        case .numbers(let v): return v.map { $0.map { NSNumber(value: $0) } }
        case .colors(let v): return v.map { $0.map(CGColor.init) }
        case .bool(let v): return NSNumber(value: v)
        case .string(let v): return v
        }
    }
}

extension Color {
    /// The color of a `CGColor`, in its (sRGB) components.
    package init(_ color: CGColor) {
        let c = color.rgba
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// Red, green, blue and alpha as a vector, as ``AnimatableValue/vector`` holds a colour.
    var rgba: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

    /// The colour of components `rgba` (red, green, blue, alpha).
    init(rgba v: SIMD4<Double>) {
        self.init(red: v.x, green: v.y, blue: v.z, alpha: v.w)
    }
}

extension CGColor {
    /// A `CGColor` with the components of `color`.
    package convenience init(_ color: Color) {
        self.init(ColorComponents(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
    }
}
