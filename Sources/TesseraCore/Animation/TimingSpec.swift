import Foundation

/// The timing of a layer or an animation as values, and the mapping from its parent's time to a
/// position inside one iteration: Core Animation's `CAMediaTiming` model.
///
/// With `a = (t_parent − beginTime) × speed` (the active time):
/// - The object is active while 0 ≤ a ≤ D, D = the active duration: `repeatDuration` when
///   positive, else `duration × repeatCount` (1 when 0; forever for `.infinity` and
///   `.greatestFiniteMagnitude`), doubled by `autoreverses`. An unbounded duration (a layer's 0)
///   is active at every time. The end is included, so that an animation at exactly its end shows
///   its final value (the percentage-driven pattern sets `timeOffset = duration` for 100 %).
/// - A negative speed runs the active period backwards: active while −D ≤ a ≤ 0, at position
///   D + a (it starts at its end). Speed 0 stays at position 0 (plus the offset).
/// - `timeOffset` is added inside the active period and wraps around it: a 5 s animation with
///   offset 2 shows 2…5 and then 0…2, as Core Animation does; the period itself does not move.
/// - Outside the period, `fillMode` backwards holds position 0, forwards holds the end.
/// - The position becomes an iteration and a time within it (autoreversing iterations run back
///   in their second half); the end of the last iteration is its final state.
struct TimingSpec: Hashable, Sendable {
    var beginTime: Double = 0
    /// One iteration; `.infinity` for an unbounded layer.
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillsBackwards = false
    var fillsForwards = false

    init(
        beginTime: Double, duration: Double, speed: Float, timeOffset: Double, repeatCount: Float,
        repeatDuration: Double, autoreverses: Bool, fillMode: CAMediaTimingFillMode
    ) {
        self.beginTime = beginTime.isFinite ? beginTime : 0
        self.duration = duration.isNaN || duration < 0 ? 0 : duration
        self.speed = speed.isFinite ? Double(speed) : 1
        self.timeOffset = timeOffset.isFinite ? timeOffset : 0
        self.repeatCount = repeatCount.isNaN || repeatCount < 0 ? 0 : Double(repeatCount)
        self.repeatDuration = repeatDuration.isNaN || repeatDuration < 0 ? 0 : repeatDuration
        self.autoreverses = autoreverses
        fillsBackwards = fillMode == .backwards || fillMode == .both
        fillsForwards = fillMode == .forwards || fillMode == .both
    }

    /// Where the object stands at a time of its parent.
    enum Phase: Equatable {
        /// Before its active period, not filling.
        case before
        /// Past its active period, not filling.
        case after
        /// Showing `time` within iteration `iteration` (0 ≤ time ≤ duration); `active` is false
        /// while it only fills.
        case showing(time: Double, iteration: Double, active: Bool)
    }

    /// The active duration D (infinite for unbounded or endless repeats).
    var activeDuration: Double {
        let cycle = autoreverses ? 2 * duration : duration
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount == 0 { return cycle }
        if repeatCount == .infinity || repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
        return cycle * repeatCount
    }

    /// The end of the active period in the parent's time (infinite when unbounded or the speed
    /// is 0).
    var endInParent: Double {
        let d = activeDuration
        guard speed != 0, d.isFinite else { return .infinity }
        return beginTime + d / abs(speed)
    }

    /// The phase at parent time `t`.
    func phase(at t: Double) -> Phase {
        let d = activeDuration
        let a = (t - beginTime) * speed
        var position: Double
        if speed < 0 {
            if a < -d { return fillsForwards ? showing(d, active: false) : .after }
            if a > 0 { return fillsBackwards ? showing(0, active: false) : .before }
            position = d + a
        } else {
            if a < 0 { return fillsBackwards ? showing(0, active: false) : .before }
            if a > d { return fillsForwards ? showing(d, active: false) : .after }
            position = a
        }
        if timeOffset != 0 {
            position += timeOffset
            // Past the end only: an offset of exactly D (a paused animation scrubbed to 100 %)
            // shows the end, not the start.
            if d.isFinite && d > 0 && position > d {
                position = position.truncatingRemainder(dividingBy: d)
                if position < 0 { position += d }
            }
        }
        return showing(position, active: true)
    }

    /// Where an animation with this timing and timing function `curve` is at parent time `t`:
    /// the eased fraction of its iteration, the time within the iteration, and the iteration;
    /// nil when it shows nothing.
    func progress(
        at t: Double, curve: TimingCurve?, removedOnCompletion: Bool
    )
        -> (fraction: Double, time: Double, iteration: Double)?
    {
        guard case .showing(let time, let iteration, let active) = phase(at: t) else { return nil }
        // An animation removed on completion has no fill after its end.
        if removedOnCompletion && !active && t >= beginTime { return nil }
        let linear = duration > 0 && duration.isFinite ? time / duration : 0
        return (curve.map { $0.evaluate(linear) } ?? linear, time, iteration)
    }

    /// The iteration and time within it at `position` in [0, D].
    private func showing(_ position: Double, active: Bool) -> Phase {
        guard duration > 0, duration.isFinite else {
            return .showing(time: duration.isFinite ? 0 : position, iteration: 0, active: active)
        }
        let cycle = autoreverses ? 2 * duration : duration
        var iteration = (position / cycle).rounded(.down)
        var r = position - iteration * cycle
        // The end of the last cycle is that cycle's final state, not the next one's start.
        if r == 0 && position > 0 && position >= activeDuration {
            iteration -= 1
            r = cycle
        }
        if autoreverses && r > duration { r = cycle - r }
        return .showing(time: min(max(r, 0), duration), iteration: iteration, active: active)
    }
}

extension CAMediaTiming {
    /// The object's timing as values, with `duration` in place of its own (the caller resolves
    /// what a duration of 0 means: 0.25 s for an animation, unbounded for a layer).
    func timingSpec(duration: Double) -> TimingSpec {
        TimingSpec(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
            repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
            fillMode: fillMode)
    }
}
