import Foundation
import TesseraRaster

/// The shape of a ``CAGradientLayer``'s gradient, as QuartzCore's `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Ellipses about `startPoint`; the last colour on the ellipse whose radii are the distances
    /// from `startPoint` to `endPoint` along each axis.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, from the direction of `endPoint`, clockwise on screen.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that draws a gradient over its background, as QuartzCore's `CAGradientLayer`: colours
/// at `locations` (evenly spaced when nil), placed by `startPoint` and `endPoint` in the unit
/// coordinate space of the bounds ((0, 0) its top-left corner in Tessera's y-down layer space),
/// interpolated in straight alpha, padded past the ends. Usable as a `mask`.
open class CAGradientLayer: CALayer {
    package override class var kind: LayerKind { .gradient }

    /// The colours (`CGColor`s), in order; nil or empty draws nothing. Animatable: lists of the
    /// same count interpolate colour by colour, each in its straight-alpha RGBA components (as
    /// Core Animation interpolates `CGColor` components); lists of different counts, which Apple
    /// leaves undocumented, switch from one to the other halfway through.
    open var colors: [Any]? {
        get { properties.colors.map { $0.map(CGColor.init) } }
        set { properties.colors = newValue?.compactMap { ($0 as? CGColor).map(Color.init) } }
    }
    /// Where each colour is, from 0 at `startPoint` to 1 at `endPoint`; nil spreads them evenly.
    /// Animatable (element by element).
    open var locations: [NSNumber]? {
        get { properties.locations?.map { NSNumber(value: $0) } }
        set { properties.locations = newValue?.map(\.doubleValue) }
    }
    /// Where the gradient starts, in unit coordinates of the bounds ((0.5, 0) by default). Animatable.
    open var startPoint: CGPoint {
        get { properties.startPoint }
        set { properties.startPoint = newValue }
    }
    /// Where it ends ((0.5, 1) by default). Animatable.
    open var endPoint: CGPoint {
        get { properties.endPoint }
        set { properties.endPoint = newValue }
    }
    /// Axial (the default), radial or conic.
    open var type: CAGradientLayerType {
        get { properties.type }
        set { properties.type = newValue }
    }
}
