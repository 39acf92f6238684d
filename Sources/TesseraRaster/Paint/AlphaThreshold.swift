/// A filter that keeps the pixels whose alpha reaches a threshold, made solid, and clears the
/// others: Core Animation's alphaThreshold filter (`inputAmount`, `inputColor`), which SwiftUI's
/// `GraphicsContext.Filter.alphaThreshold(min:max:color:)` is drawn with ("replaces each pixel
/// with alpha components within a range by a constant color, or transparency otherwise"; below
/// `min`, transparent). Applied by `Pixmap.apply(_:)`; after a blur it gives
/// the "gooey" shapes of metaballs.
///
/// For each pixel with 8-bit alpha A:
/// - A = 0, or A / 255 < ``amount``: transparent;
/// - otherwise: ``color`` when set (its own alpha, premultiplied as ``Color/premultiplied``);
///   without one, the pixel's own straight colour, opaque (each colour byte round(c · 255 / A),
///   halves up). Core Animation's default when `inputColor` is absent is not documented; keeping
///   the colour is Tessera's choice, so that a blurred coloured shape stays its colour.
///
/// Transparent pixels stay transparent whatever the threshold (0 or below included): the
/// pixels have no extent beyond where they were drawn, as with ``ColorMatrix``. A NaN amount
/// keeps nothing (no alpha compares as reaching it).
public struct AlphaThreshold: Hashable, Sendable {
    /// The least alpha kept, from 0 to 1.
    public var amount: Double
    /// What a kept pixel becomes; nil keeps its own colour, made opaque.
    public var color: Color?

    /// A threshold keeping the pixels whose alpha is at least `amount`, as `color` (their own
    /// colour, opaque, when nil).
    public init(amount: Double, color: Color? = nil) {
        self.amount = amount
        self.color = color
    }
}
