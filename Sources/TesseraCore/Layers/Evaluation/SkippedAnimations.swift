/// The animations an evaluation left out below hidden layers (see
/// ``EvaluationPlan/evaluate(rootParentTime:threadCount:recorder:skipsHiddenSubtrees:)``): the
/// layers' model values are in the tree, and applying these at the layers' times there gives
/// what a full evaluation gives. Drawing never reads those layers; a transition starting from the
/// tree does (its layer may lie below a layer hidden then), and applies them to its copy.
///
/// Not `Sendable` (its programs' timing is changed in place by playback controls): applied on
/// the thread that changes the model (``CALayer/lastPresentedSnapshot()``), with the plan's
/// own copies of the timing.
struct SkippedAnimations {
    /// The layers whose animations were not applied, as runs of indices in order.
    let layers: [Range<Int>]
    /// The plan the tree was evaluated from, whose animations these are: its copies, which later
    /// changes to the layers do not touch.
    let plan: EvaluationPlan

    /// Applies the animations of ``layers`` to `properties` (a copy of the tree's) at the
    /// layers' `times` (NaN: not active, none apply).
    func apply(to properties: UnsafeMutableBufferPointer<LayerProperties>, times: [Double]) {
        for i in layers.joined() { plan.applyAnimations(i, time: times[i], to: properties.baseAddress! + i) }
    }
}
