import Foundation
import TesseraRaster

/// How keyframe values are interpolated, as QuartzCore's `CAAnimationCalculationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
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

public let kCAAnimationLinear = CAAnimationCalculationMode.linear
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
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
    open var values: [Any]? {
        didSet { readValues = nil }
    }
    open var path: CGPath?
    open var keyTimes: [NSNumber]? {
        get {
            switch storedKeyTimes {
            case .numbers(let numbers): numbers
            case .fractions(let fractions): fractions.map { NSNumber(value: $0) }
            }
        }
        set { storedKeyTimes = .numbers(newValue) }
    }
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
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
