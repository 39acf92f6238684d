import TesseraRaster

/// The ends of the groups a walk has begun and not yet ended, recorded elsewhere: what a backdrop
/// inside them sees is the walk's canvas with them ended there (``BackdropCapture``).
extension LayerTreeDrawing {
    /// The steps of `steps` that end groups begun on the walk's canvas (a group's end, a colour
    /// filter's, a clip's mask, a mask layer's), in their order on the stack: the last runs first.
    /// The layers and borders still to draw are left out: they are not below what the walk draws now.
    static func groupEnds(in steps: [Step]) -> [Step] {
        steps.filter {
            switch $0 {
            case .clip, .mask, .endGroup, .endColorFilter: true
            case .layer, .border, .source, .recorded, .onlySublayer: false
            }
        }
    }

    /// Records `ends` (``groupEnds(in:)``) on `canvas` as this walk records them, mask layers
    /// included: without backdrops, and without filters drawn apart, whose canvases the walk may
    /// be drawing on.
    func endGroups(_ ends: [Step], on canvas: Canvas) {
        guard !ends.isEmpty else { return }
        LayerTreeDrawing(canvas: canvas, shadows: shadows, renderedRoot: renderedRoot, rendersInContext: rendersInContext)
            .walk(ends, rootOpacity: nil, recorders: nil, asFilterSource: false)
    }
}
