import Foundation
import TesseraRaster

/// The properties of a layer that most layers leave at their defaults: its `contents` and their
/// placement, its filters, a gradient layer's gradient, a backdrop's group, a portal's flags, an
/// emitter's cells and properties and a text layer's (but its string). They are kept out of line, behind one shared
/// reference (copied when written), so that copying a ``LayerProperties`` (the evaluation does it
/// for every animated layer every frame) stays small: inline, they would be copied too.
package struct RareLayerProperties: Hashable, Sendable {
    // CALayer's contents
    package var contents = LayerContents.none
    package var contentsGravity = CALayerContentsGravity.resize
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilter = CALayerContentsFilter.linear
    package var minificationFilterBias: Float = 0
    package var magnificationFilter = CALayerContentsFilter.linear
    // CALayer's filters
    package var filters: [LayerFilter]? = nil
    package var backgroundFilters: [LayerFilter]? = nil
    package var compositingFilter: LayerCompositingFilter? = nil
    // CABackdropLayer
    package var groupName: String? = nil
    /// The resolution a backdrop samples what lies below at, relative to the frame's.
    package var scale: CGFloat = 1
    // CAPortalLayer
    package var hidesSourceLayer = false
    package var matchesOpacity = false
    package var matchesPosition = false
    package var matchesTransform = false
    // CAEmitterLayer
    package var emitter = EmitterLayerProperties()
    // CATextLayer
    package var text = TextLayerProperties()
    // CAGradientLayer
    package var colors: [Color]? = nil
    package var locations: [Double]? = nil
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type = CAGradientLayerType.axial
}

/// The shared storage of ``RareLayerProperties``: immutable, replaced on write. Equal when the
/// values are.
final class RareLayerPropertiesBox: Hashable, Sendable {
    let value: RareLayerProperties
    /// Whether this is ``defaults``: what the drawing walk asks of every layer before it looks
    /// for filters (a flag read in place; an identity test with the shared instance retained
    /// both and checked the static's initialization).
    let isDefaults: Bool

    init(_ value: consuming RareLayerProperties) {
        self.value = value
        isDefaults = false
    }

    private init(defaults value: RareLayerProperties) {
        self.value = value
        isDefaults = true
    }

    /// The defaults, shared by every layer that does not change them.
    static let defaults = RareLayerPropertiesBox(defaults: RareLayerProperties())

    /// Calls `body` with the address of ``value`` (borrowed where it lies, not copied).
    func withValue<R>(_ body: (UnsafeRawPointer) -> R) -> R {
        withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
    }

