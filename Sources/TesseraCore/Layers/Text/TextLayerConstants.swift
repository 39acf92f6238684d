/// How a ``CATextLayer`` aligns its lines in its bounds, as QuartzCore's `CATextLayerAlignmentMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment: left (Tessera lays out left to right). The default.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Against the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Against the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Both edges: the spaces of each line but a paragraph's last widen to fill the width; the
    /// last line is left-aligned.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// How a ``CATextLayer`` shortens a line that does not fit, as QuartzCore's
/// `CATextLayerTruncationMode`: what is left out is shown by "…" (U+2026).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No truncation: lines are wrapped or run past the bounds (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The end of the line fits; the beginning is left out.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The beginning fits; the end is left out.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// The beginning and the end fit; the middle is left out.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
