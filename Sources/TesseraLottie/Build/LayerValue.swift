import Foundation
import TesseraCore
import TesseraRaster

/// A value the builder sets on a layer or animates one through: given to Core Animation's API as
/// itself (`Any`), and to the animation in the model's form as well, so that adding a keyframe
/// animation does not read each value back out of an `Any` (see
/// `CAKeyframeAnimation.setKeyframes(values:read:keyTimes:)`).
protocol LayerValue {
    /// The value as the model reads it for a key path of its kind; nil: read it from the `Any`.
    var animatableValue: AnimatableValue? { get }
}

extension Double: LayerValue {
    var animatableValue: AnimatableValue? { .number(self) }
}

extension CGFloat: LayerValue {
    var animatableValue: AnimatableValue? { .number(Double(self)) }
}

extension Bool: LayerValue {
    var animatableValue: AnimatableValue? { .bool(self) }
}

extension CGPoint: LayerValue {
    var animatableValue: AnimatableValue? { .point(self) }
}

extension CGSize: LayerValue {
    var animatableValue: AnimatableValue? { .size(self) }
}

extension CATransform3D: LayerValue {
    var animatableValue: AnimatableValue? { .transform(self) }
}

extension CGColor: LayerValue {
    var animatableValue: AnimatableValue? { .color(Color(self)) }
}

extension CGPath: LayerValue {
    var animatableValue: AnimatableValue? { .path(rasterPath) }
}

extension NSNumber: LayerValue {
    var animatableValue: AnimatableValue? { .number(doubleValue) }
}

extension Array: LayerValue where Element: LayerValue {
    /// A list of numbers or of colors (a gradient's locations and colors); nil for any other.
    var animatableValue: AnimatableValue? {
        var numbers: [Double] = [], colors: [Color] = []
        for element in self {
            switch element.animatableValue {
            case .number(let number): numbers.append(number)
            case .color(let color?): colors.append(color)
            default: return nil
            }
        }
        if numbers.count == count { return .numbers(numbers) }
        return colors.count == count ? .colors(colors) : nil
    }
}
