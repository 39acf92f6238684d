import Foundation
import TesseraRaster

/// Turns a presentation tree into drawing calls on a canvas, in Core Animation's order: for each
/// layer its shadow (see ``ShadowDrawing``), its background (rounded by its corner radius), its
/// shape's fill then stroke, its sublayers (by `zPosition`, then in order), then its border.
///
/// Groups (canvas layers composited as one image) where Core Animation composites a subtree as
/// one: a layer with `opacity` < 1 that has sublayers or draws more than one thing (group
/// opacity: overlaps inside do not show through), `masksToBounds` (masked by its rounded bounds,
/// anti-aliased), `mask` (masked by the mask layer's alpha) and a `compositingFilter` blend mode
/// (composited with that mode, see ``LayerFilterDrawing``). Nested groups carry the opacity
/// on the outermost one. A layer's shadow is drawn inside its groups: `masksToBounds` and `mask`
/// clip it as they clip the rest (Lockwood, *iOS Core Animation: Advanced Techniques*, "Shadow
/// Clipping": a layer that clips to its bounds loses its shadow outside them, hence the usual
/// container layer for a clipped layer with a shadow), and it counts as one more thing drawn for
/// group opacity (the background does not show the shadow through).
///
/// A layer with a transition is drawn as its old and new renderings combined
/// (``drawTransition(_:_:matrix:opacity:blendMode:steps:)``).
///
/// Replicators draw their instances (see ``replicatorInstances(of:_:own:)``); a portal draws its source
/// before its sublayers (``pushPortalSource(of:_:matrix:tint:steps:)``). A layer flattens its
/// sublayers into its plane (``flattened(_:)``); a ``CATransformLayer`` does not, and its
/// subtree's planes are ordered in depth (``TransformLayerPlanes``). Layers that are not
/// double-sided and face away from the eye are not drawn (``PlaneDepthOrder/facesAway(centre:toSpace:)``).
///
/// Layers under perspective (a transform whose w varies over the layer's plane) are drawn
/// through a projection; geometry reaching the eye's plane or behind it is not drawn.
struct LayerTreeDrawing {
    let canvas: Canvas
    /// How shadows are drawn; nil draws none (inside a shadow's own shape).
    let shadows: ShadowDrawing?
    /// Where the root's sublayers (or, down a chain of only sublayers, the first layer's with
    /// more than one) are recorded in parallel where it pays; nil records the whole tree on
    /// `canvas`, in turn.
    var sublayerRecorders: ParallelSublayerRecording? = nil
    /// Where an emitter's many particles are recorded in parallel; nil records them on `canvas`.
    var particleRecording: ParallelParticleRecording? = nil
    /// Where layers whose filters are more than a colour matrix are drawn apart
    /// (``FilteredLayerDrawing``); nil draws them without their filters (inside a shadow's shape).
    var filters: OffscreenFilters? = nil
    /// What backdrop layers capture: set for the frame's own walk and the walks drawing apart inside
    /// it that hold a backdrop (a parallel recording run has none); nil draws no backdrop.
    var backdrops: BackdropCapture? = nil
    /// Where the rendered tree's root lies on the canvas, for portals that match their source's
    /// position; nil: the root this walk draws (see ``draw(_:base:rootOpacity:asFilterSource:)``),
    /// or a tree without portals.
    var renderedRoot: RenderedRoot? = nil
    /// The pixels the canvas is rendered into, from (0, 0), when known: a layer whose bounds
    /// cover them all has nothing to clip (a composition's root, as Lottie's and CAML's are,
    /// clips to the frame it fills), and skips the group its clip would cost. nil: every
    /// clip is drawn.
    var target: (width: Int, height: Int)? = nil
    /// Whether layers are drawn as `CALayer.render(in:)` draws them
    /// (``LayerRenderer/Mode/renderInContext``): a layer whose transform is not affine without its
    /// position and transform, a luminosity compositing filter drawn as a normal one.
    var rendersInContext = false

    /// Multipliers of a color's red, green, blue and alpha: the opacities above a layer and the
    /// colors of the replicator instances it belongs to.
    typealias Tint = SIMD4<Double>

