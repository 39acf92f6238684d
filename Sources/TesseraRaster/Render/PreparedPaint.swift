import CTesseraSIMD

/// The paint of a `.paintedLines` command, ready for the kernels: where its colours come from
/// (mapped to device pixels), how they are composited, and whether the composite reaches past
/// the shape. Kept beside the prepared commands, at the same index.
struct PreparedPaint {
    enum Source {
        case solid(UInt32)
        case gradient(tsr_gradient)
        case image(tsr_image_pattern)
    }

    var source: Source
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
            source = .solid(color.premultiplied.packed.littleEndian)
        case .gradient(let gradient):
            guard let parameters = gradient.kernelParameters(userToDevice: userToDevice) else { return nil }
            source = .gradient(parameters)
        case .image(let pattern):
            guard let parameters = pattern.kernelParameters(userToDevice: userToDevice) else { return nil }
            source = .image(parameters)
        }
    }

    /// Writes the source colours of pixels x ..< x + count of row y.
    func colors(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch source {
        case .solid(let color):
            out.update(repeating: color, count: count)
        case .gradient(var gradient):
            tsr_gradient_row(&gradient, Int32(x), Int32(y), count, out)
        case .image(var pattern):
            tsr_image_row(&pattern, Int32(x), Int32(y), count, out)
        }
    }
}
