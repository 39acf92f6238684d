import Foundation

/// A layer whose sublayers share one 3D space, as QuartzCore's `CATransformLayer`: they are not
/// flattened into its plane (every other layer flattens its sublayers into its own plane, seen
/// from the front) but drawn as planes of the space of the transform layer's superlayer, back to
/// front as seen through that superlayer's `sublayerTransform` (its `m34` perspective), with
/// `isDoubleSided = false` planes that face away not drawn. Transform layers nested in one
/// extend the same space; any other sublayer is one plane, its own subtree flattened into it.
///
/// As in QuartzCore, a transform layer draws nothing itself: its background, border, contents,
/// shadow, mask, `masksToBounds` and filters are ignored, and its `opacity` multiplies each
/// sublayer's instead of forming a group.
///
/// How planes are ordered (see `PlaneDepthOrder`): two planes that overlap on screen and do not
/// cut through each other are drawn in their true order (one lies wholly on the far side of the
/// other's plane); planes that cut through each other are drawn whole, the one whose centre is
/// farther first, so the nearer centre's plane covers the other along their whole overlap
/// (Core Animation shows each in front where it is nearer; Tessera does not split planes).
open class CATransformLayer: CALayer {
    package override class var kind: LayerKind { .transform }
}
