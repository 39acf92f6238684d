import Foundation

/// A filter of a layer's `filters`, `backgroundFilters` or `compositingFilter`, as Core
/// Animation's `CAFilter` (the class that archives, CAML and the layers of Apple's platforms
/// hold): a type (`gaussianBlur`, `colorMatrix`, `colorSaturate`, `multiplyBlendMode`…), a name
/// that key paths use (`filters.NAME.KEY`; the type unless set) and inputs set by key-value
/// coding (`inputRadius`, `inputAmount`…).
///
/// ```swift
/// let blur = CAFilter(type: "gaussianBlur")
/// blur.setValue(12, forKey: "inputRadius")
/// layer.filters = [blur]
/// ```
///
/// A layer keeps the filter's values (``LayerFilter``) when it is assigned: changing the filter
/// afterwards does not change the layer, as in Core Animation, where filters are copied.
///
/// What Tessera draws, in `filters` (the layer and its sublayers as one image), in
/// `backgroundFilters` (what lies behind the layer, within its bounds) and in a
/// ``CABackdropLayer``'s `filters`:
/// - `gaussianBlur`: `inputRadius` (σ in points, default 10), `inputNormalizeEdges`,
///   `inputHardEdges` (`inputQuality` is read as the one quality Tessera has);
/// - `variableBlur`: `inputRadius`, `inputMaskImage` (σ there is the radius times the mask's
///   alpha, the mask stretched over the bounds), `inputNormalizeEdges`;
/// - `colorSaturate`, `colorBrightness`, `colorContrast` (`inputAmount`), `colorMatrix`
///   (`inputColorMatrix`, 20 numbers; `inputPremultipliedValues`), `colorInvert`,
///   `luminanceToAlpha`, `colorMonochrome` (`inputColor`, `inputAmount`, `inputBias`);
/// - `alphaThreshold` (`inputAmount`, `inputColor`);
/// - `vibrantColorMatrix` (`inputColorMatrix`): in `filters`, what lies behind the layer through
///   the matrix, where the layer has alpha (it must be the last filter);
/// - `sdrNormalize`: nothing to do for 8-bit output.
///
/// Colours (`inputColor`) are `CGColor`s. What each reads, its defaults and its bad values:
/// LayerFilterChain+Reading.swift.
///
/// In `compositingFilter`: the blend modes (`multiplyBlendMode`, `plusL`, `plusD`…, and Core
/// Image's `linearLightBlendMode`, `subtractBlendMode`…; see `BlendMode(compositingFilterName:)`
/// in TesseraRaster). A filter of any other type is kept and written back, not drawn: in
/// `filters` and `backgroundFilters` the layer is drawn without it; a layer whose compositing
/// filter it is is not drawn at all (source over would show what Core Animation does not).
/// Archives report it.
public final class CAFilter: @unchecked Sendable {
    /// Guards `values`: a filter may be shared between threads by the caller.
    private let lock = NSLock()
    private var values: LayerFilter

    /// A filter of `type`, named after it, with no inputs.
    public init(type: String) {
        values = LayerFilter(type: type)
    }

    /// Objective-C's `+filterWithType:`.
    public static func filter(withType type: String) -> CAFilter { CAFilter(type: type) }

    init(_ values: LayerFilter) {
        self.values = values
    }

    /// What the filter does.
    public var type: String { lock.withLock { values.type } }
    /// The name key paths use (`filters.NAME.KEY`); the type by default.
    public var name: String {
        get { lock.withLock { values.name } }
        set { lock.withLock { values.name = newValue } }
    }
    /// Whether it applies (true by default).
    public var isEnabled: Bool {
        get { lock.withLock { values.isEnabled } }
        set { lock.withLock { values.isEnabled = newValue } }
    }

    /// An input's value (`NSNumber`, `String`, `CGImage`, `[NSNumber]`), or `name`, `type`,
    /// `enabled`; nil when not set.
    public func value(forKey key: String) -> Any? {
        lock.withLock {
            switch key {
            case "name": values.name
            case "type": values.type
            case "enabled": NSNumber(value: values.isEnabled)
            default: values.inputs[key]?.anyValue
            }
        }
    }

    /// Sets an input (nil removes it), or `name` and `enabled`. A value of a kind Tessera does not
    /// keep is ignored.
    public func setValue(_ value: Any?, forKey key: String) {
        lock.withLock {
            switch key {
            case "name": if let name = value as? String { values.name = name }
            case "enabled": if let flag = value as? Bool { values.isEnabled = flag }
            default:
                guard let value else { values.inputs[key] = nil; return }
                if let input = LayerFilterValue(any: value) { values.inputs[key] = input }
            }
        }
    }

    /// The values a layer stores.
    var layerFilter: LayerFilter { lock.withLock { values } }
}