    enum Step {
        /// A layer, mapped to the canvas by `transform`, after its own transform to its
        /// superlayer's bounds when `ownTransformFirst` (its superlayer computes the rest once
        /// for all its sublayers).
        case layer(PresentedLayer, transform: CATransform3D, ownTransformFirst: Bool, tint: Tint)
        case border(PresentedLayer, mapping: PlaneMapping, tint: Tint)
        /// The mask of the group clipping a layer's shape and sublayers to its rounded bounds,
        /// then its end.
        case clip(PresentedLayer, mapping: PlaneMapping)
        /// The mask of the group masking a layer by its mask layer, then its end.
        case mask(PresentedLayer, transform: CATransform3D, opacity: Double, blendMode: BlendMode)
        case endGroup(opacity: Double, blendMode: BlendMode)
        /// The end of the group that applies a layer's colour filters (inside its outer group);
        /// the matrix is found again from the layer there, so that steps stay small.
        case endColorFilter(PresentedLayer)
        /// A portal's source (``pushPortalSource(of:_:matrix:tint:steps:)``): mapped to the canvas
        /// by `transform`, its own mapping included, at `opacity` instead of its own.
        case source(PresentedLayer, transform: CATransform3D, tint: Tint, opacity: Float)
        /// Sublayers recorded in parallel (``ParallelSublayerRecording``), spliced where they come.
        case recorded(ArraySlice<Sublayer>, on: ParallelSublayerRecording)
        /// A layer's only sublayer, to which it hands the recording of its own sublayers in
        /// parallel (a root holding one container of many layers).
        case onlySublayer(Sublayer, recorders: ParallelSublayerRecording)

        init(_ sublayer: Sublayer) {
            self = .layer(sublayer.node, transform: sublayer.transform, ownTransformFirst: true, tint: sublayer.tint)
        }
    }

    /// A sublayer to draw: mapped to the canvas by `transform` after its own transform to its
    /// superlayer's bounds, its colors multiplied by `tint`.
    struct Sublayer: Sendable {
        let node: PresentedLayer
        let transform: CATransform3D
        let tint: Tint
    }

    /// Draws `root` and its subtree, its coordinates mapped to the canvas by `base`, at
    /// `rootOpacity` instead of the root's own opacity when given (a shadow's shape is drawn at
    /// full opacity). Iterative: trees may be deeper than the stack allows recursion.
    ///
    /// `asFilterSource` draws the root as the image its filters apply to
    /// (``FilteredLayerDrawing``): without its filters, mask, compositing filter or opacity.
    ///
    /// Out of line: `bench --instructions` counts the drawing walk's instructions from this
    /// function's entry to its exit, by its symbol (Benchmarks/bench/InstructionStages.swift).
    @inline(never)
    func draw(_ root: LayerSnapshot, base: CATransform3D, rootOpacity: Float? = nil, asFilterSource: Bool = false) {
        var drawing = self
        if renderedRoot == nil, !root.tree.shape.portals.isEmpty {
            drawing.renderedRoot = RenderedRoot(layer: PresentedLayer(root), toCanvas: base)
        }
        drawing.walk(
            [.layer(PresentedLayer(root), transform: base, ownTransformFirst: false, tint: Tint(1, 1, 1, 1))],
            rootOpacity: asFilterSource ? 1 : rootOpacity, recorders: sublayerRecorders, asFilterSource: asFilterSource)
    }

    /// Draws `sublayers` and their subtrees, in order.
    func draw(_ sublayers: ArraySlice<Sublayer>) {
        walk(sublayers.reversed().map(Step.init), rootOpacity: nil, recorders: nil, asFilterSource: false)
    }

