/// The curve of a layer's rounded corners, as QuartzCore's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle of radius `cornerRadius`.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") corner: the curvature grows from zero along the edge into
    /// the corner, which reaches about 1.53 × `cornerRadius` along each edge.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
