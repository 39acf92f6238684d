/// What recording a layer costs the drawing walk, roughly, in units of a plain layer's (about a
/// microsecond on the bench's machine): what ``ParallelSublayerRecording`` weighs to decide
/// whether a subtree is worth several threads and to cut runs of equal work.
///
/// Read from the model when the tree's plan is made (``TreeShape``), so a filter added later
/// weighs only from the next change of the tree's shape: the costs steer the work's sharing,
/// never what is drawn.
enum RecordingCost {
    /// A layer drawn apart and filtered (``FilteredLayerDrawing``), or an emitter's particles:
    /// about a millisecond on a 1080p frame.
    static let drawnApart = 1000
    /// A shadow without a path: the layer's shape rendered offscreen and blurred.
    static let shadow = 500
    /// A text layer: its string laid out and shaped when its layout is not cached.
    static let text = 40
    /// A gradient layer: its colour table is built again whenever its colours or locations
    /// change (about 20 µs in Generic RGB), found in the cache otherwise. layer-content's
    /// gradients, half of them animating their locations, took six times an image layer's time.
    static let gradient = 6

    static func of(_ p: UnsafePointer<LayerProperties>) -> Int {
        var cost = 1
        let content = p.pointee.kind.layerClass.content
        if content == .particles || LayerFilterDrawing.apartChain(of: p) != nil { cost += drawnApart }
        if content == .text { cost += text }
        if content == .gradient { cost += gradient }
        if p.pointee.shadowColor != nil, p.pointee.shadowOpacity > 0, p.pointee.shadowPath == nil { cost += shadow }
        return cost
    }
}