    /// Runs `steps` from the last: a stack, to which each layer pushes what it draws later.
    /// The first layer's sublayers go to `recorders` when given (or its only sublayer's, and so on down).
    func walk(_ steps: [Step], rootOpacity: Float?, recorders: ParallelSublayerRecording?, asFilterSource: Bool) {
        var steps = steps
        var rootOpacity = rootOpacity, recorders = recorders, asFilterSource = asFilterSource
        while let step = steps.popLast() {
            switch step {
            case .layer(let node, let outer, let ownTransformFirst, let inherited):
                let sublayerRecorders = recorders
                recorders = nil   // the root only
                let opacity = rootOpacity, filterSource = asFilterSource
                rootOpacity = nil   // the root is the first step
                asFilterSource = false
                drawLayer(
                    node, node.propertiesAddress, outer: outer, ownTransformFirst: ownTransformFirst,
                    inherited: inherited, rootOpacity: opacity, asFilterSource: filterSource,
                    recorders: sublayerRecorders, steps: &steps)
            case .border(let node, let mapping, let tint):
                let p = node.properties
                guard let color = p.borderColor else { continue }
                let ring = LayerBackgroundShapes.border(
                    p.bounds, width: p.borderWidth, radius: p.cornerRadius,
                    corners: p.maskedCorners, curve: p.cornerCurve)
                canvas.fill(ring, paint: Self.paint(color, tint), rule: .evenOdd, mapping: mapping)
            case .clip(let node, let mapping):
                let p = node.properties
                canvas.beginMask(opaqueInside: Self.opaqueInterior(of: p, mapping: mapping, tolerance: canvas.tolerance))
                canvas.fill(
                    LayerBackgroundShapes.roundedRect(
                        p.bounds, radius: p.cornerRadius, corners: p.maskedCorners,
                        curve: p.cornerCurve),
                    paint: .solid(.white), mapping: mapping)
                canvas.endGroup()
            case .mask(let node, let matrix, let opacity, let blendMode):
                guard let mask = node.mask else { continue }
                // The mask layer's geometry is relative to the layer it masks, as a sublayer's.
                canvas.beginMask()
                steps.append(.endGroup(opacity: opacity, blendMode: blendMode))
                steps.append(
                    .layer(
                        mask,
                        transform: CATransform3DConcat(
                            LayerGeometry.sublayerSpace(of: node.properties),
                            Self.flattened(matrix)),
                        ownTransformFirst: true, tint: Tint(1, 1, 1, 1)))
            case .endGroup(let opacity, let blendMode):
                canvas.endGroup(opacity: opacity, blendMode: blendMode)
            case .endColorFilter(let node):
                canvas.endGroup(colorMatrix: LayerFilterDrawing.colorMatrix(of: node.propertiesAddress))
            case .source(let node, let transform, let tint, let opacity):
                drawLayer(
                    node, node.propertiesAddress, outer: transform, ownTransformFirst: false, inherited: tint,
                    rootOpacity: opacity, asFilterSource: false, recorders: nil, steps: &steps)
            case .recorded(let sublayers, let recorders):
                recorders.record(sublayers, as: self)
            case .onlySublayer(let sublayer, let recorders):
                drawLayer(
                    sublayer.node, sublayer.node.propertiesAddress, outer: sublayer.transform, ownTransformFirst: true,
                    inherited: sublayer.tint, rootOpacity: nil, asFilterSource: false, recorders: recorders,
                    steps: &steps)
            }
        }
    }

    /// The mapping of a layer's bounds to its superlayer's (``LayerGeometry/toSuperlayerBounds(_:)``);
    /// as `render(in:)` draws it, a layer whose transform is not affine is placed without its
    /// position and transform: its anchor point at its superlayer's origin.
    private func toSuperlayerBounds(_ p: LayerProperties) -> CATransform3D {
        guard rendersInContext, !Self.isNearlyAffine(p.transform) else { return LayerGeometry.toSuperlayerBounds(p) }
        return CATransform3DMakeTranslation(
            -p.bounds.minX - p.anchorPoint.x * p.bounds.width, -p.bounds.minY - p.anchorPoint.y * p.bounds.height, 0)
    }

    /// ``CATransform3DIsAffine(_:)`` within rounding: a transform put together from key paths
    /// (`transform.rotation.x` of 0 or 2π, rotations of π about x, y and z) keeps errors of about
    /// 1e-16 where an affine one has exact zeros, and `render(in:)` draws such layers in place.
    static func isNearlyAffine(_ t: CATransform3D) -> Bool {
        let tolerance: CGFloat = 1e-9
        return abs(t.m13) < tolerance && abs(t.m14) < tolerance && abs(t.m23) < tolerance && abs(t.m24) < tolerance
            && abs(t.m31) < tolerance && abs(t.m32) < tolerance && abs(t.m33 - 1) < tolerance && abs(t.m34) < tolerance
            && abs(t.m43) < tolerance && abs(t.m44 - 1) < tolerance
    }