    static func == (a: RareLayerPropertiesBox, b: RareLayerPropertiesBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension LayerProperties {
    /// The out-of-line properties (see ``RareLayerProperties``).
    package var rareProperties: RareLayerProperties {
        get { rare.value }
        set { rare = RareLayerPropertiesBox(newValue) }
        // One copy of the values, changed in place and moved into the new box (the box is
        // immutable: snapshots and the defaults share it).
        _modify {
            var values = rare.value
            yield &values
            rare = RareLayerPropertiesBox(consume values)
        }
    }

    /// The layer's image (see ``CALayer/contents``).
    public var contents: LayerContents {
        get { rare.value.contents }
        set { rareProperties.contents = newValue }
    }
    /// Where the image goes in the bounds (see ``CALayer/contentsGravity``).
    public var contentsGravity: CALayerContentsGravity {
        get { rare.value.contentsGravity }
        set { rareProperties.contentsGravity = newValue }
    }
    /// The part of the image drawn, in unit coordinates (see ``CALayer/contentsRect``).
    public var contentsRect: CGRect {
        get { rare.value.contentsRect }
        set { rareProperties.contentsRect = newValue }
    }
    /// The part of the image that stretches, in unit coordinates (see ``CALayer/contentsCenter``).
    public var contentsCenter: CGRect {
        get { rare.value.contentsCenter }
        set { rareProperties.contentsCenter = newValue }
    }
    /// The image's pixels per point (see ``CALayer/contentsScale``).
    public var contentsScale: CGFloat {
        get { rare.value.contentsScale }
        set { rareProperties.contentsScale = newValue }
    }
    /// How the image is sampled when drawn smaller (see ``CALayer/minificationFilter``).
    public var minificationFilter: CALayerContentsFilter {
        get { rare.value.minificationFilter }
        set { rareProperties.minificationFilter = newValue }
    }
    /// The bias of the mipmap level chosen when drawn smaller (see ``CALayer/minificationFilterBias``).
    public var minificationFilterBias: Float {
        get { rare.value.minificationFilterBias }
        set { rareProperties.minificationFilterBias = newValue }
    }
    /// How the image is sampled when drawn larger (see ``CALayer/magnificationFilter``).
    public var magnificationFilter: CALayerContentsFilter {
        get { rare.value.magnificationFilter }
        set { rareProperties.magnificationFilter = newValue }
    }
    /// The filters applied to the layer and its sublayers (see ``CALayer/filters``).
    public var filters: [LayerFilter]? {
        get { rare.value.filters }
        set { rareProperties.filters = newValue }
    }
    /// The filters applied to what lies behind the layer (see ``CALayer/backgroundFilters``).
    public var backgroundFilters: [LayerFilter]? {
        get { rare.value.backgroundFilters }
        set { rareProperties.backgroundFilters = newValue }
    }
    /// How the layer blends with what lies behind it; nil: source over (see
    /// ``CALayer/compositingFilter``).
    public var compositingFilter: LayerCompositingFilter? {
        get { rare.value.compositingFilter }
        set { rareProperties.compositingFilter = newValue }
    }
    /// A backdrop layer's group: backdrops of one group sample the same backdrop (see
    /// ``CABackdropLayer/groupName``).
    public var groupName: String? {
        get { rare.value.groupName }
        set { rareProperties.groupName = newValue }
    }
    /// The resolution a backdrop layer samples at, relative to the frame's (see
    /// ``CABackdropLayer/scale``).
    public var scale: CGFloat {
        get { rare.value.scale }
        set { rareProperties.scale = newValue }
    }
    /// Whether a portal layer hides its source where it is drawn (see
    /// ``CAPortalLayer/hidesSourceLayer``).
    public var hidesSourceLayer: Bool {
        get { rare.value.hidesSourceLayer }
        set { rareProperties.hidesSourceLayer = newValue }
    }
    /// Whether a portal layer takes its source's opacity (see ``CAPortalLayer/matchesOpacity``).
    public var matchesOpacity: Bool {
        get { rare.value.matchesOpacity }
        set { rareProperties.matchesOpacity = newValue }
    }
    /// Whether a portal layer takes its source's position (see ``CAPortalLayer/matchesPosition``).
    public var matchesPosition: Bool {
        get { rare.value.matchesPosition }
        set { rareProperties.matchesPosition = newValue }
    }
    /// Whether a portal layer takes its source's transform (see ``CAPortalLayer/matchesTransform``).
    public var matchesTransform: Bool {
        get { rare.value.matchesTransform }
        set { rareProperties.matchesTransform = newValue }
    }
    /// A gradient layer's colours; nil: no gradient (see ``CAGradientLayer/colors``).
    public var colors: [Color]? {
        get { rare.value.colors }
        set { rareProperties.colors = newValue }
    }
    /// A gradient layer's stops, 0 to 1; nil: evenly spaced (see ``CAGradientLayer/locations``).
    public var locations: [Double]? {
        get { rare.value.locations }
        set { rareProperties.locations = newValue }
    }
    /// Where a gradient starts, in unit coordinates (see ``CAGradientLayer/startPoint``).
    public var startPoint: CGPoint {
        get { rare.value.startPoint }
        set { rareProperties.startPoint = newValue }
    }
    /// Where a gradient ends, in unit coordinates (see ``CAGradientLayer/endPoint``).
    public var endPoint: CGPoint {
        get { rare.value.endPoint }
        set { rareProperties.endPoint = newValue }
    }
    /// A gradient layer's shape: axial, radial or conic (see ``CAGradientLayer/type``).
    public var type: CAGradientLayerType {
        get { rare.value.type }
        set { rareProperties.type = newValue }
    }
}
