import Foundation
import TesseraRaster

/// A layer of Core Animation, as QuartzCore's class: geometry, appearance, the sublayer tree,
/// its own timing, and the animations added to it.
///
/// The layer is the model; ``presentation(at:)`` evaluates the animations of the whole subtree
/// at a time into values (``LayerSnapshot``) without changing it. A layer belongs to the thread
/// that builds it: it is not `Sendable`; snapshots are.
open class CALayer: NSObject, CAMediaTiming {
    // The stored state read for every layer of every frame is exempt from the run-time
    // exclusivity checks (a large part of evaluating a layer, were they checked): it
    // is only read or assigned whole, never lent out inout across a call that could reach it
    // again, so the compile-time checks are enough.

    /// The model values. Every change moves ``propertiesVersion``; a change to a layer that has
    /// been presented runs the actions of the properties it changes, unless the transaction
    /// disables them (see ``action(forKey:)``). The public setters all come here.
    package final var properties: LayerProperties {
        _read { yield modelProperties }
        _modify {
            if hasBeenPresented && !CATransaction.disableActions() {
                // Changed on a copy: the actions are looked up while the model is as it was. The
                // copy is boxed, made and applied out of line: held in this accessor's frame
                // (allocated at every change of every layer, presented or not), it made the frame
                // some 3 KB, past malloc's cache of small blocks.
                let edited = EditedProperties(copying: self)
                yield &edited.values
                edited.apply(to: self)
            } else {
                if !hasBeenPresented && !isAwaitingCommit { ThreadTransactions.forCurrentThread.layerChanged(self) }
                defer { propertiesVersion &+= 1 }
                yield &modelProperties
            }
        }
    }
    /// A copy of the model values being changed (see ``properties``).
    private final class EditedProperties {
        var values: LayerProperties

        @inline(never)
        init(copying layer: CALayer) {
            values = layer.modelProperties
        }

        /// Makes the values the layer's model, running the actions of what changed.
        @inline(never)
        func apply(to layer: CALayer) {
            layer.changeModel(to: &values)
        }
    }

    /// The model values, changed without running actions: Tessera's own changes (a change whose
    /// actions are run apart, the end values kept by ``AnimationToken``).
    package final var propertiesWithoutActions: LayerProperties {
        _read { yield modelProperties }
        _modify {
            defer { propertiesVersion &+= 1 }
            yield &modelProperties
        }
    }
    /// The model values' memory, the layer's own (allocated with it, freed in `deinit`), so that
    /// their address is lent without an access to a stored property: the threads evaluating a
    /// tree read one layer's values at once (a replicator's instances), and taking a stored
    /// property's address (`&`) is an `inout` access, two of which the thread sanitizer reports as
    /// a race; lent as a borrowed value instead, the values were copied.
    private let modelStorage: UnsafeMutablePointer<LayerProperties>
    private final var modelProperties: LayerProperties {
        _read { yield modelStorage.pointee }
        _modify { yield &modelStorage.pointee }
    }
    /// Moves on every change of ``properties``: an evaluation that finds the version its last
    /// copy of them was made at needs to restore only what animations changed (see
    /// ``EvaluationPlan``).
    @exclusivity(unchecked) private(set) final var propertiesVersion: UInt64 = 0
    // Read by every change of a presented layer's model: beside the model's address, on the
    // object's first cache line, where a caller setting hundreds of layers finds them together.
    /// Whether the layer has been committed: in a presented tree (``presentation(at:)``, which
    /// rendering calls), or in the tree of a layer changed in a transaction that has committed
    /// (``CATransaction/commit()``, ``CATransaction/flush()``, which ``AnimationClock`` calls as
    /// it advances). Only such a layer runs actions when its properties change, so building and
    /// configuring a tree in code animates nothing, as in Core Animation, where changes to a
    /// layer made before it is first committed are not animated; once committed, a layer
    /// animates its changes whether or not it was ever rendered, as Core Animation's standalone
    /// layers do.
    @exclusivity(unchecked) final var hasBeenPresented = false
    /// Changed in a transaction not committed yet, which will mark it presented when it commits
    /// (see ``ThreadTransactions/layerChanged(_:)``).
    @exclusivity(unchecked) final var isAwaitingCommit = false
    /// Whether ``delegate``, ``actions`` or ``style`` may give an action (set when one is set,
    /// kept while any is; a delegate freed since leaves it set): a change that finds it clear
    /// need not search (see `changeModel(of:unless:_:)`).
    @exclusivity(unchecked) final var mayHaveActionSources = false
    /// A text layer's: whether ``CATextLayer/string`` returns an object kept apart from the
    /// model's characters (an `NSString`, an attributed string), which a change of string then
    /// replaces. Here, with what that change reads, rather than read from the text layer's own
    /// stored property at the object's end.
    @exclusivity(unchecked) final var hasStringObject = false

    /// Calls `body` with the address of the model values, to copy them without a copy in between.
    final func withModelProperties<R>(_ body: (UnsafePointer<LayerProperties>) -> R) -> R {
        body(UnsafePointer(modelStorage))
    }