    /// Whether clipping the layer at `p` to its bounds, mapped to the canvas by `matrix`, cuts
    /// nothing from ``target``: square corners, a mapping that keeps the bounds an upright
    /// rectangle (no turn, no perspective), and bounds that reach past every side of the target.
    private func boundsCoverTarget(_ p: UnsafePointer<LayerProperties>, matrix: CATransform3D) -> Bool {
        guard let target, p.pointee.cornerRadius == 0, matrix.m12 == 0, matrix.m21 == 0,
            matrix.m14 == 0, matrix.m24 == 0, matrix.m44 == 1
        else { return false }
        let bounds = p.pointee.bounds
        let x0 = bounds.minX * matrix.m11 + matrix.m41, x1 = bounds.maxX * matrix.m11 + matrix.m41
        let y0 = bounds.minY * matrix.m22 + matrix.m42, y1 = bounds.maxY * matrix.m22 + matrix.m42
        // NaN compares false: such bounds clip.
        return min(x0, x1) <= 0 && min(y0, y1) <= 0
            && max(x0, x1) >= CGFloat(target.width) && max(y0, y1) >= CGFloat(target.height)
    }

    /// Draws what `node` (its presented properties at `p`, read in place) draws before its
    /// sublayers, and pushes onto `steps` what it draws after them: its sublayers (or records
    /// them on `recorders`), the clip's end, the border, the outer group's end.
    private func drawLayer(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, outer: CATransform3D,
        ownTransformFirst: Bool, inherited: Tint, rootOpacity: Float?, asFilterSource: Bool,
        recorders: ParallelSublayerRecording?, steps: inout [Step]
    ) {
        let matrix = ownTransformFirst ? CATransform3DConcat(toSuperlayerBounds(p.pointee), outer) : outer
        if p.pointee.kind.layerClass.sublayers == .inDepth {   // a transform layer at the root or a mask: its sublayers in its own space
            let planes = TransformLayerPlanes.sublayers(of: node, toSpace: CATransform3DIdentity, toCanvas: matrix, tint: inherited)
            for plane in planes.reversed() { steps.append(Step(plane)) }
            return
        }
        let alpha = inherited.w * Double(rootOpacity ?? p.pointee.opacity)
        guard !p.pointee.isHidden, alpha > 0, asFilterSource || LayerFilterDrawing.drawsCompositingFilter(of: p),
            let mapping = PlaneMapping(matrix)
        else { return }
        // Filters, mask, compositing filter and opacity apply to the layer as one image; drawing
        // that image (as a filter's source) leaves them out.
        let blendMode = asFilterSource ? .normal : LayerFilterDrawing.blendMode(of: p, inContext: rendersInContext)
        if !asFilterSource, node.treeHasTransitions,
            drawTransition(node, p, matrix: matrix, opacity: alpha, blendMode: blendMode, steps: &steps)
        {
            return
        }
        if !asFilterSource, drawApart(node, p, matrix: matrix, opacity: alpha, blendMode: blendMode, steps: &steps) {
            return
        }
        let own = Self.sortedByZ(node.sublayers)
        // A replicator draws its sublayers once per instance; any other layer once, as they are
        // (no array of one instance to build: most layers with sublayers have no more than one).
        let instances =
            p.pointee.kind.layerClass.sublayers == .replicated ? Self.replicatorInstances(of: node, p, own: own) : nil
        let hasSublayers =
            (instances.map { $0.contains { !$0.layers.isEmpty } } ?? !own.isEmpty)
            || p.pointee.kind.layerClass.sublayers == .afterSource && node.portalSource != nil
        // The group the whole layer is composited as (it carries the opacity), then the clip of
        // what masksToBounds clips: the shape and the sublayers, not the background and border,
        // which lie inside the rounded bounds already (clipping them would only darken their
        // anti-aliased edges). A shadow is clipped too, so a layer that has one begins its clip
        // before it, background included.
        let shadowColor = shadows == nil ? nil : ShadowDrawing.color(of: p.pointee)
        let filtersBackdrop = BackdropDrawing.showsBackdrop(p)
        let content = p.pointee.kind.layerClass.content
        let drawCount = Self.drawCount(p, content, showsBackdrop: filtersBackdrop) + (shadowColor == nil ? 0 : 1)
        let groupOpacity = alpha < 1 && (hasSublayers || drawCount > 1)
        // A compositing filter's blend mode composites the whole layer as one image; colour filters
        // apply to that image (a group of their own inside, before the mask and the opacity).
        let colorFiltered = !asFilterSource && LayerFilterDrawing.colorMatrix(of: p) != nil
        let outerGroup: Step? =
            node.mask != nil && !asFilterSource
            ? .mask(node, transform: matrix, opacity: alpha, blendMode: blendMode)
            : groupOpacity || blendMode != .normal || colorFiltered ? .endGroup(opacity: alpha, blendMode: blendMode) : nil
        let clips =
            p.pointee.masksToBounds
            && (shadowColor != nil || hasSublayers || Self.clipsContent(p, content) || p.pointee.contents.image != nil)
            && !boundsCoverTarget(p, matrix: matrix)
        let clipsBackground = clips && shadowColor != nil
        var tint = inherited
        tint.w = outerGroup == nil ? alpha : 1
        // A backdrop captures what lies below before its own groups open (they are not below it).
        let showsBackdrop = filtersBackdrop && !asFilterSource && backdrops != nil
        if showsBackdrop, let backdrops { backdrops.capture(group: p.pointee.groupName, steps: steps, drawing: self) }
        if outerGroup != nil { canvas.beginGroup() }
        if colorFiltered { canvas.beginGroup() }
        if clipsBackground { canvas.beginGroup() }
        if let shadows, let shadowColor {
            shadows.draw(node.snapshot, p.pointee, matrix: matrix, paint: Self.paint(shadowColor, tint), on: canvas)
        }
        if showsBackdrop { drawBackdrop(p, matrix: matrix, mapping: mapping) }
        drawBackground(of: p, mapping: mapping, tint: tint)
        if clips && !clipsBackground { canvas.beginGroup() }
        if content == .gradient { LayerGradientDrawing.draw(p, mapping: mapping, tint: tint, on: canvas) }
        LayerContentsDrawing.draw(p, mapping: mapping, opacity: tint.w, inContext: rendersInContext, on: canvas)
        switch content {
        case .path: drawShape(of: p, mapping: mapping, tint: tint)
        case .particles: drawParticles(node, p, mapping: mapping, opacity: tint.w)
        case .text: drawText(p, mapping: mapping, tint: tint, isClipped: clips)
        case .none, .gradient: break
        }
        // Pushed in reverse: they run as sublayers, the clip's end, the border, the colour
        // filter's end, then the outer group's end.
        if let outerGroup { steps.append(outerGroup) }
        if colorFiltered { steps.append(.endColorFilter(node)) }
        if p.pointee.borderWidth > 0, p.pointee.borderColor != nil {
            steps.append(.border(node, mapping: mapping, tint: tint))
        }
        if clips { steps.append(.clip(node, mapping: mapping)) }
        guard hasSublayers else { return }   // most layers: no sublayer space to compute
        // The sublayers are flattened into this layer's plane: their z is dropped after its
        // sublayerTransform, before its own mapping (see `flattened(_:)`).
        let ownSublayerSpace = LayerGeometry.sublayerSpace(of: p.pointee)
        let sublayerSpace = CATransform3DConcat(ownSublayerSpace, Self.flattened(matrix))
        var children: [Sublayer] = []
        children.reserveCapacity(instances?.reduce(0) { $0 + $1.layers.count } ?? own.count)
        for k in 0..<(instances?.count ?? 1) {
            let instance = instances?[k] ?? (layers: own, transform: CATransform3DIdentity, tint: Tint(1, 1, 1, 1))
            let isIdentity = CATransform3DIsIdentity(instance.transform)
            let transform = isIdentity ? sublayerSpace : CATransform3DConcat(instance.transform, sublayerSpace)
            let instanceTint = tint * instance.tint
            for child in instance.layers {
                let c = child.propertiesAddress
                let inDepth = c.pointee.kind.layerClass.sublayers == .inDepth
                // A hidden or transparent layer draws nothing (``drawLayer``'s first test): no step
                // for it (most layers of a Lottie composition outside their in and out points).
                guard inDepth || !c.pointee.isHidden && instanceTint.w * Double(c.pointee.opacity) > 0 else { continue }
                guard inDepth || !c.pointee.isDoubleSided else {
                    children.append(Sublayer(node: child, transform: transform, tint: instanceTint))
                    continue
                }
                // The 3D space this layer's plane is seen in: its sublayers' space before flattening.
                let space = isIdentity ? ownSublayerSpace : CATransform3DConcat(instance.transform, ownSublayerSpace)
                let own = LayerGeometry.toSuperlayerBounds(c.pointee)
                if inDepth {
                    children += TransformLayerPlanes.sublayers(
                        of: child, toSpace: CATransform3DConcat(own, space),
                        toCanvas: CATransform3DConcat(own, transform), tint: instanceTint)
                } else if !PlaneDepthOrder.facesAway(
                    centre: CGPoint(x: c.pointee.bounds.midX, y: c.pointee.bounds.midY),
                    toSpace: CATransform3DConcat(own, space))
                {
                    children.append(Sublayer(node: child, transform: transform, tint: instanceTint))
                }
            }
        }
        // A portal draws its source before its sublayers, from the stack, after they would be
        // recorded in parallel.
        if let recorders, p.pointee.kind.layerClass.sublayers != .afterSource,
            let segments = ParallelSublayerRecording.segments(of: children, threadCount: canvas.plannedThreadCount)
        {
            for segment in segments.reversed() {
                switch segment {
                case .parallel(let range): steps.append(.recorded(children[range], on: recorders))
                case .inTurn(let range): for child in children[range].reversed() { steps.append(Step(child)) }
                }
            }
        } else if let recorders, p.pointee.kind.layerClass.sublayers != .afterSource, children.count == 1 {
            steps.append(.onlySublayer(children[0], recorders: recorders))
        } else {
            for child in children.reversed() { steps.append(Step(child)) }
        }
        if p.pointee.kind.layerClass.sublayers == .afterSource { pushPortalSource(of: node, p, matrix: matrix, tint: tint, steps: &steps) }
    }

