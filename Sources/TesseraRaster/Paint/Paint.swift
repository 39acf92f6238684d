/// What fills the covered pixels of a shape.
public enum Paint: Hashable, Sendable {
    /// One color everywhere.
    case solid(Color)
    /// A gradient, in the space of the shape it fills (the drawing call's transform applies to
    /// it, then the gradient's own).
    case gradient(Gradient)
    /// An image pattern, in the space of the shape it fills.
    case image(ImagePattern)
}

/// A paint other than a solid colour drawn source-over, with the opacity and blend mode it is
/// drawn with, as the recording keeps it: one reference in a command, so that solid source-over
/// fills (most of them) carry no more than before.
final class Shader: Sendable {
    let paint: Paint
    /// 0–255, scales the paint's colours.
    let opacity: UInt8
    let blendMode: BlendMode

    init(_ paint: Paint, opacity: UInt8 = 255, blendMode: BlendMode = .normal) {
        self.paint = paint
        self.opacity = opacity
        self.blendMode = blendMode
    }
}
