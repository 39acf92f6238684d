import Foundation
import TesseraRaster

/// Applies a filter chain's operations (``LayerFilterChain``) to pixels drawn apart from the
/// frame: blurs through TesseraRaster's `GaussianBlur` (the pixels grow by its reach), colour
/// matrices in place (`Pixmap.apply`, the kernel of a group's colour filter, or
/// `Pixmap.applyToPremultiplied`), alpha thresholds in place. Where the pixels lie on the target
/// moves with them.
///
/// A wide blur runs at a reduced resolution, as Core Animation's backdrops sample at their
/// `scale`: the pixels are halved (2 × 2 averages) while σ stays at least ``reducedSigma`` of
/// them, blurred there by what σ still lacks (the averaging is itself a box of f target pixels,
/// variance (f² − 1) / 12), and drawn back enlarged with bilinear filtering. A blur as wide as
/// that keeps nothing that the half-resolution image loses, and σ = 20 costs 16 times less.
///
/// Blurs with hard or normalized edges (``LayerFilterChain/BlurEdges``) work within
/// `edgeRegion` (FilterOperations+Edges.swift); a variable blur reads its mask over the layer's
/// bounds mapped by `matrix` (FilterOperations+VariableBlur.swift).
struct FilterOperations {
    let threadCount: Int
    /// Records the blurs' and halvings' parts as items of the frame's walk while it records a
    /// frame (they are then split for its planned thread count); nil otherwise.
    let recorder: FrameTaskRecorder?
    /// The filtered layer's bounds and their mapping to the target.
    let bounds: CGRect
    let matrix: CATransform3D
    /// Where blurs with hard or normalized edges have their edges, in target pixels: whole
    /// pixels (the frame for a backdrop, the pixels the layer's bounds touch for a layer).
    let edgeRegion: Rect
    /// Pixels per point of the layer along x and y (a blur's σ is in points).
    let scale: (x: Double, y: Double)

    init(threadCount: Int, recorder: FrameTaskRecorder? = nil, bounds: CGRect, matrix: CATransform3D, edgeRegion: Rect) {
        self.threadCount = threadCount
        self.recorder = recorder
        self.bounds = bounds
        self.matrix = matrix
        self.edgeRegion = edgeRegion
        scale = LayerGeometry.deviceScale(of: bounds, matrix)
    }

    /// The smallest σ, in pixels of the reduced image, that a reduction keeps.
    static let reducedSigma = 4.0

    /// Pixels placed on the target: their top-left pixel at (x, y), each `scale` × `scale`
    /// pixels of the target (1, or a power of two after a wide blur), shown within `clip` (target
    /// pixels) when set (after a blur cut to its edge region). A pixmap that owns its memory is
    /// the placed pixels' alone (a filter's output, or a copy a chain changes in place): drawn, it
    /// is handed to the image that paints it.
    struct Placed {
        var pixmap: Pixmap
        var x: Int
        var y: Int
        var scale = 1
        var clip: Rect? = nil

        /// How they are drawn there: pixel for pixel, or enlarged smoothly from a blur's reduced
        /// resolution.
        var sampling: ImagePattern.Filter { scale > 1 ? .bilinear : .nearest }

        /// Where the pixels lie on the target.
        var rect: Rect {
            Rect(x: Double(x), y: Double(y), width: Double(pixmap.width * scale), height: Double(pixmap.height * scale))
        }

        /// Draws the pixels where they lie on `canvas` (within `clip`), at `opacity` with
        /// `blendMode`.
        func draw(on canvas: Canvas, opacity: Double = 1, blendMode: BlendMode = .normal) {
            // Handed over, not copied: a chain's pixels are its own (see ``apply(_:to:)``), and
            // nothing changes them once drawn; a view of the frame is copied.
            guard let image = try? Image(adopting: pixmap) else { return }
            guard let clip else {
                canvas.drawImage(image, in: rect, filter: sampling, opacity: opacity, blendMode: blendMode)
                return
            }
            let placement = Transform(a: Double(scale), b: 0, c: 0, d: Double(scale), tx: Double(x), ty: Double(y))
            let grouped = opacity < 1 || blendMode != .normal   // a fill has neither: its group does
            if grouped { canvas.beginGroup() }
            canvas.fill(
                Path(rect: clip),
                paint: .image(
                    ImagePattern(
                        image: image, transform: placement, extend: .pad,
                        filter: sampling)))
            if grouped { canvas.endGroup(opacity: opacity, blendMode: blendMode) }
        }
    }