    /// `matrix` after dropping z: a layer draws its sublayers flattened into its plane (seen
    /// from the front, through its sublayerTransform), and only then maps that plane by its own
    /// transform, as Core Animation composites a layer's subtree as an image. With row vectors,
    /// dropping z before `matrix` is `diag(1, 1, 0, 1) · matrix`: `matrix` with its third row
    /// zeroed. (Without it, a sublayer's zPosition would move it sideways under a turned layer.)
    static func flattened(_ matrix: CATransform3D) -> CATransform3D {
        var m = matrix
        m.m31 = 0; m.m32 = 0; m.m33 = 0; m.m34 = 0
        return m
    }

    /// Draws a layer whose filters are drawn apart (``FilteredLayerDrawing``) and says whether it
    /// did; false for any other layer (most: one comparison). Out of line, so that `drawLayer` stays as
    /// the optimizer laid it out before filters (inlined, they make every layer's walk dearer).
    @inline(never)
    private func drawApart(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, matrix: CATransform3D,
        opacity: Double, blendMode: BlendMode, steps: inout [Step]
    ) -> Bool {
        guard let chain = LayerFilterDrawing.apartChain(of: p), let filters else { return false }
        FilteredLayerDrawing(drawing: self, offscreen: filters)
            .draw(node, p, matrix: matrix, chain: chain, opacity: opacity, blendMode: blendMode, steps: &steps)
        return true
    }

