import Foundation

#if !canImport(QuartzCore)
/// A layer that shows what lies behind it, through its `filters`, as Core Animation's
/// `CABackdropLayer` (every "material" and variable-blur asset): within its rounded bounds (and
/// its mask), what the frame holds below it when it is drawn (every layer drawn before it, the
/// renderer's background included), filtered by its `filters` (a blur reaches the pixels around
/// its bounds), then its own background, contents and sublayers over that.
///
/// Backdrops with the same `groupName` share one capture: the frame as it is below the first
/// of them (later ones of the group do not see the earlier ones).
///
/// Where Tessera does not capture: a backdrop drawn inside a layer composited as a group (with
/// opacity, a mask, filters) sees the frame without that group's content drawn so far; one
/// inside a layer drawn apart (a blurred layer, a shadow's shape) captures nothing. The
/// archives' `scale` (the resolution Core Animation samples at) is not read: Tessera blurs a wide
/// blur at a resolution of its own choosing (see the filters' blur), the rest at the frame's.
open class CABackdropLayer: CALayer {
    override class var kind: LayerKind { .backdrop }

    /// Backdrops with the same name share one capture of what lies behind them; nil: its own.
    open var groupName: String? {
        get { properties.groupName } set { properties.groupName = newValue }
    }
}
#endif
