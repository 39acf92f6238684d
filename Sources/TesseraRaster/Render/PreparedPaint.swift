import CTesseraSIMD

/// The paint of a `.paintedLines` command, ready for the kernels: where its colours come from
/// (mapped to device pixels), how they are composited, and whether the composite reaches past
/// the shape. Kept beside the prepared commands, at the same index.
struct PreparedPaint {
    enum Kind { case solid, gradient, image }

    /// Where the colours come from; only the field of that kind is meaningful. The kernels'
    /// parameters are stored fields, not enum payloads, so that a row passes them by address
    /// without copying them (a gradient's are 128 bytes).
    var kind: Kind
    var color: UInt32 = 0
    var gradient = tsr_gradient()
    var image = tsr_image_pattern()
    /// A ``BlendMode``'s raw value (`tsr_blend_mode`), and whether it changes pixels outside the
    /// shape (``BlendMode/changesPixelsOutsideSource``). Plain values: prepared paints are
    /// bitwise-copyable.
    var blendMode: Int32
    var reachesOutside: Bool
    /// 0–255.
    var opacity: UInt32

    /// The paint of a command whose shape is drawn through `userToDevice` (nil: it draws
    /// nothing, e.g. a singular paint transform). The gradient's table and the image's pixels it
    /// points to belong to `shader`, which the recording keeps alive until the frame is drawn.
    init?(shader: Shader, userToDevice: Transform) {
        blendMode = shader.blendMode.rawValue
        reachesOutside = shader.blendMode.changesPixelsOutsideSource
        opacity = UInt32(shader.opacity)
        switch shader.paint {
        case .solid(let color):
            kind = .solid
            self.color = color.premultiplied.packed.littleEndian
        case .gradient(let gradient):
            guard let parameters = gradient.kernelParameters(userToDevice: userToDevice) else { return nil }
            kind = .gradient
            self.gradient = parameters
        case .image(let pattern):
            guard let parameters = pattern.kernelParameters(userToDevice: userToDevice) else { return nil }
            kind = .image
            image = parameters
        }
    }

    /// Writes the source colours of pixels x ..< x + count of row y. Mutating only so that the
    /// kernels get the parameters' address in place (they do not change them).
    mutating func colors(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch kind {
        case .solid:
            out.update(repeating: color, count: count)
        case .gradient:
            tsr_gradient_row(&gradient, Int32(x), Int32(y), count, out)
        case .image:
            tsr_image_row(&image, Int32(x), Int32(y), count, out)
        }
    }
}