    /// An emitter layer's particles (``EmitterDrawing``). Out of line, as ``drawApart``.
    @inline(never)
    private func drawParticles(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, mapping: PlaneMapping,
        opacity: Double
    ) {
        EmitterDrawing.draw(node, p, mapping: mapping, opacity: opacity, on: canvas, recording: particleRecording)
    }

    /// What a backdrop layer shows (``BackdropDrawing``): what its walk's capture captured.
    @inline(never)
    private func drawBackdrop(_ p: UnsafePointer<LayerProperties>, matrix: CATransform3D, mapping: PlaneMapping) {
        guard let below = backdrops?.captured else { return }
        BackdropDrawing(canvas: canvas).draw(p, below: below, matrix: matrix, mapping: mapping)
    }

    /// How many things a layer draws itself (background, gradient, contents, fill, stroke, border),
    /// `content` being what its class draws (``LayerClass/content``) and `showsBackdrop` saying
    /// whether it shows the frame below it (``BackdropDrawing/showsBackdrop(_:)``).
    private static func drawCount(_ p: UnsafePointer<LayerProperties>, _ content: LayerClass.Content, showsBackdrop: Bool) -> Int {
        // A backdrop's capture is a group of its own: counted twice, so that opacity groups it.
        var count = (p.pointee.backgroundColor == nil ? 0 : 1) + (showsBackdrop ? 2 : 0)
        if p.pointee.contents.image != nil { count += 1 }
        if p.pointee.borderWidth > 0 && p.pointee.borderColor != nil { count += 1 }
        switch content {
        case .path:
            guard p.pointee.path != nil else { break }
            if p.pointee.fillColor != nil { count += 1 }
            if p.pointee.strokeColor != nil && p.pointee.lineWidth > 0 { count += 1 }
        case .gradient: if p.pointee.colors?.isEmpty == false { count += 1 }
        // Particles overlap: counted twice, so that opacity groups them.
        case .particles: if p.pointee.emitterCells?.isEmpty == false { count += 2 }
        case .text: if p.pointee.string?.isEmpty == false { count += 1 }
        case .none: break
        }
        return count
    }

