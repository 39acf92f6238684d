import TesseraRaster

/// Which of a layer's filters Tessera draws, and how a layer's `compositingFilter` composites it.
///
/// Drawn today: `compositingFilter` blend modes (Core Animation's names: `multiplyBlendMode`,
/// `plusL`, `linearLightBlendMode`…, see `BlendMode(compositingFilterName:)`), which composite
/// the layer as one group with that mode; a layer whose compositing filter is not one of them
/// (`multiply`, `CIAdditionCompositing`…) is not drawn at all, and archives report the filter as
/// not drawn: composited source-over instead, it would show what Core Animation does not (a
/// neutral linear-light texture would darken what lies below); the filters of `filters`
/// (``LayerFilterChain``: colour matrices, alpha thresholds, blurs, a vibrant colour matrix),
/// applied to the layer composited as one image, before its mask and opacity: a lone colour
/// matrix as a group's colour filter, any other chain drawn apart (``FilteredLayerDrawing``);
/// the same filters as `backgroundFilters` (``BackdropDrawing``). A filter of another type, or
/// one with inputs Tessera cannot read, is kept and written back but not drawn: the layer is
/// drawn without it, and archives report it (`SkippedFeature.Reason.notDrawn`).
package enum LayerFilterDrawing {
    /// Why each filter of a layer's `key` (`filters` or `backgroundFilters`) that Tessera does not
    /// draw is not drawn (``LayerFilterChain/undrawn(_:on:)``); a backdrop's `filters` apply to
    /// what lies behind it.
    package static func undrawn(_ filters: [LayerFilter]?, as key: String, ofBackdrop: Bool) -> [String] {
        LayerFilterChain.undrawn(filters, on: key == "backgroundFilters" || ofBackdrop ? .behind : .layer)
    }

    /// The colour matrix a layer's `filters` apply, composed, when they do not blur; nil when
    /// they apply none (no filters: most layers, read first).
    @inline(__always)
    static func colorMatrix(of p: UnsafePointer<LayerProperties>) -> ColorMatrix? {
        // A backdrop's filters are its backdrop's (``BackdropDrawing``), not its content's.
        guard !p.pointee.rare.isDefaults, !p.pointee.kind.layerClass.filtersBehind else { return nil }
        return colorMatrix(ofFilters: p)
    }

    @inline(never)
    private static func colorMatrix(ofFilters p: UnsafePointer<LayerProperties>) -> ColorMatrix? {
        guard let filters = p.pointee.filters else { return nil }
        return LayerFilterChain(filters)?.onlyColorMatrix
    }

    /// The chain of a layer's `filters` when it is more than a colour matrix (drawn apart by
    /// ``FilteredLayerDrawing``: blurs, thresholds, premultiplied matrices, a vibrant matrix);
    /// nil otherwise.
    static func apartChain(of p: UnsafePointer<LayerProperties>) -> LayerFilterChain? {
        guard !p.pointee.rare.isDefaults, !p.pointee.kind.layerClass.filtersBehind, let filters = p.pointee.filters,
            let chain = LayerFilterChain(filters), chain.onlyColorMatrix == nil
        else { return nil }
        return chain
    }

    /// The blend mode a layer is composited with: its compositing filter's, normal without one
    /// or with a disabled one. Only for a layer that ``drawsCompositingFilter(of:)``.
    static func blendMode(of p: UnsafePointer<LayerProperties>, inContext: Bool = false) -> BlendMode {
        guard !p.pointee.rare.isDefaults, let filter = p.pointee.compositingFilter else { return .normal }
        if case .filter(let values) = filter, !values.isEnabled { return .normal }
        let mode = BlendMode(compositingFilterName: filter.type) ?? .normal
        // `CALayer.render(in:)` draws a luminosity compositing filter as a normal layer
        // (``LayerRenderer/Mode/renderInContext``).
        return inContext && mode == .luminosity ? .normal : mode
    }

    /// Whether Tessera can composite a layer as its compositing filter says: true without one,
    /// with a disabled one, or with a blend mode it has; a layer for which this is false is not
    /// drawn.
    static func drawsCompositingFilter(of p: UnsafePointer<LayerProperties>) -> Bool {
        p.pointee.rare.isDefaults || p.pointee.compositingFilter.map(draws(compositingFilter:)) ?? true
    }

    /// Whether Tessera draws `filter` as a layer's compositing filter (see
    /// ``drawsCompositingFilter(of:)``).
    package static func draws(compositingFilter filter: LayerCompositingFilter) -> Bool {
        if case .filter(let values) = filter, !values.isEnabled { return true }
        return BlendMode(compositingFilterName: filter.type) != nil
    }
}
