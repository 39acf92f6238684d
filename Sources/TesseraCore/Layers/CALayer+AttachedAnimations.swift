import Foundation

/// Internal handles on an added animation by key, for the playback controls of
/// ``AnimationToken``: its timing, changing it in place (no delegate calls, unlike removing and
/// adding again), removing it silently, and keeping its end values as the model's.
extension CALayer {
    /// Now, in this layer's time.
    var now: CFTimeInterval {
        convertTime(currentMediaTime, from: nil)
    }

    func attachedTiming(forKey key: String) -> TimingSpec? {
        attached.first { $0.key == key }?.program.timing
    }

    func retimeAnimation(forKey key: String, beginTime: Double, speed: Double, timeOffset: Double) {
        guard let entry = attached.first(where: { $0.key == key }) else { return }
        entry.program.timing.beginTime = beginTime
        entry.program.timing.speed = speed
        entry.program.timing.timeOffset = timeOffset
        entry.stopped = false
        // Evaluation plans hold animations' timing, and it may stop again: the clock's list of
        // pending events must see it.
        TreeGeneration.advance()
    }

    /// Removes the animation without telling its delegate (transaction completion blocks
    /// waiting for it hear it ended).
    func detachAnimation(forKey key: String) {
        let removed = attached.filter { $0.key == key }
        attached.removeAll { $0.key == key }
        for entry in removed { entry.tellCompletionsItEnded() }
    }

    /// Sets the model values of `keyPaths` (whole properties: `transform` for
    /// `transform.scale`) to what the animation under `key` shows at its end over the model.
    func adoptEndValues(ofAnimationForKey key: String, keyPaths: [String]) {
        guard let entry = attached.first(where: { $0.key == key }) else { return }
        let end = entry.program.timing.endInParent
        var shown = properties
        entry.program.apply(at: end.isFinite ? end : now, removedOnCompletion: false, to: &shown)
        for path in keyPaths {
            guard let property = LayerKeyPath(path)?.property, let whole = LayerKeyPath(whole: property) else { continue }
            whole.set(whole.value(in: shown), in: &propertiesWithoutActions)
        }
    }
}