    /// Whether `masksToBounds` has a layer's own drawing (``LayerClass/content``) to clip: a
    /// shape's path when it has one; a gradient, particles or text whatever they hold.
    private static func clipsContent(_ p: UnsafePointer<LayerProperties>, _ content: LayerClass.Content) -> Bool {
        switch content {
        case .none: false
        case .path: p.pointee.path != nil
        case .gradient, .particles, .text: true
        }
    }

    /// The sublayers a replicator draws, back to front, instance by instance: each instance's
    /// sublayers with its transform and tint (none without sublayers), `own` being its sublayers
    /// sorted by ``sortedByZ(_:)``.
    ///
    /// A replicator draws its sublayers `instanceCount` times (clamped to
    /// ``EvaluationPlan/maximumReplicatorInstances``; none when it is 0 or less): instance k
    /// through `instanceTransform` applied k times about the layer's center, its colors
    /// multiplied by `instanceColor` plus k times the color offsets (clamped to [0, 1]), and its
    /// animations `k × instanceDelay` later (evaluated with the presentation tree).
    private static func replicatorInstances(
        of node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, own: [PresentedLayer]
    )
        -> [(layers: [PresentedLayer], transform: CATransform3D, tint: Tint)]
    {
        guard !own.isEmpty else { return [] }
        let count = max(0, min(p.pointee.instanceCount, EvaluationPlan.maximumReplicatorInstances))
        let replicas = node.replicaSublayers
        let toCenter = CATransform3DMakeTranslation(-p.pointee.bounds.midX, -p.pointee.bounds.midY, 0)
        let fromCenter = CATransform3DMakeTranslation(p.pointee.bounds.midX, p.pointee.bounds.midY, 0)
        let color = p.pointee.instanceColor.map { Tint($0.red, $0.green, $0.blue, $0.alpha) } ?? Tint(1, 1, 1, 1)
        let offset = Tint(
            Double(p.pointee.instanceRedOffset), Double(p.pointee.instanceGreenOffset),
            Double(p.pointee.instanceBlueOffset), Double(p.pointee.instanceAlphaOffset))
        var result: [(layers: [PresentedLayer], transform: CATransform3D, tint: Tint)] = []
        result.reserveCapacity(count)
        var power = CATransform3DIdentity
        for k in 0..<count {
            let sublayers = k == 0 ? own : replicas.map { sortedByZ($0[k - 1]) } ?? own
            let instance = CATransform3DConcat(CATransform3DConcat(toCenter, power), fromCenter)
            let tint = (color + offset * Double(k)).clamped(lowerBound: .zero, upperBound: Tint(1, 1, 1, 1))
            result.append((sublayers, instance, tint))
            power = CATransform3DConcat(power, p.pointee.instanceTransform)
        }
        return result
    }

