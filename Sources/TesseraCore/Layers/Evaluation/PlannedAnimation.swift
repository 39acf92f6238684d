/// An added animation as an ``EvaluationPlan`` keeps it: its timing inline and, for a basic
/// animation of a vector key path (most animations), its values inline too. A frame then reads
/// the plan's animations in order from one array instead of following four references per
/// animation to scattered objects: those cache misses were most of a frame's time.
struct PlannedAnimation {
    let timing: TimingSpec
    let curve: TimingCurve?
    let removedOnCompletion: Bool
    /// The values, when the animation is a basic one of a vector key path; nil: run ``program``.
    let vector: VectorAnimation?
    let program: AnimationProgram

    init(_ entry: AttachedAnimation) {
        let program = entry.program
        timing = program.timing
        curve = program.curve
        removedOnCompletion = entry.isRemovedOnCompletion
        self.program = program
        if case .property(let property) = program.body, case .basic = property.values {
            vector = property.vector
        } else {
            vector = nil
        }
    }

    /// Applies the animation at its layer's time `t`, as ``AnimationProgram/apply(at:removedOnCompletion:to:)``.
    func apply(at t: Double, to properties: inout LayerProperties) {
        guard vector != nil else {
            program.apply(at: t, timing: timing, removedOnCompletion: removedOnCompletion, to: &properties)
            return
        }
        guard let (fraction, _, iteration) = timing.progress(at: t, curve: curve, removedOnCompletion: removedOnCompletion)
        else { return }
        // Optional chaining works on the value where it lies; `if let` would copy its 160 bytes.
        vector?.apply(progress: fraction, iteration: iteration, to: &properties)
    }
}