    // MARK: Timing

    open var beginTime: CFTimeInterval = 0 { didSet { timingChanged() } }
    /// 0: unbounded.
    open var duration: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var speed: Float = 1 { didSet { timingChanged() } }
    open var timeOffset: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var repeatCount: Float = 0 { didSet { timingChanged() } }
    open var repeatDuration: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var autoreverses = false { didSet { timingChanged() } }
    open var fillMode: CAMediaTimingFillMode = .removed { didSet { timingChanged() } }

    /// The timing properties as values, kept up to date by their observers: evaluating a tree
    /// reads one struct per layer instead of eight overridable properties.
    @exclusivity(unchecked) private(set) var timing = TimingSpec(
        beginTime: 0, duration: .infinity, speed: 1, timeOffset: 0, repeatCount: 0,
        repeatDuration: 0, autoreverses: false, fillMode: .removed)

    private func timingChanged() {
        timing = timingSpec(duration: duration > 0 ? duration : .infinity)
    }

    // MARK: Tree

    /// The layer's name, for finding it.
    // Changes to names, sublayers, masks and added animations move the ``TreeGeneration``:
    // evaluation plans cache them.
    /// The layer's name, for finding it (nil by default).
    @exclusivity(unchecked) open var name: String? { didSet { TreeGeneration.advance() } }
    /// The layer this one is a sublayer of (nil for a root).
    public private(set) weak var superlayer: CALayer?
    @exclusivity(unchecked) private var children: [CALayer] = [] { didSet { TreeGeneration.advance() } }
    /// A layer whose alpha masks this one (its own geometry is relative to this layer).
    @exclusivity(unchecked) open var mask: CALayer? { didSet { TreeGeneration.advance() } }
    /// The flattened subtree of the last evaluation (see ``evaluationPlan``).
    @exclusivity(unchecked) var cachedPlan: EvaluationPlan?
    /// The clock that gives "now" for the tree it is attached to (see ``AnimationClock``); held
    /// by the root (the clock holds its roots weakly).
    var clock: AnimationClock?

    /// The transaction's hold on the layer while it awaits its commit: cleared when the layer is
    /// freed (see `PendingCommit`). Written once, by the change that made it await.
    @exclusivity(unchecked) final var pendingCommit: PendingCommit?
    /// The tree this layer's last ``presentation(at:)`` made, and the plan it was evaluated
    /// from: what a transition added to it or to one of its layers starts from (see
    /// ``lastPresentedSnapshot()``). Held until the next presentation begins, which lets it go
    /// so that its buffer is filled again (see ``SpareProperties``).
    @exclusivity(unchecked) final var lastPresentedTree: PresentationTree?
    @exclusivity(unchecked) final var lastPresentedPlan: EvaluationPlan?

    /// Animations in the order they were added.
    @exclusivity(unchecked) var attached: [AttachedAnimation] = [] { didSet { TreeGeneration.advance() } }
    /// Problems met while adding animations (unknown key paths, values of the wrong type).
    public private(set) var diagnostics: [String] = []

    /// A layer with Core Animation's defaults: empty bounds at the origin, anchor point at the
    /// centre, opaque, visible, no background, no sublayers.
    public required override init() {
        modelStorage = .allocate(capacity: 1)
        modelStorage.initialize(to: LayerProperties(kind: Self.kind))
        super.init()
    }

    deinit {
        pendingCommit?.layerFreed()
        modelStorage.deinitialize(count: 1)
        modelStorage.deallocate()
    }

    /// A copy of `layer`'s properties (not its sublayers or animations), as Core Animation's
    /// initializer for presentation layers.
    public init(layer: Any) {
        modelStorage = .allocate(capacity: 1)
        modelStorage.initialize(to: (layer as? CALayer)?.properties ?? LayerProperties(kind: Self.kind))
        super.init()
        if let other = layer as? CALayer {
            copyTiming(from: other)
            name = other.name
        }
    }

    /// The kind of properties this class has.
    package class var kind: LayerKind { .layer }

    /// A new layer (Objective-C's `+layer`).
    public class func layer() -> Self { self.init() }

