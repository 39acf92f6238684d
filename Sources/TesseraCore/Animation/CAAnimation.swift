import Foundation

/// Told when an animation starts and stops, as QuartzCore's protocol. Both methods have empty
/// defaults, so an `NSObject` subclass adopts it by writing only the ones it needs.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began its active time (called by ``AnimationClock/advance(to:)``).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran to its end, false when it was removed
    /// before.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of Core Animation's animations, as QuartzCore's class: timing, a timing function, a
/// delegate, removal on completion, and arbitrary values by key.
///
/// An animation is copied when it is added to a layer, as in Core Animation: changing it
/// afterwards does not change what the layer shows. It is an action (``CAAction``): a layer runs
/// it by adding it under the key.
open class CAAnimation: NSObject, CAMediaTiming, NSCopying, CAAction {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Maps the fraction of each iteration; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Strongly held, as in Core Animation.
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it ends (default true). While it is
    /// true a `forwards` fill has no lasting effect, as in Core Animation.
    open var isRemovedOnCompletion = true

    private var storage: [String: Any] = [:]

    /// An animation with Core Animation's defaults: no duration (0.25 s once added), speed 1, no
    /// repetition, removed fill, removed on completion.
    public required override init() {
        super.init()
    }

    /// A new animation (Objective-C's `+animation`).
    public class func animation() -> Self { self.init() }

    /// Stores an arbitrary value under `key` (key-value coding on the animation, as seed 002 uses
    /// to tag animations).
    open func setValue(_ value: Any?, forKey key: String) {
        storage[key] = value
    }

    /// The value stored under `key`.
    open func value(forKey key: String) -> Any? {
        storage[key]
    }

    /// The default value of a property (nil: no default of its own).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// A copy, as QuartzCore's animations are `NSCopying`: a new animation of the same class
    /// with the same values, its delegate (strongly held) and the values stored by key; a
    /// group's animations are copied too.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copyValues(to: copy)
        return copy
    }

    /// Sets `copy`'s values (an animation of this class) to this animation's; each class sets
    /// its own and calls its superclass's.
    func copyValues(to copy: CAAnimation) {
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.timingFunction = timingFunction
        copy.delegate = delegate
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.storage = storage
    }

    /// Runs the animation as the action for `event` on `anObject` (a layer; anything else is
    /// ignored): adds it to the layer under `event`, as Core Animation's animations do.
    ///
    /// Run for a property change (the layer's implicit animation, or one from its ``CALayer/actions``,
    /// style, delegate or class), the animation fills in what it leaves out. A
    /// ``CABasicAnimation`` without `fromValue`, `toValue` and `byValue` runs from the value the
    /// layer showed before the change to the new one, as Apple documents: "All properties are
    /// nil. Interpolates between the previous value of keyPath in the target layer’s presentation
    /// layer and the current value of keyPath in the target layer’s presentation layer." A
    /// property animation without a `keyPath` animates the property `event` names, the key it is
    /// added under (Tessera's rule: Apple's documentation is silent, and `actions` entries are
    /// commonly written without one).
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(self, forKey: event, change: ThreadTransactions.current?.runningChange(of: layer, forKey: event))
    }

    /// The compiled form of this animation at the time it is added; nil when it animates nothing
    /// (an unknown key path is reported through `diagnostics`). `change` is the property change
    /// it runs as the action of, if any (see ``run(forKey:object:arguments:)``).
    package func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? { nil }

    /// The timing as values; a duration of 0 is 0.25 s at the top level (`defaultDuration`) or
    /// the group's duration inside a group.
    func timingSpec(defaultDuration: Double) -> TimingSpec {
        timingSpec(duration: duration > 0 ? duration : defaultDuration)
    }
}

