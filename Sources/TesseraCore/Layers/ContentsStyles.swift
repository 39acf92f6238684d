/// Where a layer's `contents` image goes in its bounds, as QuartzCore's `CALayerContentsGravity`.
/// The names are those of a layer whose y axis points down (iOS, or `isGeometryFlipped`): `top`
/// is the bounds' minimum y.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred, unscaled.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Centred along the top edge, unscaled.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Centred along the bottom edge, unscaled.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Centred along the left edge, unscaled.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Centred along the right edge, unscaled.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// In the top-left corner, unscaled.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// In the top-right corner, unscaled.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// In the bottom-left corner, unscaled.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// In the bottom-right corner, unscaled.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds, aspect ratio kept, centred.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, aspect ratio kept, centred (the overflow is drawn unless the
    /// layer masks to its bounds).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// How a layer's `contents` image is sampled when it is drawn smaller or larger than its
/// pixels, as QuartzCore's `CALayerContentsFilter`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel: hard edges, no smoothing.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear between mipmap levels: strong minification without aliasing.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
