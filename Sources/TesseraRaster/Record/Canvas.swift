import CTesseraSIMD

/// A recording 2D canvas: drawing calls are recorded, then ``render(into:)`` draws them all into a
/// pixmap, splitting the target into horizontal bands that are rendered in parallel.
///
/// ```swift
/// let canvas = Canvas()
/// var star = Path()
/// star.move(to: Point(x: 50, y: 5))
/// // …
/// canvas.clear(.white)
/// canvas.fill(star, paint: .solid(Color(red: 1, green: 0, blue: 0)), rule: .evenOdd)
/// let pixmap = try Pixmap(width: 100, height: 100)
/// canvas.render(into: pixmap)
/// ```
///
/// # Guarantees
/// - The same recording gives the same bytes at any ``threadCount``.
/// - Once warm (the same target size and similar scenes), rendering allocates no memory per frame:
///   the canvas keeps its geometry arenas and scratch buffers between frames.
/// - A path with a non-finite coordinate (NaN or ±∞, before or after the transform) draws nothing.
///   Finite coordinates of any size are clipped exactly to the target.
///
/// A canvas is used from one thread at a time; its workers run only inside ``render(into:)``.
public final class Canvas {
    /// Worker threads used by ``render(into:)``; 1 renders everything on the caller's thread.
    /// Values below 1 are treated as 1.
    public var threadCount: Int

    /// The largest distance, in pixels, between a curve and the lines that replace it
    /// (0.25 by default; the lines cross the curve, so an edge lies within about half of it on
    /// either side). Clamped to [0.01, 16].
    public var tolerance: Double = 0.25

    let recording = Recording()
    let renderer = BandRenderer()
    /// The target of ``renderAlphaMask(width:height:)``, kept transparent between calls.
    private let alphaTarget = AlphaTarget()
    /// Where ``renderPixmap(width:height:)`` renders.
    let colorTarget = ColorTarget()

    /// The number of processors online: the default thread count.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// A canvas that renders on `threadCount` threads (every core by default).
    public init(threadCount: Int = Canvas.processorCount) {
        self.threadCount = threadCount
    }

    /// Records: set every pixel of the target to `color` (replacing, not blending).
    public func clear(_ color: Color) {
        recording.appendClear(color.premultiplied)
    }

    /// Records: fill `path`, mapped through `transform`, with `paint` under `rule`,
    /// anti-aliased with exact area coverage and composited with `blendMode` (source-over by
    /// default). A gradient or image paint lies in the path's space: `transform` maps it too.
    ///
    /// The modes for which a transparent source changes what is below (``BlendMode/clear``,
    /// ``BlendMode/copy``, ``BlendMode/sourceIn``, ``BlendMode/sourceOut``,
    /// ``BlendMode/destinationIn``, ``BlendMode/destinationAtop``) apply, as in CoreGraphics,
    /// to the whole target (or the group being drawn), not only inside the shape.
    public func fill(
        _ path: Path, paint: Paint, rule: FillRule = .nonZero, transform: Transform = .identity,
        blendMode: BlendMode = .normal
    ) {
        recording.appendFill(path, paint: paint, rule: rule, mapping: .affine(transform), blendMode: blendMode)
    }

    /// Records: fill `rect`, mapped through `transform`, with `paint`, composited with `blendMode`
    /// (source-over by default), as CoreGraphics' `fill(_:)` of a `CGRect`: the bytes of
    /// ``fill(_:paint:rule:transform:blendMode:)`` with `Path(rect: rect)`. A solid colour drawn
    /// source-over through a transform that only scales and translates is recorded as the device
    /// rectangle alone, with no path built: the cheapest drawing call.
    public func fill(_ rect: Rect, paint: Paint, transform: Transform = .identity, blendMode: BlendMode = .normal) {
        recording.appendFill(rect, paint: paint, transform: transform, blendMode: blendMode)
    }

