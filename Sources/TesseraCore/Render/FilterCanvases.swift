import TesseraRaster

/// The canvases layers with blurring filters are drawn on apart from the frame, one per level of
/// nesting (a blurred layer inside a blurred layer draws on the next one), kept from frame to
/// frame. Used from one thread at a time: each parallel recording run has its own.
final class FilterCanvases {
    private var canvases: [Canvas] = []

    /// The canvas of nesting level `depth`.
    func canvas(at depth: Int) -> Canvas {
        while canvases.count <= depth { canvases.append(Canvas(threadCount: 1)) }
        return canvases[depth]
    }
}

/// What a drawing walk needs to draw layers whose filters blur: where to draw them apart (at
/// which nesting level), and the size of the target the walk draws for (in its pixels).
struct OffscreenFilters {
    let canvases: FilterCanvases
    let depth: Int
    let targetWidth: Int
    let targetHeight: Int
}
