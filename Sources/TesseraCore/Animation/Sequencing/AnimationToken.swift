import Foundation

/// A running declarative animation (see ``AnimationStep``): one group on one layer, with
/// playback controls built on Core Animation's timing pattern (seeds 000 and 004): pausing
/// freezes the group with `speed` 0 and `timeOffset` at the elapsed time, resuming moves its
/// `beginTime` so that it goes on from there.
///
/// When the run ends (the layer's clock passes its end: see ``AnimationClock``) its end values
/// become the layer's model values, the group is removed, and the completion hears `true`;
/// ``stop()`` removes it early, leaves the model as it was, and the completion hears `false`.
/// The completion is called once.
///
/// The token holds its layer weakly; the layer's animation holds the token (as its delegate).
public final class AnimationToken: CAAnimationDelegate {
    /// Where a run stands.
    public enum State: Sendable, Equatable {
        /// `running`: playing; `paused`: frozen by ``pause()``; `finished`: ran to its end (its end
        /// values are the model's); `stopped`: removed early by ``stop()``.
        case running, paused, finished, stopped
    }

    /// Where the run stands: ``State/running`` until it is paused, finishes or is stopped.
    public private(set) var state: State = .running
    /// The length of the whole run in the layer's time.
    public let duration: CFTimeInterval
    private weak var layer: CALayer?
    private let group: CAAnimationGroup
    private let key: String
    private let keyPaths: [String]
    private var completion: ((Bool) -> Void)?

    init(layer: CALayer, step: AnimationStep, completion: ((Bool) -> Void)?) {
        self.layer = layer
        duration = step.duration
        keyPaths = step.keyPaths
        self.completion = completion
        key = "tessera.animate.\(UUID().uuidString)"
        group = (step.compiled(beginningAt: 0) as? CAAnimationGroup) ?? CAAnimationGroup()
        // A duration of 0 would mean Core Animation's default 0.25 s: a run of no length lasts
        // a nanosecond instead, and ends at the clock's next step.
        group.duration = max(duration, 1e-9)
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        group.delegate = self
        play()
    }

    /// Seconds into the run, in the layer's time: 0 before it begins, `duration` after it ends.
    public var elapsed: CFTimeInterval {
        switch state {
        case .finished: return duration
        case .stopped: return 0
        case .running, .paused:
            guard let layer, let timing = layer.attachedTiming(forKey: key) else { return 0 }
            switch timing.phase(at: layer.now) {
            case .before: return 0
            case .after: return duration
            case .showing(let time, _, _): return time
            }
        }
    }

    /// How far the run is, from 0 to 1 (1 for a run of no length that has ended).
    public var progress: Double {
        guard duration > 0 else { return state == .finished ? 1 : 0 }
        return duration.isFinite ? min(max(elapsed / duration, 0), 1) : 0
    }

    /// Starts the run from its beginning, now (again, after it ended or stopped).
    public func play() {
        guard let layer else { return }
        if layer.attachedTiming(forKey: key) == nil {
            group.beginTime = 0
            group.speed = 1
            group.timeOffset = 0
            layer.add(group, forKey: key)
            state = .running
        } else {
            state = .running
            seek(to: 0)
        }
    }

    /// Freezes the run where it is.
    public func pause() {
        guard state == .running, let layer else { return }
        let at = elapsed
        state = .paused
        retime(layer, beginTime: layer.now, speed: 0, timeOffset: at)
    }

    /// Goes on from where ``pause()`` froze it.
    public func resume() {
        guard state == .paused, let layer else { return }
        let at = elapsed
        state = .running
        retime(layer, beginTime: layer.now - at, speed: 1, timeOffset: 0)
    }

    /// Moves the run to `seconds` into it (clamped to 0…duration), paused or running as it is.
    public func seek(to seconds: CFTimeInterval) {
        guard state == .running || state == .paused, let layer else { return }
        let at = duration.isFinite ? min(max(seconds.isNaN ? 0 : seconds, 0), duration) : max(seconds.isNaN ? 0 : seconds, 0)
        if state == .paused {
            retime(layer, beginTime: layer.now, speed: 0, timeOffset: at)
        } else {
            retime(layer, beginTime: layer.now - at, speed: 1, timeOffset: 0)
        }
    }

    /// Moves the run to a fraction of it (0…1).
    public func seek(toProgress progress: Double) {
        seek(to: progress * duration)
    }

    /// Removes the run's animations; the layer shows its model values again.
    public func stop() {
        guard state == .running || state == .paused else { return }
        state = .stopped
        layer?.detachAnimation(forKey: key)
        finish(false)
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, state == .running, let layer else { return }
        state = .finished
        layer.adoptEndValues(ofAnimationForKey: key, keyPaths: keyPaths)
        layer.detachAnimation(forKey: key)
        finish(true)
    }

    private func retime(_ layer: CALayer, beginTime: CFTimeInterval, speed: Float, timeOffset: CFTimeInterval) {
        group.beginTime = beginTime
        group.speed = speed
        group.timeOffset = timeOffset
        layer.retimeAnimation(forKey: key, beginTime: beginTime, speed: Double(speed), timeOffset: timeOffset)
    }

    private func finish(_ finished: Bool) {
        let handler = completion
        completion = nil
        handler?(finished)
    }
}

extension CALayer {
    /// Runs `steps` one after another on this layer, as one animation with one completion
    /// (`true` when it ran to its end, `false` when stopped). See ``AnimationStep``.
    @discardableResult
    public func animate(_ steps: AnimationStep..., completion: ((Bool) -> Void)? = nil) -> AnimationToken {
        AnimationToken(layer: self, step: .sequence(steps), completion: completion)
    }

    /// Runs `steps` together on this layer, with one completion when the longest ends.
    @discardableResult
    public func animate(parallel steps: AnimationStep..., completion: ((Bool) -> Void)? = nil) -> AnimationToken {
        AnimationToken(layer: self, step: .parallel(steps), completion: completion)
    }
}