    /// Back to front: by zPosition, ties in their order (a stable sort).
    private static func sortedByZ(_ layers: [PresentedLayer]) -> [PresentedLayer] {
        guard layers.count > 1 else { return layers }
        let z = layers.map { $0.properties.zPosition }
        guard z.contains(where: { $0 != z[0] }) else { return layers }
        return layers.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { layers[$0] }
    }

    private func drawBackground(of p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, tint: Tint) {
        guard let background = p.pointee.backgroundColor else { return }
        let outline = LayerBackgroundShapes.roundedRect(
            p.pointee.bounds, radius: p.pointee.cornerRadius,
            corners: p.pointee.maskedCorners, curve: p.pointee.cornerCurve)
        canvas.fill(outline, paint: Self.paint(background, tint), mapping: mapping)
    }

    /// A text layer's text (``TextDrawing``), out of line.
    @inline(never)
    private func drawText(_ p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, tint: Tint, isClipped: Bool) {
        guard let color = TextDrawing.color(of: p) else { return }
        TextDrawing.draw(
            p, paint: Self.paint(color, tint), mapping: mapping, isClipped: isClipped, inContext: rendersInContext, on: canvas)
    }

    /// A shape layer's path, filled then stroked (the path recorded once for both).
    private func drawShape(of p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, tint: Tint) {
        guard let path = p.pointee.path else { return }
        let fill = p.pointee.fillColor.map { Self.tinted($0, tint) }
        guard let stroke = p.pointee.strokeColor, p.pointee.lineWidth > 0 else {
            if let fill { canvas.fill(path, paint: .solid(fill), rule: p.pointee.fillRule.rasterRule, mapping: mapping) }
            return
        }
        let style = StrokeStyle(
            width: Double(p.pointee.lineWidth), cap: p.pointee.lineCap.rasterCap,
            join: p.pointee.lineJoin.rasterJoin, miterLimit: Double(p.pointee.miterLimit))
        canvas.fillThenStroke(
            path, fill: fill, rule: p.pointee.fillRule.rasterRule, stroke: Self.tinted(stroke, tint), style: style,
            dash: p.pointee.rasterDash, trimStart: Double(p.pointee.strokeStart), trimEnd: Double(p.pointee.strokeEnd),
            mapping: mapping)
    }

    /// Where the clip to a layer's rounded bounds is sure to be opaque, in device pixels: the
    /// bounds mapped, less the flattening tolerance (the flattened corners lie inside the true
    /// arcs by at most that). Only for a mapping that keeps the bounds an axis-aligned rounded
    /// rectangle with circular corners (scale and translation, possibly flipped); a layer whose
    /// unmasked corners are square counts them as rounded, which is smaller and so still sure.
    static func opaqueInterior(of p: LayerProperties, mapping: PlaneMapping, tolerance: Double) -> MaskInterior? {
        guard case .affine(let t) = mapping, t.b == 0, t.c == 0, abs(t.a) == abs(t.d), t.a != 0 else { return nil }
        let bounds = p.bounds.standardized
        let x0 = t.a * Double(bounds.minX) + t.tx, x1 = t.a * Double(bounds.maxX) + t.tx
        let y0 = t.d * Double(bounds.minY) + t.ty, y1 = t.d * Double(bounds.maxY) + t.ty
        var radius = Double(p.cornerRadius).isFinite ? max(0, Double(p.cornerRadius)) * abs(t.a) : 0
        // A continuous corner leaves the edges 1.53 r from the corner, and lies outside the
        // quarter circle of that radius: that circle bounds what is surely inside.
        if p.cornerCurve == .continuous { radius *= ContinuousCorner.reach }
        let region = MaskInterior(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1), radius: radius)
        return region.inset(by: tolerance + 1e-3)
    }

    private static func paint(_ color: Color, _ tint: Tint) -> Paint { .solid(tinted(color, tint)) }

    private static func tinted(_ color: Color, _ tint: Tint) -> Color {
        Color(
            red: color.red * tint.x, green: color.green * tint.y, blue: color.blue * tint.z,
            alpha: color.alpha * tint.w)
    }
}
