import Foundation

/// A layer that shows another layer of the tree, as Core Animation's private `CAPortalLayer`
/// (what UIKit's portal views and matched-geometry transitions are made of): its
/// ``sourceLayer`` and that layer's subtree, drawn again inside the portal.
///
/// Apple documents none of this class; this is Tessera's reading of it, from the archives'
/// keys. The portal draws, after its own background, contents and shape and before its own
/// sublayers, the source and its subtree as they are presented at that time (animations
/// evaluated), as if the source were a sublayer of the portal, with these changes:
/// - ``matchesPosition``: false (the default), the source's bounds' origin lands on the portal's
///   bounds' origin (the source's `position` and `anchorPoint` are ignored); true, the source is
///   drawn exactly where it is drawn in the tree (its mapping to the canvas through its
///   superlayers), wherever the portal is.
/// - ``matchesTransform``: false, the source's own `transform` is left out; true, it applies,
///   about the source's anchor point as usual.
/// - ``matchesOpacity``: false, the source is drawn at opacity 1; true, at its own `opacity`.
///   The opacities above the source in the tree do not apply either way.
///
/// The portal's own opacity, mask, `masksToBounds`, filters and shadow apply to what it draws,
/// as to a sublayer. With ``hidesSourceLayer`` the source is not drawn at its own place in the
/// tree (only through portals), as long as the portal is in the tree being rendered; a source
/// that is another layer's mask keeps masking.
///
/// What draws nothing:
/// - a source that is not in the tree being rendered (not in the portal's tree, or, for
///   ``matchesPosition``, not under the layer the renderer draws); within a replicator whose
///   instances run at different times (`instanceDelay`), the instances after the first are
///   evaluated apart, and their portals see only the replicated sublayer's own subtree;
/// - a portal that would show itself: one whose source is the portal or one of its ancestors
///   (so that the source's subtree holds the portal), or from which a chain of portals, each in
///   the last one's source, comes back to it. Such a portal draws nothing and hides nothing (the
///   recursion is not followed); an archive that holds one reports it
///   (``SkippedFeature/Reason/portalCycle``).
/// - inside a shadow's shape (a shadow without a `shadowPath`), a portal matching the position
///   of a source that lies outside the layer casting the shadow.
///
/// A hidden source (`isHidden`) shows nothing through a portal either. A source that is a
/// `CATransformLayer` keeps its opacity whatever ``matchesOpacity`` says (a
/// transform layer's opacity multiplies its sublayers').
open class CAPortalLayer: CALayer {
    package override class var kind: LayerKind { .portal }

    /// A portal layer with no source, drawing nothing until ``sourceLayer`` is set.
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, and its source when it is a portal (see
    /// ``CALayer/init(layer:)``).
    public override init(layer: Any) {
        super.init(layer: layer)
        sourceLayer = (layer as? CAPortalLayer)?.sourceLayer
    }

    /// The layer the portal shows, elsewhere in the same tree; nil (the default) shows nothing.
    /// Not owned: the portal holds it weakly, the tree it belongs to keeps it.
    open weak var sourceLayer: CALayer? { didSet { TreeGeneration.advance() } }

    /// Whether the source is not drawn at its own place while the portal is in the tree (false
    /// by default).
    open var hidesSourceLayer: Bool {
        get { properties.hidesSourceLayer }
        set { properties.hidesSourceLayer = newValue }
    }

    /// Whether the source is drawn at its own opacity rather than at 1 (false by default).
    open var matchesOpacity: Bool {
        get { properties.matchesOpacity }
        set { properties.matchesOpacity = newValue }
    }

    /// Whether the source is drawn where it lies in the tree rather than at the portal's origin
    /// (false by default).
    open var matchesPosition: Bool {
        get { properties.matchesPosition }
        set { properties.matchesPosition = newValue }
    }

    /// Whether the source's own `transform` applies (false by default).
    open var matchesTransform: Bool {
        get { properties.matchesTransform }
        set { properties.matchesTransform = newValue }
    }
}
