import TesseraRaster

#if !canImport(QuartzCore)
/// Which of a layer's filters Tessera draws, and how a layer's `compositingFilter` composites it.
///
/// Drawn today: `compositingFilter` blend modes (Core Animation's names: `multiplyBlendMode`,
/// `plusL`…, see `BlendMode(compositingFilterName:)`), which composite the layer as one group
/// with that mode; `sdrNormalize` (a no-op for 8-bit output); disabled filters (nothing to do).
/// Any other filter is kept and written back but not drawn: the layer is drawn without it, and
/// archives report it (`AnimationArchive.Skipped.Reason.notDrawn`).
enum LayerFilterDrawing {
    /// Whether Tessera draws `filter` of a layer's `key` (`filters` or `backgroundFilters`).
    static func draws(_ filter: LayerFilter, as key: String) -> Bool {
        guard filter.isEnabled else { return true }
        return filter.type == "sdrNormalize"
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