    private func copyTiming(from other: CALayer) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
    }

    // MARK: Geometry

    /// The layer's own coordinate space: its origin and size in points (zero by default). Animatable.
    open var bounds: CGRect {
        get { properties.bounds }
        set { properties.bounds = newValue }
    }
    /// Where the ``anchorPoint`` lies, in the superlayer's coordinates ((0, 0) by default). Animatable.
    open var position: CGPoint {
        get { properties.position }
        set { properties.position = newValue }
    }
    /// The position on the z axis (0 by default): sublayers are drawn in increasing `zPosition`, and
    /// it moves the layer in depth under a perspective. Animatable.
    open var zPosition: CGFloat {
        get { properties.zPosition }
        set { properties.zPosition = newValue }
    }
    /// The point of the bounds that ``position`` places and the transform turns about, in unit
    /// coordinates ((0.5, 0.5), the centre, by default). Animatable.
    open var anchorPoint: CGPoint {
        get { properties.anchorPoint }
        set { properties.anchorPoint = newValue }
    }
    /// The anchor point's z coordinate, in points (0 by default). Animatable.
    open var anchorPointZ: CGFloat {
        get { properties.anchorPointZ }
        set { properties.anchorPointZ = newValue }
    }
    /// The transform applied to the layer about its anchor point (identity by default). Animatable,
    /// also by field (`transform.rotation.z`, `transform.scale`, ...).
    open var transform: CATransform3D {
        get { properties.transform }
        set { properties.transform = newValue }
    }
    /// The transform applied to the sublayers, about the anchor point (identity by default): where
    /// a perspective (`m34`) for the sublayers goes. Animatable.
    open var sublayerTransform: CATransform3D {
        get { properties.sublayerTransform }
        set { properties.sublayerTransform = newValue }
    }
    /// Whether the layer's y axis, for its sublayers and contents, is flipped relative to its
    /// superlayer's (false by default).
    open var isGeometryFlipped: Bool {
        get { properties.isGeometryFlipped }
        set { properties.isGeometryFlipped = newValue }
    }
    /// Whether the layer is drawn when its back faces the viewer (true by default): with false,
    /// a layer turned away by 3D transforms (its plane's front side, the side its z axis points
    /// to, away from the eye) is not drawn, nor its sublayers. Where the eye is: see
    /// ``CATransformLayer``.
    open var isDoubleSided: Bool {
        get { properties.isDoubleSided }
        set { properties.isDoubleSided = newValue }
    }

    /// The layer's rectangle in its superlayer's coordinates: derived from bounds, position,
    /// anchorPoint and transform (the bounding box when transformed). Setting it sets the
    /// position and the bounds' size, as Core Animation does (undefined with a non-affine
    /// transform there; here the transform is ignored when setting).
    open var frame: CGRect {
        get { LayerGeometry.frame(of: properties) }
        set {
            properties.bounds.size = newValue.size
            properties.position = CGPoint(
                x: newValue.minX + properties.anchorPoint.x * newValue.width,
                y: newValue.minY + properties.anchorPoint.y * newValue.height)
        }
    }

    // MARK: Appearance

    /// The opacity of the layer and its sublayers, from 0 (transparent) to 1 (the default), composited
    /// as a group. Animatable.
    open var opacity: Float {
        get { properties.opacity }
        set { properties.opacity = newValue }
    }
    /// Whether the layer and its sublayers are not drawn (false by default). Animatable (discretely).
    open var isHidden: Bool {
        get { properties.isHidden }
        set { properties.isHidden = newValue }
    }
    /// The colour that fills the bounds (with ``cornerRadius``) behind the contents (nil by default:
    /// none). Animatable.
    open var backgroundColor: CGColor? {
        get { properties.backgroundColor.map(CGColor.init) }
        set { properties.backgroundColor = newValue.map(Color.init) }
    }
    /// The radius of the rounded corners of the background and border, in points (0 by default); with
    /// ``masksToBounds``, it clips the contents and sublayers too. Animatable.
    open var cornerRadius: CGFloat {
        get { properties.cornerRadius }
        set { properties.cornerRadius = newValue }
    }
    /// Which corners ``cornerRadius`` rounds (all four by default).
    open var maskedCorners: CACornerMask {
        get { properties.maskedCorners }
        set { properties.maskedCorners = newValue }
    }
    // MARK: Contents

    /// The layer's image, drawn over its background and under its sublayers, as QuartzCore's
    /// `contents`: a `CGImage`, or nil. Anything else set here is ignored (nil), as Core Animation
    /// draws nothing for it.
    open var contents: Any? {
        get { properties.contents.image }
        set { properties.contents = LayerContents(newValue as? CGImage) }
    }
    /// Where `contents` goes in the bounds (``CALayerContentsGravity``; `.resize` by default).
    open var contentsGravity: CALayerContentsGravity {
        get { properties.contentsGravity }
        set { properties.contentsGravity = newValue }
    }
    /// The part of the image shown, in unit coordinates of the image ((0, 0, 1, 1): all of it).
    /// Animatable.
    open var contentsRect: CGRect {
        get { properties.contentsRect }
        set { properties.contentsRect = newValue }
    }
    /// The part of the image that stretches when the image is scaled, in unit coordinates; the
    /// rest (the borders of a nine-part image) keeps its size. Animatable.
    open var contentsCenter: CGRect {
        get { properties.contentsCenter }
        set { properties.contentsCenter = newValue }
    }
    /// Image pixels per layer point, for the gravities that do not scale the image.
    open var contentsScale: CGFloat {
        get { properties.contentsScale }
        set { properties.contentsScale = newValue }
    }
    /// How the image is sampled when drawn smaller than its pixels.
    open var minificationFilter: CALayerContentsFilter {
        get { properties.minificationFilter }
        set { properties.minificationFilter = newValue }
    }
    /// The bias added to the level of detail the minification filter picks (QuartzCore's
    /// `minificationFilterBias`, 0 by default): with ``CALayerContentsFilter/trilinear``, a
    /// positive bias picks coarser mipmap levels. Kept, copied, archived and written to CAML;
    /// Tessera's trilinear filter picks its level without it (TesseraRaster's `ImagePattern`),
    /// so it changes nothing drawn yet.
    open var minificationFilterBias: Float {
        get { properties.minificationFilterBias }
        set { properties.minificationFilterBias = newValue }
    }
    /// How the image is sampled when drawn larger than its pixels.
    open var magnificationFilter: CALayerContentsFilter {
        get { properties.magnificationFilter }
        set { properties.magnificationFilter = newValue }
    }

    // MARK: Filters

    /// Filters applied to the layer and its sublayers, composited as one image (``CAFilter``s;
    /// other elements are ignored). Kept as the filters' values: later changes to a filter
    /// object do not reach the layer.
    open var filters: [Any]? {
        get { properties.filters.map { $0.map(CAFilter.init) } }
        set {
            let readsBackdrop = properties.filters?.contains(where: \.readsBackdrop) == true
            properties.filters = newValue?.compactMap { ($0 as? CAFilter)?.layerFilter }
            // A vibrant matrix shows the frame below, as a backdrop does (``TreeShape/hasBackdrop``).
            if readsBackdrop || properties.filters?.contains(where: \.readsBackdrop) == true { TreeGeneration.advance() }
        }
    }
    /// Filters applied to what lies behind the layer, within its bounds (``CAFilter``s).
    open var backgroundFilters: [Any]? {
        get { properties.backgroundFilters.map { $0.map(CAFilter.init) } }
        set {
            properties.backgroundFilters = newValue?.compactMap { ($0 as? CAFilter)?.layerFilter }
            // A tree with background filters renders its frame in segments (``TreeShape/hasBackdrop``).
            TreeGeneration.advance()
        }
    }
    /// How the layer's image is composited over what lies behind it: a blend mode's name
    /// (`"multiplyBlendMode"`, `"plusL"`…) or a ``CAFilter`` of that type; nil for normal.
    open var compositingFilter: Any? {
        get {
            switch properties.compositingFilter {
            case .named(let name): name
            case .filter(let filter): CAFilter(filter)
            case nil: nil
            }
        }
        set {
            if let name = newValue as? String {
                properties.compositingFilter = .named(name)
            } else if let filter = newValue as? CAFilter {
                properties.compositingFilter = .filter(filter.layerFilter)
            } else {
                properties.compositingFilter = nil
            }
        }
    }

    /// The shape of the rounded corners (``CALayerCornerCurve``): backgrounds, borders, `masksToBounds` and
    /// shadows follow it. Not animatable, as in QuartzCore.
    open var cornerCurve: CALayerCornerCurve {
        get { properties.cornerCurve }
        set { properties.cornerCurve = newValue }
    }
    /// The width of the border drawn inside the bounds, over the contents and sublayers, in points
    /// (0 by default). Animatable.
    open var borderWidth: CGFloat {
        get { properties.borderWidth }
        set { properties.borderWidth = newValue }
    }
    /// The colour of the border (opaque black by default). Animatable.
    open var borderColor: CGColor? {
        get { properties.borderColor.map(CGColor.init) }
        set { properties.borderColor = newValue.map(Color.init) }
    }
    /// Whether the contents and sublayers are clipped to the bounds, rounded by ``cornerRadius``
    /// (false by default).
    open var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { properties.masksToBounds = newValue }
    }
    /// The colour of the shadow (opaque black by default). Animatable.
    open var shadowColor: CGColor? {
        get { properties.shadowColor.map(CGColor.init) }
        set { properties.shadowColor = newValue.map(Color.init) }
    }
    /// The opacity of the shadow, from 0 to 1 (0 by default: no shadow). Animatable.
    open var shadowOpacity: Float {
        get { properties.shadowOpacity }
        set { properties.shadowOpacity = newValue }
    }
    /// The blur radius of the shadow, in points (3 by default). Animatable.
    open var shadowRadius: CGFloat {
        get { properties.shadowRadius }
        set { properties.shadowRadius = newValue }
    }
    /// The offset of the shadow, in points ((0, −3) by default). Animatable.
    open var shadowOffset: CGSize {
        get { properties.shadowOffset }
        set { properties.shadowOffset = newValue }
    }
    /// The shape of the shadow, in the layer's coordinates (nil by default: the shape of the layer's
    /// contents, background and sublayers). Animatable.
    open var shadowPath: CGPath? {
        get { properties.shadowPath.map { CGPath(rasterPath: $0) } }
        set { properties.shadowPath = newValue?.rasterPath }
    }

    // MARK: Sublayers

    /// The sublayers, back to front; nil when there are none (as Core Animation). Changing them
    /// in a presented layer runs its `sublayers` action and the inserted and removed layers'
    /// ``kCAOnOrderIn`` and ``kCAOnOrderOut`` actions, as every method below does (see
    /// ``action(forKey:)``).
    open var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            // As the methods below: a layer that is this one or one of its ancestors (a cycle) is
            // refused, and a layer listed twice is placed once (where it is last listed).
            var listed = LayerIdentitySet()
            let lastListings = (newValue ?? []).reversed().filter { !isDescendant(of: $0) && listed.insert($0) }
            let new = Array(lastListings.reversed())
            changeSublayers(
                event: "sublayers",
                inserting: new.filter { $0.superlayer !== self },
                removing: children.filter { !listed.contains($0) }
            ) {
                for child in children { child.superlayer = nil }
                children = []
                for child in new { place(child, at: children.count) }
            }
        }
    }

    /// Appends `layer` to the sublayers, in front of the others (taking it from its superlayer first).
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(children.count))
    }

    /// Inserts `layer` at `idx` (clamped to the count). A layer that is an ancestor of this one
    /// (a cycle) is refused.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard !isDescendant(of: layer) else { return }
        changeSublayers(event: "sublayers", inserting: layer.superlayer === self ? [] : [layer], removing: []) {
            place(layer, at: Int(idx))
        }
    }

    /// Inserts `layer` just behind `sibling` (at the back when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just in front of `sibling` (in front of all when `sibling` is nil or not a
    /// sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } }.map { $0 + 1 } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Replaces `oldLayer` with `newLayer`, running the ``kCATransition`` action (Core
    /// Animation's trigger for it) rather than `sublayers`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = children.firstIndex(where: { $0 === oldLayer }),
            !isDescendant(of: newLayer)
        else { return }
        changeSublayers(event: kCATransition, inserting: newLayer.superlayer === self ? [] : [newLayer], removing: [oldLayer]) {
            children.remove(at: index)
            oldLayer.superlayer = nil
            place(newLayer, at: index)
        }
    }

    /// Removes the layer from its superlayer's sublayers (or nothing when it has none).
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.changeSublayers(event: "sublayers", inserting: [], removing: [self]) {
            parent.children.removeAll { $0 === self }
            superlayer = nil
        }
    }

    /// Puts `layer` at `index` (clamped to the count) of the sublayers, taking it from its
    /// superlayer first; a layer that is an ancestor of this one (a cycle) is refused.
    private func place(_ layer: CALayer, at index: Int) {
        guard !isDescendant(of: layer) else { return }
        if layer.superlayer === self {
            children.removeAll { $0 === layer }
            layer.superlayer = nil
        } else {
            layer.removeFromSuperlayer()
        }
        children.insert(layer, at: min(index, children.count))
        layer.superlayer = self
    }

    private func isDescendant(of layer: CALayer) -> Bool {
        var node: CALayer? = self
        while let current = node {
            if current === layer { return true }
            node = current.superlayer
        }
        return false
    }

    /// The root of the tree this layer is in.
    var root: CALayer {
        var node = self
        while let parent = node.superlayer { node = parent }
        return node
    }

    // MARK: Actions

    /// The layer's delegate: here, what it offers is the first say on the layer's actions
    /// (``CALayerDelegate/action(for:forKey:)``). Held weakly, as in Core Animation.
    open weak var delegate: CALayerDelegate? { didSet { actionSourcesChanged() } }

    /// Actions by key (a property's name), searched after the delegate: "You can use this
    /// dictionary to store custom actions for your layer." `NSNull` for a key means no action,
    /// which turns the property's implicit animation off. Nil by default.
    open var actions: [String: CAAction]? { didSet { actionSourcesChanged() } }

    /// A dictionary of defaults, as Core Animation's `style`; Tessera reads the actions in it:
    /// its `"actions"` dictionary, searched after ``actions``, then the same in the dictionary
    /// under its `"style"` key, and so on ("the shallowest value … is used"). Nil by default.
    /// (Core Animation also takes property values from it; Tessera does not.)
    open var style: [AnyHashable: Any]? { didSet { actionSourcesChanged() } }

    private func actionSourcesChanged() {
        mayHaveActionSources = delegate != nil || actions != nil || style != nil
    }

    /// The action for `event` (a property's name), as Apple documents the search: "1. If the
    /// layer has a delegate that implements the action(for:forKey:) method, the layer calls that
    /// method. … 2. The layer looks in the layer’s actions dictionary for a matching key/action
    /// pair. 3. The layer looks in the style dictionary for an actions dictionary for a matching
    /// key/action pair. 4. The layer calls the defaultAction(forKey:) class method to look for any
    /// class-defined actions." Then comes Core Animation's own action ("The CALayer class provides
    /// default action objects … for all animatable layer properties", says the Core Animation
    /// Programming Guide): a ``CABasicAnimation`` of the property from the value the layer shows
    /// now, over the transaction's ``CATransaction/animationDuration()`` (0.25 s) and
    /// ``CATransaction/animationTimingFunction()`` (the `default` function when it is nil). A step
    /// that gives `NSNull` ends the search with nil, no action; a step that gives nil goes on.
    ///
    /// When a property of a layer that has been presented changes (and
    /// ``CATransaction/disableActions()`` is false), the layer calls this with the property's
    /// name while its model still holds the old value, then changes the model, then runs the
    /// action (``CAAction/run(forKey:object:arguments:)``): an animation adds itself under the
    /// key. Every property runs its action, the animatable ones and the others alike; only the
    /// animatable ones have an implicit animation. A layer that has never been presented (a tree
    /// being built) runs none.
    ///
    /// Override it to choose actions in a subclass, as in QuartzCore.
    open func action(forKey event: String) -> CAAction? {
        searchAction(forKey: event)
    }

    /// The actions the class defines, searched after the style's: "Classes that want to provide
    /// default actions can override this method and use it to return those actions." Nil for
    /// every key here; the implicit animations come after it (see ``action(forKey:)``).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // MARK: Animations

    /// Adds `anim` (a copy of it, in effect) under `key`, replacing an animation with the same
    /// key. A `beginTime` of 0 means now in this layer's time. An animation that animates
    /// nothing (unknown key path, values of the wrong type) is reported in ``diagnostics`` and
    /// not added. The completion blocks of the open transactions wait for it
    /// (``CATransaction/setCompletionBlock(_:)``).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        attach(anim, forKey: key, beginTime: anim.beginTime == 0 ? nil : anim.beginTime)
    }

    /// ``add(_:forKey:)`` for an animation run as the action of `change`, which gives what the
    /// animation leaves out (see ``CAAnimation/run(forKey:object:arguments:)``).
    func add(_ anim: CAAnimation, forKey key: String?, change: PropertyChange?) {
        attach(anim, forKey: key, beginTime: anim.beginTime == 0 ? nil : anim.beginTime, change: change)
    }

    /// Adds `anim` as ``add(_:forKey:)`` does, beginning at `beginTime` in this layer's time
    /// (nil: now), whatever its own `beginTime` says: a begin time of exactly 0 included, which
    /// `add` takes for "now"; as the action of `change` when given. Returns whether it was added.
    @discardableResult
    package func attach(_ anim: CAAnimation, forKey key: String?, beginTime: CFTimeInterval?, change: PropertyChange? = nil) -> Bool {
        var problems: [String] = []
        guard let compiled = anim.program(diagnostics: &problems, change: change) else {
            diagnostics.append(contentsOf: problems)
            return false
        }
        diagnostics.append(contentsOf: problems)
        let program = startingTransition(compiled)
        program.timing.beginTime = beginTime ?? convertTime(currentMediaTime, from: nil)
        if let key { removeAnimation(forKey: key) }
        let entry = AttachedAnimation(key: key, animation: anim, program: program)
        attached.append(entry)
        ThreadTransactions.current?.animationAdded(entry)
        return true
    }

    /// The animation added under `key`, nil when there is none. Changing it changes nothing: the layer
    /// runs a copy.
    open func animation(forKey key: String) -> CAAnimation? {
        attached.first { $0.key == key }?.animation
    }

    /// The keys of the animations, in the order they were added; nil when there are none.
    open func animationKeys() -> [String]? {
        let keys = attached.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `animationDidStop(_:finished: false)`.
    /// The completion blocks waiting for it hear it ended.
    open func removeAnimation(forKey key: String) {
        guard let index = attached.firstIndex(where: { $0.key == key }) else { return }
        let removed = attached.remove(at: index)
        removed.animation.delegate?.animationDidStop(removed.animation, finished: false)
        removed.tellCompletionsItEnded()
    }

    /// Removes every animation, as ``removeAnimation(forKey:)`` each.
    open func removeAllAnimations() {
        let removed = attached
        attached.removeAll()
        for entry in removed {
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
            entry.tellCompletionsItEnded()
        }
    }

    // MARK: Key-value coding

    /// The properties value at an animatable key path (`"position.x"`, `"transform.rotation.z"`,
    /// `"lineDashPattern"`, …), or the layer's name for `"name"`; nil for an unknown key path.
    open func value(forKeyPath keyPath: String) -> Any? {
        if keyPath == "name" { return name }
        return LayerKeyPath(keyPath).flatMap { $0.value(in: properties).anyValue }
    }

    /// Sets the properties value at an animatable key path; an unknown key path or a value of the
    /// wrong type is reported in ``diagnostics`` and changes nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "name" {
            name = value as? String
            return
        }
        guard let key = LayerKeyPath(keyPath) else {
            diagnostics.append("unknown key path \"\(keyPath)\": value not set")
            return
        }
        guard let value else {
            // nil clears optional properties (colors, paths, dash pattern, gradient lists).
            switch key.kind {
            case .color: key.set(.color(nil), in: &properties)
            case .path: key.set(.path(nil), in: &properties)
            case .numbers: key.set(.numbers(nil), in: &properties)
            case .colors: key.set(.colors(nil), in: &properties)
            default: diagnostics.append("nil for key path \"\(keyPath)\": value not set")
            }
            return
        }
        guard let read = AnimatableValue(value, as: key.kind) else {
            diagnostics.append("value of type \(type(of: value)) for key path \"\(keyPath)\": value not set")
            return
        }
        key.set(read, in: &properties)
    }

    /// Sets the value of a key, as ``setValue(_:forKeyPath:)``.
    open func setValue(_ value: Any?, forKey key: String) {
        setValue(value, forKeyPath: key)
    }

    /// The value of a key, as ``value(forKeyPath:)``.
    open func value(forKey key: String) -> Any? {
        value(forKeyPath: key)
    }

    // MARK: Time

    /// "Now" in the root's time: the attached clock's time, or `CACurrentMediaTime()`.
    var currentMediaTime: CFTimeInterval {
        root.clock?.time ?? CACurrentMediaTime()
    }

    /// This layer's time at parent time `t`: (t − beginTime) × speed + timeOffset, within its
    /// own iteration when its duration is bounded; nil while it is not active (its animations
    /// then do not apply).
    func localTime(fromParent t: Double) -> Double? {
        let timing = self.timing
        guard timing.duration.isFinite else { return (t - timing.beginTime) * timing.speed + timing.timeOffset }
        guard case .showing(let time, _, _) = timing.phase(at: t) else { return nil }
        return time
    }

    /// Converts a time from `layer`'s time (nil: the root's, the media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let rootTime = layer.map { $0.rootTime(fromLocal: t) } ?? t
        return time(atRootTime: rootTime) ?? rootTime
    }

    /// Converts a time from this layer's time to `layer`'s (nil: the root's).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let rootTime = self.rootTime(fromLocal: t)
        return layer?.convertTime(rootTime, from: nil) ?? rootTime
    }

    /// The root time that maps to local time `t` (inverting each unbounded layer's mapping; a
    /// layer with speed 0 maps every time to its offset, and is passed through unchanged).
    private func rootTime(fromLocal t: Double) -> Double {
        var time = t
        var node: CALayer? = self
        while let current = node {
            let speed = Double(current.speed)
            if speed != 0 && speed.isFinite { time = (time - current.timeOffset) / speed + current.beginTime }
            node = current.superlayer
        }
        return time
    }

    // MARK: Coordinates

    /// Converts a point from `layer`'s coordinates (nil: the root's) to this layer's.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let fromRoot = LayerGeometry.toRoot(layer)
        let toRoot = LayerGeometry.toRoot(self)
        return CATransform3DConcat(fromRoot, CATransform3DInvert(toRoot)).projecting(p)
    }

    /// Converts a point from this layer's coordinates to `layer`'s (nil: the root's).
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        (layer ?? root).convert(p, from: self)
    }

    /// Converts a rect (its bounding box, when rotated) from `layer`'s coordinates.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        LayerGeometry.boundingBox(of: r) { convert($0, from: layer) }
    }

    /// Converts a rect (its bounding box, when rotated) to `layer`'s coordinates.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        LayerGeometry.boundingBox(of: r) { convert($0, to: layer) }
    }

    // MARK: Hit testing

    /// Whether `p` (in this layer's coordinates) lies in the layer: in its bounds, as Core
    /// Animation's default (`CGRectContainsPoint(bounds, p)`; shape layers do not override it).
    open func contains(_ p: CGPoint) -> Bool {
        bounds.contains(p)
    }

    /// The farthest descendant of this layer (itself included) that contains `p`, given in this
    /// layer's superlayer's coordinates (in its own for a layer without one), as Apple documents
    /// `hitTest(_:)`; nil when none does. Read from the model values.
    ///
    /// - Sublayers are tried front to back (by `zPosition`, then the last added first); the point
    ///   reaches each through its geometry (position, anchor point, `transform`, perspective
    ///   included) and the superlayer's `sublayerTransform`.
    /// - A hidden layer, and its subtree, is never hit; a layer that `masksToBounds` passes on only
    ///   the points inside its bounds.
    /// - A ``CATransformLayer`` is not hit itself: Apple's header says "CALayer will pass over
    ///   transform layers directly to their sublayers, applying the effects of the transform
    ///   layer's geometry". Its sublayers are planes of its superlayer's 3D space, as drawn.
    /// - Where a layer's plane is seen edge on, or lies behind the eye, nothing in it is hit.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hit(p, from: LayerGeometry.toSuperlayer(properties, superlayer: superlayer?.properties))
    }

    /// The layer's `transform` as an affine transform (its 2D part, as
    /// `CATransform3DGetAffineTransform`).
    open func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` to `m` (as `CATransform3DMakeAffineTransform`).
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
    // MARK: Presentation

    /// The whole subtree's presentation at root time `t` (the media time of the tree), as values
    /// that can cross threads. The properties is not changed.
    public func presentation(at t: CFTimeInterval) -> LayerSnapshot {
        presentation(at: t, threadCount: 1)
    }

    /// ``presentation(at:)`` with the layers evaluated on up to `threadCount` threads. The
    /// layers are presented from then on (``hasBeenPresented``). `recorder` records the
    /// evaluation's chunks as tasks (see `FrameTaskRecorder`). `skipsHiddenSubtrees` for a tree
    /// that is only drawn: the animations below hidden layers are left out (see
    /// ``EvaluationPlan/evaluate(rootParentTime:threadCount:recorder:skipsHiddenSubtrees:)``);
    /// a snapshot handed to a caller has every layer's values.
    ///
    /// Out of line: `bench --instructions` counts the evaluation's instructions from this
    /// function's entry to its exit, by its symbol (Benchmarks/bench/InstructionStages.swift).
    @inline(never)
    func presentation(
        at t: CFTimeInterval, threadCount: Int, recorder: FrameTaskRecorder? = nil, skipsHiddenSubtrees: Bool = false
    ) -> LayerSnapshot {
        let plan = evaluationPlan
        plan.markLayersPresented()
        // The last tree is let go first: when nothing else holds it (no transition started
        // from it, no caller kept it), its buffer is the one this evaluation fills, warm in the
        // cache and behind the model by one frame only. Kept through the evaluation, it made
        // the plan alternate between two buffers, colder in the cache: slower, though instruction
        // counts do not show it.
        lastPresentedTree = nil
        let tree = plan.evaluate(
            rootParentTime: superlayer == nil ? t : superlayer?.time(atRootTime: t), threadCount: threadCount,
            recorder: recorder, skipsHiddenSubtrees: skipsHiddenSubtrees)
        lastPresentedTree = tree
        lastPresentedPlan = plan
        return tree.root
    }

    /// The subtree's presentation at its parent's time `parentTime` (nil: the parent is not
    /// active), evaluated on up to `threadCount` threads, below hidden layers too unless
    /// `skipsHiddenSubtrees` (see ``EvaluationPlan/evaluate(rootParentTime:threadCount:recorder:skipsHiddenSubtrees:)``).
    func presentationTree(parentTime: Double?, threadCount: Int = 1, skipsHiddenSubtrees: Bool = false) -> PresentationTree {
        evaluationPlan.evaluate(rootParentTime: parentTime, threadCount: threadCount, skipsHiddenSubtrees: skipsHiddenSubtrees)
    }

    /// This layer's time at root time `t`, through every ancestor's timing; nil when one of
    /// them is not active.
    func time(atRootTime t: Double) -> Double? {
        guard let parent = superlayer else { return localTime(fromParent: t) }
        return parent.time(atRootTime: t).flatMap(localTime(fromParent:))
    }

    /// A copy of this layer with the values it shows now (the clock's time), as Core Animation's
    /// presentation layer; its sublayers are presentation layers too.
    open func presentation() -> Self? {
        let shown = presentation(at: currentMediaTime)
        var copies: [Int: CALayer] = [:]
        // The copy of this layer is of its class, so a subclass gets `Self` back (as an
        // `action(forKey:)` override that reads `presentation()` expects).
        let copy = Self.makeLayer(from: shown, ofClass: Self.self, copies: &copies)
        // Each portal's copy shows its source's copy (none when the source is not in this subtree).
        for (index, layer) in copies {
            guard let portal = layer as? CAPortalLayer, let source = shown.tree.shape.portals.requestedSource(of: index) else { continue }
            portal.sourceLayer = copies[source]
        }
        return copy as? Self
    }

    /// The model layer: this layer (models are not separate objects here).
    open func model() -> Self { self }

    /// A new layer with `snapshot`'s values and subtree, each copy recorded in `copies` under
    /// its snapshot's index; of `layerClass`, or else of the class of the snapshot's kind.
    private static func makeLayer(
        from snapshot: LayerSnapshot, ofClass layerClass: CALayer.Type? = nil,
        copies: inout [Int: CALayer]
    ) -> CALayer {
        let layer = (layerClass ?? snapshot.properties.kind.layerClass.type).init()
        layer.properties = snapshot.properties
        layer.name = snapshot.name
        copies[snapshot.index] = layer
        for child in snapshot.sublayers { layer.addSublayer(makeLayer(from: child, copies: &copies)) }
        layer.mask = snapshot.mask.map { makeLayer(from: $0, copies: &copies) }
        return layer
    }
}

/// An animation added to a layer: the caller's object (for its delegate and key) and its
/// compiled program. A class, so that walking a layer's animations every frame copies
/// references only.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    /// Its timing changes in place under playback controls (see ``AnimationToken``).
    let program: AnimationProgram
    /// Whether the delegate has heard `animationDidStart`.
    var started = false
    /// Whether the delegate has heard `animationDidStop(_:finished: true)` (for an animation kept
    /// after its end).
    var stopped = false

    /// The animation's `isRemovedOnCompletion` when it was added (Core Animation adds a copy).
    let isRemovedOnCompletion: Bool
    /// The transactions' completion blocks waiting for it to end.
    var completions: [TransactionCompletion] = []

    init(key: String?, animation: CAAnimation, program: AnimationProgram) {
        self.key = key
        self.animation = animation
        self.program = program
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }

}
