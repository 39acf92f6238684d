import Foundation
import TesseraRaster

/// The properties of a layer that most layers leave at their defaults: its `contents` and their
/// placement, its filters, a gradient layer's gradient, a backdrop's group, a portal's flags, an
/// emitter's cells and properties and a text layer's. They are kept out of line, behind one shared
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

    public var contents: LayerContents {
        get { rare.value.contents }
        set { rareProperties.contents = newValue }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { rare.value.contentsGravity }
        set { rareProperties.contentsGravity = newValue }
    }
    public var contentsRect: CGRect {
        get { rare.value.contentsRect }
        set { rareProperties.contentsRect = newValue }
    }
    public var contentsCenter: CGRect {
        get { rare.value.contentsCenter }
        set { rareProperties.contentsCenter = newValue }
    }
    public var contentsScale: CGFloat {
        get { rare.value.contentsScale }
        set { rareProperties.contentsScale = newValue }
    }
    public var minificationFilter: CALayerContentsFilter {
        get { rare.value.minificationFilter }
        set { rareProperties.minificationFilter = newValue }
    }
    public var minificationFilterBias: Float {
        get { rare.value.minificationFilterBias }
        set { rareProperties.minificationFilterBias = newValue }
    }
    public var magnificationFilter: CALayerContentsFilter {
        get { rare.value.magnificationFilter }
        set { rareProperties.magnificationFilter = newValue }
    }
    public var filters: [LayerFilter]? {
        get { rare.value.filters }
        set { rareProperties.filters = newValue }
    }
    public var backgroundFilters: [LayerFilter]? {
        get { rare.value.backgroundFilters }
        set { rareProperties.backgroundFilters = newValue }
    }
    public var compositingFilter: LayerCompositingFilter? {
        get { rare.value.compositingFilter }
        set { rareProperties.compositingFilter = newValue }
    }
    public var groupName: String? {
        get { rare.value.groupName }
        set { rareProperties.groupName = newValue }
    }
    public var scale: CGFloat {
        get { rare.value.scale }
        set { rareProperties.scale = newValue }
    }
    public var hidesSourceLayer: Bool {
        get { rare.value.hidesSourceLayer }
        set { rareProperties.hidesSourceLayer = newValue }
    }
    public var matchesOpacity: Bool {
        get { rare.value.matchesOpacity }
        set { rareProperties.matchesOpacity = newValue }
    }
    public var matchesPosition: Bool {
        get { rare.value.matchesPosition }
        set { rareProperties.matchesPosition = newValue }
    }
    public var matchesTransform: Bool {
        get { rare.value.matchesTransform }
        set { rareProperties.matchesTransform = newValue }
    }
    public var colors: [Color]? {
        get { rare.value.colors }
        set { rareProperties.colors = newValue }
    }
    public var locations: [Double]? {
        get { rare.value.locations }
        set { rareProperties.locations = newValue }
    }
    public var startPoint: CGPoint {
        get { rare.value.startPoint }
        set { rareProperties.startPoint = newValue }
    }
    public var endPoint: CGPoint {
        get { rare.value.endPoint }
        set { rareProperties.endPoint = newValue }
    }
    public var type: CAGradientLayerType {
        get { rare.value.type }
        set { rareProperties.type = newValue }
    }
}