    /// How far the blurs of `operations` reach together, in pixels of the target: the full
    /// resolution blur's reach, and a reduced image's pixel of slack at each side.
    func reach(of operations: [LayerFilterChain.Operation]) -> (x: Int, y: Int) {
        var x = 0, y = 0
        for operation in operations {
            let sigma: Double
            switch operation {
            case .gaussianBlur(let s, _), .variableBlur(let s, _, _): sigma = s
            case .colorMatrix, .premultipliedColorMatrix, .alphaThreshold: continue
            }
            let blur = GaussianBlur(sigmaX: sigma * scale.x, sigmaY: sigma * scale.y)
            let slack = 2 * Self.reduction(sigmaX: sigma * scale.x, sigmaY: sigma * scale.y, from: 1)
            x += blur.reachX + slack
            y += blur.reachY + slack
        }
        return (x, y)
    }

    /// The scale a blur of σ (target pixels) runs at, from pixels of `scale`: doubled while σ
    /// stays at least ``reducedSigma`` pixels of the halved image.
    private static func reduction(sigmaX: Double, sigmaY: Double, from scale: Int) -> Int {
        var scale = scale
        while min(sigmaX, sigmaY) / Double(2 * scale) >= reducedSigma { scale *= 2 }
        return scale
    }

    /// `pixels` through `operations`, in order; nil when memory runs out or nothing is left.
    func apply(_ operations: ArraySlice<LayerFilterChain.Operation>, to pixels: Placed) -> Placed? {
        var pixels = pixels
        for operation in operations {
            switch operation {
            case .gaussianBlur(let sigma, let edges):
                guard let blurred = blurred(pixels, sigma: sigma, edges: edges) else { return nil }
                pixels = blurred
            case .variableBlur(let sigma, let mask, let edges):
                guard let blurred = variablyBlurred(pixels, sigma: sigma, mask: mask, edges: edges) else { return nil }
                pixels = blurred
            // In place: the pixels are this chain's own.
            case .colorMatrix(let colorMatrix): pixels.pixmap.apply(colorMatrix, threadCount: threadCount, recorder: recorder)
            case .premultipliedColorMatrix(let colorMatrix): pixels.pixmap.applyToPremultiplied(colorMatrix)
            case .alphaThreshold(let threshold): pixels.pixmap.apply(threshold)
            }
        }
        return pixels
    }

    /// `pixels` blurred by σ (in points), at a reduced resolution when σ is wide; nil when memory
    /// runs out or nothing is left.
    func blurred(_ pixels: Placed, sigma: Double, edges: LayerFilterChain.BlurEdges) -> Placed? {
        var pixels = pixels
        let sigmaX = sigma * scale.x, sigmaY = sigma * scale.y
        let reduced = Self.reduction(sigmaX: sigmaX, sigmaY: sigmaY, from: pixels.scale)
        while pixels.scale < reduced {
            guard let halved = Self.halved(pixels, threadCount: threadCount, recorder: recorder) else { return nil }
            pixels = halved
        }
        let f = Double(pixels.scale), averaged = (f * f - 1) / 12
        let blur = GaussianBlur(
            sigmaX: (max(0, sigmaX * sigmaX - averaged)).squareRoot() / f,
            sigmaY: (max(0, sigmaY * sigmaY - averaged)).squareRoot() / f)
        switch edges {
        case .transparent:
            guard let blurred = try? pixels.pixmap.blurred(by: blur, threadCount: threadCount, recorder: recorder) else {
                return nil
            }
            return Placed(
                pixmap: blurred, x: pixels.x - blur.reachX * pixels.scale,
                y: pixels.y - blur.reachY * pixels.scale, scale: pixels.scale, clip: pixels.clip)
        case .normalized: return normalizedBlur(pixels, blur)
        case .hard: return hardEdgedBlur(pixels, blur)
        }
    }
}