    /// Records: draw `image` into `rect` (mapped through `transform`), its edges anti-aliased
    /// with exact coverage, sampled with `filter` (texels at the edges continue past them: pad),
    /// at `opacity` (clamped to [0, 1], NaN as 0), composited with `blendMode`. What a layer's
    /// `contents` is drawn with.
    public func drawImage(
        _ image: Image, in rect: Rect, transform: Transform = .identity,
        filter: ImagePattern.Filter = .bilinear, opacity: Double = 1, blendMode: BlendMode = .normal
    ) {
        guard image.width > 0, image.height > 0 else { return }
        let placement = Transform(
            a: rect.width / Double(image.width), b: 0, c: 0, d: rect.height / Double(image.height),
            tx: rect.origin.x, ty: rect.origin.y)
        let pattern = ImagePattern(image: image, transform: placement, extend: .pad, filter: filter)
        let clamped = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        recording.appendFill(
            Path(rect: rect), paint: .image(pattern), rule: .nonZero, mapping: .affine(transform),
            blendMode: blendMode, opacity: UInt8((clamped * 255).rounded()))
    }

    /// Records: stroke `path` with `style`, as CoreGraphics' `strokePath` and `CAShapeLayer` do.
    ///
    /// - `dash`: an optional dash pattern (see ``DashPattern`` for what counts as solid).
    /// - `trimStart`, `trimEnd`: draw only the part of the path between these fractions of its
    ///   total length, over all subpaths in order, as `CAShapeLayer`'s `strokeStart`/`strokeEnd`:
    ///   clamped to [0, 1] (NaN reads as 0 for the start and 1 for the end), nothing when
    ///   start ≥ end. The dash pattern stays anchored at the start of the untrimmed path.
    /// - `transform`: the stroke is computed in the path's own space and then mapped, so a
    ///   non-uniform scale gives an elliptic pen, as in CoreGraphics.
    /// - `blendMode`: how the stroke is composited (see ``fill(_:paint:rule:transform:blendMode:)``).
    public func stroke(
        _ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern? = nil,
        trimStart: Double = 0, trimEnd: Double = 1, transform: Transform = .identity,
        blendMode: BlendMode = .normal
    ) {
        recording.appendStroke(
            path, style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd, paint: paint, mapping: .affine(transform),
            blendMode: blendMode)
    }

    /// Records: draw `paint` through `mask`'s values onto the target, the mask placed at its
    /// (x, y) and its values taken as coverage, composited with `blendMode` (source-over by
    /// default); the parts outside the target are clipped. Inside a group it draws into the
    /// group, as any drawing call.
    ///
    /// A gradient or image paint lies in device space: it is evaluated at each target pixel
    /// through the identity mapping (place it with its own transform). The modes for which a
    /// transparent source changes what is below (see ``fill(_:paint:rule:transform:blendMode:)``)
    /// apply to the whole target (or the group being drawn), the mask's zero values and the
    /// pixels outside it included; a mask with no pixel on the target draws nothing.
    public func fill(_ mask: AlphaMask, paint: Paint, blendMode: BlendMode = .normal) {
        recording.appendAlphaMask(mask, paint: paint, blendMode: blendMode)
    }

    /// Records: start a group. What is drawn until the matching ``endGroup(opacity:blendMode:)`` goes
    /// into a transparent layer of its own, which is then composited onto what is below as one
    /// image: with group opacity, overlapping shapes inside do not show through each other.
    /// Groups nest; groups left open are ended at full opacity when rendering.
    public func beginGroup() {
        recording.appendBeginGroup()
    }

    /// Records: what is drawn from here until the group ends is the group's mask, not its
    /// content: the group is composited through the mask's alpha (a clip is a mask filled
    /// opaque). Ignored outside a group, or a second time in one group.
    ///
    /// `opaqueInside`: where the caller guarantees the mask it draws will be fully opaque (for a
    /// clip to rounded bounds, those bounds less the flattening ``tolerance``). When the
    /// group's content all lies inside, the mask is skipped (see ``MaskInterior``).
    public func beginMask(opaqueInside interior: MaskInterior? = nil) {
        recording.appendBeginMask(interior: interior)
    }

