import CTesseraSIMD

extension Pixmap {
    /// Filters every pixel by `colorMatrix`, in place, as a group's colour filter does
    /// (``Canvas/endGroup(opacity:blendMode:colorMatrix:)``): the same kernel, so the same bytes;
    /// transparent pixels stay transparent.
    public func apply(_ colorMatrix: ColorMatrix) {
        var matrix = colorMatrix.kernel
        for y in 0..<height { tsr_color_matrix_row(row(y), width, &matrix) }
    }
}
