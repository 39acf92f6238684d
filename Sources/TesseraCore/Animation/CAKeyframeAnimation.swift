import Foundation
import TesseraRaster

/// How keyframe values are interpolated, as QuartzCore's `CAAnimationCalculationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value holds until the next key time: no interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, with the key times computed for an even pace (key times and timing functions ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth spline through the values, shaped by the tension, continuity and bias values.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// Cubic, with the key times computed for an even pace (key times and timing functions ignored).
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a path turns with it, as QuartzCore's `CAAnimationRotationMode`.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turned to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turned to the path's tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// The Objective-C name of ``CAAnimationCalculationMode/linear``.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// The Objective-C name of ``CAAnimationCalculationMode/discrete``.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// The Objective-C name of ``CAAnimationCalculationMode/paced``.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// The Objective-C name of ``CAAnimationCalculationMode/cubic``.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// The Objective-C name of ``CAAnimationCalculationMode/cubicPaced``.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// The Objective-C name of ``CAAnimationRotationMode/rotateAuto``.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// The Objective-C name of ``CAAnimationRotationMode/rotateAutoReverse``.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// An animation through a list of values (or along a path), as QuartzCore's class.
///
/// - `keyTimes` (fractions in [0, 1], one per value; for `.discrete` one per value, each
///   value holding until the next key time) are used when their count fits, else the values
///   are spread evenly. `.paced` and `.cubicPaced` ignore them and space the values by distance.
/// - `timingFunctions` (one per segment) ease each segment; `.paced` and `.cubicPaced` ignore
///   them too, as Apple's header says.
/// - `.cubic` runs a Kochanek–Bartels spline through the values (`tensionValues`,
///   `continuityValues`, `biasValues`, one per value, 0 by default: Catmull–Rom) for numbers,
///   points, sizes, rects and colors; other kinds interpolate linearly.
/// - `path` (for a point key path such as `position`) takes precedence over `values`: each point
///   of the path except `moveto` points is a keyframe (`KeyframePath`), so in `.linear` each
///   element of the path takes an equal share of the time (or as `keyTimes` say); in `.paced`
///   the value moves at constant speed along the whole path. `rotationMode` turns the layer's
///   transform with the tangent.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, of the animated property's type (`NSNumber`, `CGPoint`, `CGColor`, ...);
    /// ignored when ``path`` is set.
    open var values: [Any]? {
        didSet { readValues = nil }
    }
    /// A path for a point property to follow; takes precedence over ``values``.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration from 0 to 1 in increasing order
    /// (nil: evenly spaced).
    open var keyTimes: [NSNumber]? {
        get {
            switch storedKeyTimes {
            case .numbers(let numbers): numbers
            case .fractions(let fractions): fractions.map { NSNumber(value: $0) }
            }
        }
        set { storedKeyTimes = .numbers(newValue) }
    }
    /// The pacing of each segment between keyframes, one fewer than the values (nil: linear).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How the values between keyframes are computed (``CAAnimationCalculationMode/linear`` by default).
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// For the cubic modes, the tightness of the curve at each keyframe (1 tight, −1 round; 0 default).
    open var tensionValues: [NSNumber]?
    /// For the cubic modes, the sharpness of the corner at each keyframe (0 default).
    open var continuityValues: [NSNumber]?
    /// For the cubic modes, where the curve bends relative to each keyframe (0 default).
    open var biasValues: [NSNumber]?
    /// Whether a layer following ``path`` turns with its tangent (nil: it does not turn).
    open var rotationMode: CAAnimationRotationMode?

    /// ``values`` as the model reads them, given with them by a reader of this package that has
    /// them typed (a Lottie file's keyframes): adding the animation then reads no `Any`. Setting
    /// ``values`` clears it.
    package private(set) var readValues: [AnimatableValue]?

    /// ``keyTimes`` as they were set: `NSNumber`s through the API, or fractions from a reader of
    /// this package (made `NSNumber`s only when `keyTimes` is read).
    private enum KeyTimes {
        case numbers([NSNumber]?)
        case fractions([Double])
    }

    private var storedKeyTimes = KeyTimes.numbers(nil)

    /// Sets ``values`` (nil: leaves them, for an animation along ``path``) with the same values as
    /// the model reads them, `read[i]` being `values[i]` read for the key path, and ``keyTimes``
    /// as fractions.
    package func setKeyframes(values: [Any]?, read: [AnimatableValue]?, keyTimes: [Double]) {
        if let values {
            self.values = values
            readValues = read
        }
        storedKeyTimes = .fractions(keyTimes)
    }

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CAKeyframeAnimation else { return }
        copy.values = values
        copy.readValues = readValues
        copy.path = path
        copy.storedKeyTimes = storedKeyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        copy.rotationMode = rotationMode
    }

    package override func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? {
        guard let key = resolvedKeyPath(diagnostics: &diagnostics, change: change) else { return nil }
        let keyframes: Keyframes
        let function = path == nil ? appliedValueFunction(for: key, diagnostics: &diagnostics) : nil
        let mode: Keyframes.Mode
        switch calculationMode {
        case .discrete: mode = .discrete
        case .paced: mode = .paced
        case .cubic: mode = .cubic
        case .cubicPaced: mode = .cubicPaced
        default: mode = .linear
        }
        let fractions: [Double]
        switch storedKeyTimes {
        case .numbers(let numbers): fractions = (numbers ?? []).map(\.doubleValue)
        case .fractions(let given): fractions = given
        }
        let times = fractions.map { min(max($0.isNaN ? 0 : $0, 0), 1) }
        let curves = (timingFunctions ?? []).map { Optional($0.curve) }
        if let path {
            guard let keyframePath = KeyframePath(path.rasterPath) else {
                diagnostics.append("keyframe path of zero length: animation ignored")
                return nil
            }
            let rotation: Double? = rotationMode == .rotateAuto ? 0 : rotationMode == .rotateAutoReverse ? Double.pi : nil
            // `.cubic` has no values to run a spline through: the path's own curves are kept.
            keyframes = Keyframes(
                values: [], keyTimes: times, curves: curves, mode: mode == .cubic ? .linear : mode,
                tcb: [], path: keyframePath, rotationOffset: rotation)
        } else {
            var read: [AnimatableValue] = []
            let values = values ?? []
            if function == nil, let readValues, readValues.count == values.count, readValues.allSatisfy({ $0.kind == key.kind }) {
                read = readValues
            } else {
                read.reserveCapacity(values.count)
                for (index, value) in values.enumerated() {
                    guard
                        let value = self.read(
                            value, for: key, "values[\(index)]", function: function,
                            diagnostics: &diagnostics)
                    else { return nil }
                    read.append(value)
                }
            }
            guard !read.isEmpty else {
                diagnostics.append("keyframe animation without values: ignored")
                return nil
            }
            func number(_ array: [NSNumber]?, _ i: Int) -> Double {
                guard let array, i < array.count, array[i].doubleValue.isFinite else { return 0 }
                return array[i].doubleValue
            }
            let tension = tensionValues, continuity = continuityValues, bias = biasValues   // read once, not per value
            // None given: no list, as zeros for all (what a missing entry reads as).
            let tcb =
                tension == nil && continuity == nil && bias == nil
                ? [] : read.indices.map { SIMD3(number(tension, $0), number(continuity, $0), number(bias, $0)) }
            keyframes = Keyframes(
                values: read, keyTimes: times, curves: curves, mode: mode, tcb: tcb, path: nil,
                rotationOffset: nil)
        }
        return propertyProgram(key, values: .keyframes(keyframes), function: function)
    }
}