    /// Records: end the innermost group, compositing it with `blendMode` onto what is below,
    /// scaled by `opacity` (clamped to [0, 1], NaN as 0) and by its mask's alpha when it has a
    /// mask (Core Animation's `compositingFilter` and `opacity` on a layer). The blend applies
    /// where the group drew. Ignored when no group is open.
    public func endGroup(opacity: Double = 1, blendMode: BlendMode = .normal) {
        recording.appendEndGroup(opacity: opacity, blendMode: blendMode)
    }

    /// Records: end the innermost group as ``endGroup(opacity:blendMode:)`` does, its pixels first
    /// filtered by `colorMatrix` (none when nil): Core Animation's colour filters on a layer.
    ///
    /// The filter applies to the group as one image, once: to what everything drawn in it
    /// composites to (nested groups already composited in), before the mask, the opacity and the
    /// blend. Pixels the group left transparent stay transparent (see ``ColorMatrix``); the
    /// identity matrix gives the bytes of no filter.
    public func endGroup(opacity: Double = 1, blendMode: BlendMode = .normal, colorMatrix: ColorMatrix?) {
        recording.appendEndGroup(opacity: opacity, blendMode: blendMode, colorMatrix: colorMatrix)
    }

    /// Records: fill `path` mapped through a projective `projection` (a layer's plane under
    /// perspective): curves are flattened in the path's space finely enough for the screen, then
    /// projected. A path reaching the eye's plane or behind it draws nothing. A gradient or image
    /// paint lies in the path's space and is projected with it: each pixel shows the paint at the
    /// point of the plane seen at its centre. Composited with `blendMode`, as
    /// ``fill(_:paint:rule:transform:blendMode:)`` is.
    public func fill(
        _ path: Path, paint: Paint, rule: FillRule = .nonZero, projection: Projection,
        blendMode: BlendMode = .normal
    ) {
        recording.appendFill(path, paint: paint, rule: rule, mapping: .projective(projection), blendMode: blendMode)
    }

    /// Records: stroke `path` as ``stroke(_:paint:style:dash:trimStart:trimEnd:transform:blendMode:)``
    /// does, the stroke computed in the path's space and then projected (the pen foreshortens
    /// with the plane, and so does a gradient or image paint). A stroke reaching the eye's plane
    /// or behind it draws nothing. Composited with `blendMode`.
    public func stroke(
        _ path: Path, paint: Paint, style: StrokeStyle, dash: DashPattern? = nil,
        trimStart: Double = 0, trimEnd: Double = 1, projection: Projection, blendMode: BlendMode = .normal
    ) {
        recording.appendStroke(
            path, style: style, dash: dash, trimStart: trimStart, trimEnd: trimEnd, paint: paint, mapping: .projective(projection),
            blendMode: blendMode)
    }

    /// Records: the calls recorded on `other` since its last render or discard, in order, as
    /// they were recorded there (its groups are its own: those left open are ended first, at
    /// full opacity). Several threads can so record the parts of a frame on canvases of their
    /// own, one each, and splice them in order on one thread.
    ///
    /// The calls are shared, not copied: splicing costs next to nothing whatever their number.
    /// `other` keeps its recording: call its ``discardRecording()`` before it records anew, on
    /// the thread that records it, so that freeing the calls' memory is not work for the thread
    /// that splices.
    public func append(_ other: Canvas) {
        recording.append(contentsOf: other.recording)
    }

    /// Records: the calls recorded on `other` since its last render or discard, as
    /// ``append(_:)`` does, except that `other`'s open groups stay open, here and there: what
    /// this canvas records next draws into them, and may end them. `other` is left as it was, so
    /// that it can be rendered as it would be if its groups ended now, and go on recording.
    ///
    /// Render or discard this canvas before `other` records again: until then they share the
    /// calls, and `other`'s next call would copy them.
    public func append(keepingGroupsOpen other: Canvas) {
        recording.append(keepingGroupsOpen: other.recording)
    }

    /// The number of drawing calls recorded since the last render.
    public var recordedCount: Int { recording.count }

