import Foundation

/// A layer that shows what lies behind it, through its `filters`, as Core Animation's
/// `CABackdropLayer` (every "material" and variable-blur asset): within its rounded bounds (and
/// its mask), what the frame holds below it when it is drawn (every layer drawn before it, the
/// renderer's background included), filtered by its `filters` (a blur reaches the pixels around
/// its bounds), then its own background, contents and sublayers over that.
///
/// Backdrops with the same `groupName` share one capture: the frame as it is below the first
/// of them (later ones of the group do not see the earlier ones).
///
/// Inside a layer composited as a group (opacity, a mask, a clip, filters, a compositing
/// filter), a backdrop sees what lies below the group with what the group has drawn so far
/// composited over it, as if the group ended there; inside a layer drawn apart (a blurred
/// layer), the same, the layer's content so far at its opacity and blend mode, before its
/// filters. One inside a shadow's shape captures nothing. A wide blur may run at a coarser
/// resolution than `scale` asks (see the filters' blur), never a finer one.
open class CABackdropLayer: CALayer {
    package override class var kind: LayerKind { .backdrop }

    /// Backdrops with the same name share one capture of what lies behind them; nil: its own.
    open var groupName: String? {
        get { properties.groupName }
        set { properties.groupName = newValue }
    }

    /// The resolution at which the backdrop samples what lies below, relative to the frame's
    /// (default 1; Apple's materials use ¼ or less): Tessera halves the captured pixels (2 × 2
    /// averages) while they stay at least this fine, filters them there and draws them back
    /// enlarged bilinearly. At most 64 times coarser; 0, negative or NaN reads as 1.
    open var scale: CGFloat {
        get { properties.scale }
        set { properties.scale = newValue }
    }
}