/// An animation of one key path of a layer, as QuartzCore's class.
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated: a property (`"opacity"`) or a field of one (`"position.x"`,
    /// `"transform.rotation.z"`).
    open var keyPath: String?
    /// Whether the value is added to the layer's current value instead of replacing it.
    open var isAdditive = false
    /// Whether each repetition starts where the previous one ended.
    open var isCumulative = false
    /// Turns the animation's values into the transform it animates (``CAValueFunction``), for
    /// `transform` and `sublayerTransform`.
    open var valueFunction: CAValueFunction?

    /// A property animation with no key path.
    public required init() {
        super.init()
    }

    /// A property animation of the key path `path` (`"position"`, `"transform.rotation.z"`, ...).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CAPropertyAnimation else { return }
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        copy.valueFunction = valueFunction
    }

    /// The resolved key path (without one, the property of the `change` it runs for); reports
    /// an unknown one.
    func resolvedKeyPath(diagnostics: inout [String], change: PropertyChange?) -> LayerKeyPath? {
        guard let keyPath = keyPath ?? change?.key else {
            diagnostics.append("animation without a key path: ignored")
            return nil
        }
        guard let resolved = LayerKeyPath(keyPath) else {
            diagnostics.append("unknown key path \"\(keyPath)\": animation ignored")
            return nil
        }
        return resolved
    }

    /// The program of this animation changing `keyPath` by `values` (through `function` when
    /// given): its timing (0.25 s unless it says), its timing function's curve, and whether it
    /// adds to the value and accumulates over repetitions.
    final func propertyProgram(_ keyPath: LayerKeyPath, values: PropertyProgram.Values, function: ValueFunction?) -> AnimationProgram {
        AnimationProgram(
            timing: timingSpec(defaultDuration: 0.25), curve: timingFunction?.curve,
            body: .property(
                PropertyProgram(
                    keyPath: keyPath, additive: isAdditive, cumulative: isCumulative, values: values,
                    valueFunction: function)))
    }

    /// The value function that applies to `keyPath`: the animation's, on a whole transform
    /// property; nil otherwise (one set on another key path is reported).
    func appliedValueFunction(for keyPath: LayerKeyPath, diagnostics: inout [String]) -> ValueFunction? {
        guard let valueFunction else { return nil }
        guard keyPath.kind == .transform, keyPath.field == .whole else {
            diagnostics.append("valueFunction on key path \"\(self.keyPath ?? "")\" (not a transform): left out")
            return nil
        }
        return valueFunction.function
    }

    /// Reads an animation value for `keyPath` (an input of `function` when given), reporting one
    /// of the wrong type.
    func read(
        _ value: Any?, for keyPath: LayerKeyPath, _ name: @autoclosure () -> String, function: ValueFunction? = nil,
        diagnostics: inout [String]
    ) -> AnimatableValue? {
        guard let value else { return nil }
        if let function {
            guard let input = function.input(value) else {
                let functionName = self.valueFunction?.name.rawValue ?? ""
                diagnostics.append("\(name()) of type \(type(of: value)) is not an input of value function \(functionName): ignored")
                return nil
            }
            return input
        }
        guard let read = AnimatableValue(value, as: keyPath.kind) else {
            diagnostics.append("\(name()) of type \(type(of: value)) does not fit key path \"\(self.keyPath ?? "")\": ignored")
            return nil
        }
        return read
    }
}

/// An animation between two values, as QuartzCore's class: any combination of `fromValue`,
/// `toValue` and `byValue`, with Apple's documented meaning (a nil end is the layer's current
/// value).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value to start from (nil: derived from `toValue` and `byValue`, or the layer's current value).
    open var fromValue: Any?
    /// The value to end at (nil: derived from `fromValue` and `byValue`, or the layer's current value).
    open var toValue: Any?
    /// The change, added to `fromValue` or subtracted from `toValue` when only one of them is set.
    open var byValue: Any?

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CABasicAnimation else { return }
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
    }

    package override func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? {
        guard let key = resolvedKeyPath(diagnostics: &diagnostics, change: change) else { return nil }
        let function = appliedValueFunction(for: key, diagnostics: &diagnostics)
        // The three ends read one by one, in order (a layer adds animations by the hundred: no
        // array of them to build).
        let fromValue = fromValue, toValue = toValue, byValue = byValue
        guard var from = end(fromValue, "fromValue", for: key, function: function, diagnostics: &diagnostics),
            let to = end(toValue, "toValue", for: key, function: function, diagnostics: &diagnostics),
            let by = end(byValue, "byValue", for: key, function: function, diagnostics: &diagnostics)
        else { return nil }
        if let change, function == nil, fromValue == nil && toValue == nil && byValue == nil, LayerKeyPath(change.key) == key {
            from = change.previous   // from the value shown before the change to the new one
        }
        return propertyProgram(key, values: .basic(BasicValues(from: from, to: to, by: by)), function: function)
    }

    /// One end of the animation read for `key`: nil (no program) when a value function's input
    /// has the wrong shape, which leaves nothing sensible to animate; else the value, nil when
    /// it is not given or does not fit (reported).
    private func end(
        _ value: Any?, _ name: String, for key: LayerKeyPath, function: ValueFunction?, diagnostics: inout [String]
    ) -> AnimatableValue?? {
        let converted = read(value, for: key, name, function: function, diagnostics: &diagnostics)
        if function != nil, value != nil, converted == nil { return nil }
        return .some(converted)
    }
}