    /// How many groups (and masks) are begun and not yet ended: while one is open, rendering
    /// would end it early.
    public var openGroupCount: Int { recording.openGroupCount }

    /// Forgets the recorded calls without drawing them.
    public func discardRecording() { recording.reset() }

    /// How long the steps of the last ``render(into:)`` took.
    public private(set) var lastRenderTimes = RenderStageTimes()

    /// Where ``render(into:)`` records its work as tasks (geometry by chunks of commands,
    /// binning, rasterization by bands), when set: see ``FrameTaskRecorder`` (package-wide, for
    /// the bench's predictions).
    package var taskRecorder: FrameTaskRecorder?

    /// The thread count that work drawn onto this canvas in parallel is planned for: the
    /// recorder's ``FrameTaskRecorder/plannedThreadCount`` while recording, ``threadCount``
    /// otherwise.
    package var plannedThreadCount: Int { taskRecorder.plannedThreadCount(otherwise: threadCount) }

    /// Draws every recorded call into `pixmap` in order, then empties the recording.
    public func render(into pixmap: Pixmap) {
        recording.closeOpenGroups()
        lastRenderTimes = renderer.render(
            recording, into: pixmap, threadCount: max(1, threadCount),
            tolerance: clampedTolerance, recorder: taskRecorder)
        recording.reset(threadCount: max(1, threadCount))
    }

    /// Draws every recorded call, in order, into a transparent target `width × height` pixels
    /// of the canvas's own, and returns the target's alpha cropped to the pixels the calls may
    /// have drawn (nil when they draw nothing, or the target has no pixel); then empties the
    /// recording. Only coverage and alpha count: the target holds one byte per pixel, exactly the
    /// alpha that ``render(into:)`` would give that pixel of a transparent pixmap, and no colour
    /// is blended. The target's memory is kept for the next call (it grows only for a larger
    /// target).
    ///
    /// - Throws: ``RasterError`` for a size ``Pixmap`` refuses (the recording is emptied all
    ///   the same).
    public func renderAlphaMask(width: Int, height: Int) throws(RasterError) -> AlphaMask? {
        defer { recording.reset() }
        let target = try alphaTarget.target(width: width, height: height)
        guard width > 0, height > 0 else { return nil }
        recording.closeOpenGroups()
        if recording.filterAlphaReadsColor { return try alphaMaskInColor(width: width, height: height) }
        _ = renderer.render(recording, into: target, threadCount: max(1, threadCount), tolerance: clampedTolerance)
        guard let drawn = renderer.drawnBounds(commandCount: recording.count) else { return nil }
        return alphaTarget.takeMask(left: drawn.left, top: drawn.top, right: drawn.right, bottom: drawn.bottom)
    }

    /// ``renderAlphaMask(width:height:)`` of a recording with a colour filter whose alpha reads
    /// colour (``ColorMatrix/alphaReadsColor``): alphas alone do not give its alpha, so it is drawn
    /// into an RGBA pixmap (made for the call) and the alpha taken from there.
    private func alphaMaskInColor(width: Int, height: Int) throws(RasterError) -> AlphaMask? {
        let pixmap = try Pixmap(width: width, height: height)
        _ = renderer.render(recording, into: pixmap, threadCount: max(1, threadCount), tolerance: clampedTolerance)
        guard let drawn = renderer.drawnBounds(commandCount: recording.count) else { return nil }
        let columns = drawn.right - drawn.left, rows = drawn.bottom - drawn.top
        let values = [UInt8](unsafeUninitializedCapacity: columns * rows) { values, initialized in
            for r in 0..<rows {
                tsr_alpha_of_pixels(pixmap.row(drawn.top + r) + drawn.left, columns, values.baseAddress! + r * columns)
            }
            initialized = columns * rows
        }
        return AlphaMask(x: drawn.left, y: drawn.top, width: columns, height: rows, values: values)
    }

    var clampedTolerance: Double { min(max(tolerance.isNaN ? 0.25 : tolerance, 0.01), 16) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
