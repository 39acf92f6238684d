import Foundation

/// The names of Core Animation's value functions (`CAValueFunctionName`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Rotation about the x axis by one value, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// Rotation about the y axis by one value, in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// Rotation about the z axis by one value, in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Scale by three values (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// Scale along x by one value.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// Scale along y by one value.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// Scale along z by one value.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Translation by three values (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// Translation along x by one value.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// Translation along y by one value.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// Translation along z by one value.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    /// Every name Core Animation has, as the file formats list them in their errors.
    package static let all: [CAValueFunctionName] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]
}

/// The Objective-C name of ``CAValueFunctionName/rotateX``.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX
/// The Objective-C name of ``CAValueFunctionName/rotateY``.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY
/// The Objective-C name of ``CAValueFunctionName/rotateZ``.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ
/// The Objective-C name of ``CAValueFunctionName/scale``.
public let kCAValueFunctionScale = CAValueFunctionName.scale
/// The Objective-C name of ``CAValueFunctionName/scaleX``.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX
/// The Objective-C name of ``CAValueFunctionName/scaleY``.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY
/// The Objective-C name of ``CAValueFunctionName/scaleZ``.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ
/// The Objective-C name of ``CAValueFunctionName/translate``.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate
/// The Objective-C name of ``CAValueFunctionName/translateX``.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX
/// The Objective-C name of ``CAValueFunctionName/translateY``.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY
/// The Objective-C name of ``CAValueFunctionName/translateZ``.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ

/// A function from an animation's interpolated values to the transform it animates, as Core
/// Animation's `CAValueFunction`: set as a property animation's `valueFunction` on `transform`
/// or `sublayerTransform`, it makes the animation's values numbers (angles in radians, scales,
/// translations) that are interpolated as numbers and only then turned into a transform. So a
/// rotation from 0 to 2π turns once, which interpolating two equal matrices cannot.
///
/// Apple's documentation of the names: `rotateX`/`rotateY`/`rotateZ` rotate by the input value,
/// in radians, about that axis; `scale` scales by three input values (x, y, z); `scaleX`,
/// `scaleY`, `scaleZ` by one along that axis; `translate` translates by three input values;
/// `translateX`, `translateY`, `translateZ` by one along that axis.
///
/// Values are numbers (`NSNumber`, `Double`, `CGFloat`…) for the one-input functions and arrays
/// of three numbers for `scale` and `translate`; a value of another shape is reported in the
/// layer's diagnostics and the animation is not added. A missing `fromValue` or `toValue` is the
/// function's identity (0, or 1 for scales): Apple does not say, and the transform under the
/// animation has no value of the function to start from. With `isAdditive` the function's
/// transform applies before the layer's own (as additive transforms do); without, it replaces
/// it. A value function on any other key path is reported and left out.
public final class CAValueFunction: NSObject, Sendable {
    /// Which function it is.
    public let name: CAValueFunctionName
    let function: ValueFunction

    /// The function named `name`; nil for a name Core Animation does not have.
    public init?(name: CAValueFunctionName) {
        guard let function = ValueFunction(name) else { return nil }
        self.name = name
        self.function = function
    }

    /// Two value functions are equal when they have the same name (a function is its name).
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CAValueFunction)?.name == name
    }

    public override var hash: Int { name.hashValue }
}

/// What a ``CAValueFunction`` computes.
enum ValueFunction: Sendable {
    case rotate(axis: Int)
    case scale
    case scaleAlong(axis: Int)
    case translate
    case translateAlong(axis: Int)

    init?(_ name: CAValueFunctionName) {
        switch name {
        case .rotateX: self = .rotate(axis: 0)
        case .rotateY: self = .rotate(axis: 1)
        case .rotateZ: self = .rotate(axis: 2)
        case .scale: self = .scale
        case .scaleX: self = .scaleAlong(axis: 0)
        case .scaleY: self = .scaleAlong(axis: 1)
        case .scaleZ: self = .scaleAlong(axis: 2)
        case .translate: self = .translate
        case .translateX: self = .translateAlong(axis: 0)
        case .translateY: self = .translateAlong(axis: 1)
        case .translateZ: self = .translateAlong(axis: 2)
        default: return nil
        }
    }

    /// How many numbers a value holds.
    var inputCount: Int {
        switch self {
        case .scale, .translate: 3
        case .rotate, .scaleAlong, .translateAlong: 1
        }
    }

    /// The input that gives the identity transform.
    var identity: AnimatableValue {
        switch self {
        case .scale: .numbers([1, 1, 1])
        case .scaleAlong: .numbers([1])
        case .rotate, .translate, .translateAlong: .numbers([Double](repeating: 0, count: inputCount))
        }
    }

    /// An animation's value as this function's input: a number, or a list of `inputCount`
    /// numbers; nil for anything else.
    func input(_ value: Any) -> AnimatableValue? {
        if inputCount == 1, case .number(let x)? = AnimatableValue(value, as: .number) { return .numbers([x]) }
        guard case .numbers(let list?)? = AnimatableValue(value, as: .numbers), list.count == inputCount,
            list.allSatisfy(\.isFinite)
        else { return nil }
        return .numbers(list)
    }

    /// The transform of an input (the identity for a value of another shape).
    func transform(_ input: AnimatableValue) -> CATransform3D {
        guard case .numbers(let v?) = input, v.count == inputCount else { return CATransform3DIdentity }
        func unit(_ axis: Int) -> (CGFloat, CGFloat, CGFloat) { (axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0) }
        switch self {
        case .rotate(let axis):
            let (x, y, z) = unit(axis)
            return CATransform3DMakeRotation(CGFloat(v[0]), x, y, z)
        case .scale:
            return CATransform3DMakeScale(CGFloat(v[0]), CGFloat(v[1]), CGFloat(v[2]))
        case .scaleAlong(let axis):
            var s: [CGFloat] = [1, 1, 1]
            s[axis] = CGFloat(v[0])
            return CATransform3DMakeScale(s[0], s[1], s[2])
        case .translate:
            return CATransform3DMakeTranslation(CGFloat(v[0]), CGFloat(v[1]), CGFloat(v[2]))
        case .translateAlong(let axis):
            var t: [CGFloat] = [0, 0, 0]
            t[axis] = CGFloat(v[0])
            return CATransform3DMakeTranslation(t[0], t[1], t[2])
        }
    }
}