/// A spring from one value to another, as QuartzCore's class: the closed-form damped
/// oscillator. Its progress follows the spring in seconds of its local time; the timing function
/// is not applied.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring (default 1; must be above 0).
    open var mass: CGFloat = 1
    /// The spring's stiffness coefficient (default 100; must be above 0).
    open var stiffness: CGFloat = 100
    /// The friction coefficient (default 10; must be at least 0).
    open var damping: CGFloat = 10
    /// The speed at the start, in distances to travel per second, positive towards the end value
    /// (default 0).
    open var initialVelocity: CGFloat = 0
    /// Whether a damping above critical is used as given (false by default: clamped to critical).
    open var allowsOverdamping = false

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CASpringAnimation else { return }
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        copy.allowsOverdamping = allowsOverdamping
    }

    /// How long the spring takes to come to rest, for use as `duration`.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    /// A spring paced by `perceptualDuration` that bounces by `bounce`, as Apple's initializer
    /// (and SwiftUI's `Spring(duration:bounce:)`): mass 1, stiffness (2π / duration)², damping
    /// ratio 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) below, overdamping allowed. NaN
    /// durations read as 0.5 and bounces as 0; durations are clamped to [1e-4, 1e4] and bounces to
    /// [−1, 1]. `duration` keeps its default: set it to ``settlingDuration`` to see the spring settle.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = DampedSpring(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(spring.mass)
        stiffness = CGFloat(spring.stiffness)
        damping = CGFloat(spring.damping)
        allowsOverdamping = true
    }

    /// The pace of the spring: the period it would swing with undamped, 2π √(mass / stiffness).
    open var perceptualDuration: CFTimeInterval {
        2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// How much the spring bounces, from its damping ratio ζ = damping / (2 √(stiffness · mass)):
    /// 1 − ζ when it is at most critically damped (0 … 1), 1 / ζ − 1 when overdamped (below 0).
    open var bounce: CGFloat {
        let zeta = spring.dampingRatio
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    var spring: DampedSpring {
        DampedSpring(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    package override func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? {
        guard let program = super.program(diagnostics: &diagnostics, change: change),
            case .property(let property) = program.body, case .basic(let values) = property.values
        else { return nil }
        // A spring's own motion replaces the timing function.
        return AnimationProgram(
            timing: program.timing, curve: nil,
            body: .property(
                PropertyProgram(
                    keyPath: property.keyPath, additive: property.additive,
                    cumulative: property.cumulative, values: .spring(values, spring),
                    valueFunction: property.valueFunction)))
    }
}

/// Animations that run together in the group's time, as QuartzCore's class. Children are
/// clipped to the group's active time; a child whose duration is 0 lasts the whole group.
/// Children's delegates and `isRemovedOnCompletion` are ignored, as Apple documents; a
/// ``CATransition`` among them is left out (reported in ``CALayer/diagnostics``).
open class CAAnimationGroup: CAAnimation {
    /// The animations that run together (nil: none).
    open var animations: [CAAnimation]?

    override func copyValues(to copy: CAAnimation) {
        super.copyValues(to: copy)
        guard let copy = copy as? CAAnimationGroup else { return }
        copy.animations = animations?.compactMap { $0.copy() as? CAAnimation }
    }

    package override func program(diagnostics: inout [String], change: PropertyChange?) -> AnimationProgram? {
        let timing = timingSpec(defaultDuration: 0.25)
        var children: [AnimationProgram] = []
        for child in animations ?? [] {
            // Children fill in nothing from a property change: they name their key paths.
            guard let program = child.program(diagnostics: &diagnostics, change: nil) else { continue }
            // A transition draws its layer, which a group's children do not reach.
            if case .transition = program.body {
                diagnostics.append("CATransition inside a CAAnimationGroup: ignored")
                continue
            }
            if child.duration <= 0 { program.timing.duration = timing.duration }
            children.append(program)
        }
        return AnimationProgram(timing: timing, curve: timingFunction?.curve, body: .group(children))
    }
}
