import Foundation

/// A step of a declarative animation on one layer: an animation, steps one after another, steps
/// together, or a pause. What seed 003 builds on UIKit with nested completion callbacks, here
/// on Core Animation's own timing model: ``CALayer/animate(_:completion:)`` compiles the steps
/// into one ``CAAnimationGroup`` whose children begin at the right offsets, so the whole run is
/// evaluated at any time like any other animation and has one completion.
///
/// ```swift
/// layer.animate(.fadeIn(duration: 3),
///               .parallel(.move(to: CGPoint(x: 200, y: 200), duration: 1),
///                         .scale(values: [1, 1.3, 1], keyTimes: [0, 0.5, 1])),
///               completion: { finished in print("done", finished) })
/// ```
///
/// A step that gives no start value (`fromValue` nil, as the factories here) starts from the
/// value the steps before it left, because a group's children apply in order and each step
/// holds its end until the run is over.
public struct AnimationStep {
    enum Content {
        case animation(CAAnimation)
        case sequence([AnimationStep])
        case parallel([AnimationStep])
        case wait
    }

    let content: Content
    /// How long the step lasts in the layer's time; infinite for an animation that repeats
    /// forever (the steps after it never begin).
    public let duration: CFTimeInterval

    /// Runs `animation` as it is configured: its own beginTime delays it within the step, and
    /// its fillMode decides whether its end value stays until the run is over.
    public static func animation(_ animation: CAAnimation) -> AnimationStep {
        let timing = animation.timingSpec(duration: animation.duration > 0 ? animation.duration : 0.25)
        return AnimationStep(content: .animation(animation), duration: max(timing.endInParent, 0))
    }

    /// The steps one after another.
    public static func sequence(_ steps: [AnimationStep]) -> AnimationStep {
        AnimationStep(content: .sequence(steps), duration: steps.reduce(0) { $0 + $1.duration })
    }

    /// The steps one after another, given as arguments.
    public static func sequence(_ steps: AnimationStep...) -> AnimationStep { sequence(steps) }

    /// The steps together; the step lasts as long as the longest.
    public static func parallel(_ steps: [AnimationStep]) -> AnimationStep {
        AnimationStep(content: .parallel(steps), duration: steps.map(\.duration).max() ?? 0)
    }

    /// The steps together, given as arguments; the step lasts as long as the longest.
    public static func parallel(_ steps: AnimationStep...) -> AnimationStep { parallel(steps) }

    /// Nothing for `seconds` (negative and NaN count as 0).
    public static func wait(_ seconds: CFTimeInterval) -> AnimationStep {
        AnimationStep(content: .wait, duration: seconds > 0 ? seconds : 0)
    }
}

// MARK: - Factories (seed 003's)

extension AnimationStep {
    /// `keyPath` from its current value to `value`.
    public static func animate(
        _ keyPath: String, to value: Any, duration: CFTimeInterval = 0.25,
        timingFunction: CAMediaTimingFunctionName = .linear
    ) -> AnimationStep {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.toValue = value
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: timingFunction)
        animation.fillMode = .forwards
        return .animation(animation)
    }

    /// Opacity to 1.
    public static func fadeIn(duration: CFTimeInterval = 0.25, timingFunction: CAMediaTimingFunctionName = .linear) -> AnimationStep {
        animate("opacity", to: 1.0, duration: duration, timingFunction: timingFunction)
    }

    /// Opacity to 0.
    public static func fadeOut(duration: CFTimeInterval = 0.25, timingFunction: CAMediaTimingFunctionName = .linear) -> AnimationStep {
        animate("opacity", to: 0.0, duration: duration, timingFunction: timingFunction)
    }

    /// The layer's position to `point`.
    public static func move(
        to point: CGPoint, duration: CFTimeInterval = 0.25,
        timingFunction: CAMediaTimingFunctionName = .linear
    ) -> AnimationStep {
        animate("position", to: point, duration: duration, timingFunction: timingFunction)
    }

    /// `transform.scale` through `values` at `keyTimes`, linear, back to the layer's own scale
    /// when it ends (seed 003's keyframe scale: fill mode removed).
    public static func scale(
        values: [CGFloat], keyTimes: [Double], repeatCount: Float = 1,
        duration: CFTimeInterval = 0.3
    ) -> AnimationStep {
        let animation = CAKeyframeAnimation(keyPath: "transform.scale")
        animation.values = values
        animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.repeatCount = repeatCount
        animation.duration = duration
        return .animation(animation)
    }
}

// MARK: - Compiling into groups

extension AnimationStep {
    /// The step as one animation beginning at `offset` in its parent group's time, holding its
    /// end until the parent is over (unless it is an animation that does not fill forwards).
    func compiled(beginningAt offset: CFTimeInterval) -> CAAnimation? {
        let group = CAAnimationGroup()
        group.beginTime = offset
        group.duration = duration
        group.fillMode = .forwards
        switch content {
        case .animation(let animation):
            group.animations = [animation]
            if animation.fillMode == .removed || animation.fillMode == .backwards { group.fillMode = .removed }
        case .sequence(let steps):
            var start = 0.0
            group.animations = steps.compactMap { step in
                defer { start += step.duration }
                return step.compiled(beginningAt: start)
            }
        case .parallel(let steps):
            group.animations = steps.compactMap { $0.compiled(beginningAt: 0) }
        case .wait:
            return nil
        }
        return group
    }

    /// The key paths the step animates.
    var keyPaths: [String] {
        switch content {
        case .animation(let animation): return Self.keyPaths(of: animation)
        case .sequence(let steps), .parallel(let steps): return steps.flatMap(\.keyPaths)
        case .wait: return []
        }
    }

    private static func keyPaths(of animation: CAAnimation) -> [String] {
        if let property = animation as? CAPropertyAnimation { return property.keyPath.map { [$0] } ?? [] }
        if let group = animation as? CAAnimationGroup { return (group.animations ?? []).flatMap(keyPaths(of:)) }
        return []
    }
}
