import TesseraRaster

#if !canImport(QuartzCore)
/// Which of a layer's filters Tessera draws, and how a layer's `compositingFilter` composites it.
///
/// Drawn today: `compositingFilter` blend modes (Core Animation's names: `multiplyBlendMode`,
/// `plusL`…, see `BlendMode(compositingFilterName:)`), which composite the layer as one group
/// with that mode; the colour filters of `filters` (``LayerFilterChain``), applied to the layer
/// composited as one image, before its mask and opacity; `sdrNormalize` (a no-op for 8-bit
/// output); disabled filters (nothing to do). Any other filter is kept and written back but not
/// drawn: the layer is drawn without it, and archives report it
/// (`AnimationArchive.Skipped.Reason.notDrawn`). Background filters wait for backdrop layers.
enum LayerFilterDrawing {
    /// Whether Tessera draws `filter` of a layer's `key` (`filters` or `backgroundFilters`).
    static func draws(_ filter: LayerFilter, as key: String) -> Bool {
        guard filter.isEnabled else { return true }
        guard key == "filters", filter.type != "gaussianBlur" else { return false }
        return LayerFilterChain.draws(filter)
    }

    /// The colour matrix a layer's `filters` apply, composed; nil when they apply none (no
    /// filters: most layers, read first).
    static func colorMatrix(of p: UnsafePointer<LayerProperties>) -> ColorMatrix? {
        guard p.pointee.rare !== RareLayerPropertiesBox.defaults, let filters = p.pointee.filters else { return nil }
        let colorOnly = filters.filter { $0.type != "gaussianBlur" }
        return LayerFilterChain(colorOnly)?.onlyColorMatrix
    }

    /// The blend mode a layer is composited with: its compositing filter's, normal without one
    /// (or with one Tessera does not draw).
    static func blendMode(of p: UnsafePointer<LayerProperties>) -> BlendMode {
        guard let filter = p.pointee.compositingFilter else { return .normal }
        if case .filter(let values) = filter, !values.isEnabled { return .normal }
        return BlendMode(compositingFilterName: filter.type) ?? .normal
    }
}
#endif
