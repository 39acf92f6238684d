import CTesseraSIMD

/// The paint of a `.paintedLines` command, ready for the kernels: where its colours come from
/// (mapped to device pixels), how they are composited, and whether the composite reaches past
/// the shape. Kept beside the prepared commands, at the same index.
struct PreparedPaint {
    /// What `tsr_paint_row` takes: the kind, the solid colour or the gradient's or image's
    /// parameters, affine or projective (a stored C struct, so that a row passes it by address
    /// without copying it), the opacity and the blend mode.
    var kernel = tsr_paint()
    /// Whether the blend mode changes pixels outside the shape
    /// (``BlendMode/changesPixelsOutsideSource``). Prepared paints are bitwise-copyable.
    let reachesOutside: Bool

    /// One colour everywhere (drawn with the kernels' solid rows).
    var isSolid: Bool { kernel.kind == Int32(TSR_PAINT_SOLID.rawValue) }
    /// A ``BlendMode``'s raw value (`tsr_blend_mode`).
    var blendMode: Int32 { kernel.mode }
    /// 0–255.
    var opacity: UInt32 { kernel.opacity }
    /// The premultiplied colour of a solid paint, as a little-endian word.
    var color: UInt32 { kernel.color }

    /// The paint of a command whose shape is drawn through `mapping` (nil: it draws nothing, e.g.
    /// a singular paint transform). Under a projection the paint lies on the shape's plane as the
    /// shape does: each pixel shows the paint at the point of the plane seen there. The
    /// gradient's table and the image's pixels it points to belong to `shader`, which the
    /// recording keeps alive until the frame is drawn.
    init?(shader: Shader, mapping: PlaneMapping) {
        reachesOutside = shader.blendMode.changesPixelsOutsideSource
        kernel.mode = shader.blendMode.rawValue
        kernel.opacity = UInt32(shader.opacity)
        switch (shader.paint, mapping) {
        case (.solid(let color), _):
            kernel.kind = Int32(TSR_PAINT_SOLID.rawValue)
            kernel.color = color.premultiplied.packed.littleEndian
        case (.gradient(let gradient), .affine(let userToDevice)):
            guard let parameters = gradient.kernelParameters(userToDevice: userToDevice) else { return nil }
            kernel.kind = Int32(TSR_PAINT_GRADIENT.rawValue)
            kernel.gradient = parameters
        case (.image(let pattern), .affine(let userToDevice)):
            guard let parameters = pattern.kernelParameters(userToDevice: userToDevice) else { return nil }
            kernel.kind = Int32(TSR_PAINT_IMAGE.rawValue)
            kernel.image = parameters
        case (.gradient(let gradient), .projective(let projection)):
            guard let deviceToShape = projection.inverted(),
                let parameters = gradient.kernelParameters(deviceToShape: deviceToShape)
            else { return nil }
            kernel.kind = Int32(TSR_PAINT_PROJECTIVE_GRADIENT.rawValue)
            kernel.projectiveGradient = parameters
        case (.image(let pattern), .projective(let projection)):
            guard let deviceToShape = projection.inverted(),
                let parameters = pattern.kernelParameters(deviceToShape: deviceToShape)
            else { return nil }
            kernel.kind = Int32(TSR_PAINT_PROJECTIVE_IMAGE.rawValue)
            kernel.projectiveImage = parameters
        }
    }
}

extension UnsafePointer<PreparedPaint> {
    /// The paint's kernel parameters where they lie, for the kernels to read by address: a band's
    /// rows take them without copying the paint (over 500 bytes) for each band.
    var kernel: UnsafePointer<tsr_paint> {
        (UnsafeRawPointer(self) + MemoryLayout<PreparedPaint>.offset(of: \.kernel)!).assumingMemoryBound(to: tsr_paint.self)
    }

    /// Writes the source colours of pixels x ..< x + count of row y.
    func colors(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        tsr_paint_colors(kernel, Int32(x), Int32(y), count, out)
    }
}
