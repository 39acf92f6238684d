extension Pixmap {
    /// Filters every pixel by `colorMatrix` applied to its premultiplied components, in place:
    /// Core Animation's colorMatrix filter with `inputPremultipliedValues` set. For each pixel
    /// whose alpha is not 0, with (r, g, b, a) its premultiplied components in [0, 1],
    ///
    ///     a′ = alpha · (r, g, b, a) + bias.w, clamped to [0, 1]
    ///     c′ = row_c · (r, g, b, a) + bias_c, clamped to [0, a′]   for c in r, g, b
    ///
    /// and the bytes are round(a′ · 255) and round(c′ · 255), so colours never exceed alpha. Where
    /// ``apply(_:)`` un-premultiplies first (Core Image's `CIColorMatrix`), this reads the bytes
    /// as they are: a matrix that keeps alpha and has no bias gives the same result both ways,
    /// one that adds a bias to colour adds it to the premultiplied value (the same on every
    /// pixel, whatever its alpha).
    ///
    /// # Guarantees
    /// - Transparent pixels stay transparent, as with ``apply(_:)`` (the pixels have no extent
    ///   beyond where they were drawn).
    /// - The arithmetic is in `Float`, one rounding per operation in a fixed order
    ///   (((w₀·r + w₁·g) + w₂·b) + w₃·a) + bias, with the coefficients of `ColorMatrix.kernel`
    ///   (NaN as 0, clamped): the same bytes on every machine and thread count.
    public func applyToPremultiplied(_ colorMatrix: ColorMatrix) {
        let rows = colorMatrix.kernelRows
        let (red, green, blue, alpha, bias) = (rows[0], rows[1], rows[2], rows[3], rows[4])
        for y in 0..<height {
            let pixels = row(y)
            for x in 0..<width where pixels[x] >> 24 != 0 {
                let p = pixels[x]
                let v = SIMD4<Float>(Float(p & 255), Float(p >> 8 & 255), Float(p >> 16 & 255), Float(p >> 24)) / 255
                let a = Self.unit(Self.dot(alpha, v) + bias.w, upTo: 1)
                let r = Self.unit(Self.dot(red, v) + bias.x, upTo: a)
                let g = Self.unit(Self.dot(green, v) + bias.y, upTo: a)
                let b = Self.unit(Self.dot(blue, v) + bias.z, upTo: a)
                pixels[x] = Self.byte(r) | Self.byte(g) << 8 | Self.byte(b) << 16 | Self.byte(a) << 24
            }
        }
    }

    /// ((w.x · v.x + w.y · v.y) + w.z · v.z) + w.w · v.w, in that order.
    @inline(__always)
    private static func dot(_ w: SIMD4<Float>, _ v: SIMD4<Float>) -> Float {
        ((w.x * v.x + w.y * v.y) + w.z * v.z) + w.w * v.w
    }

    /// x clamped to [0, limit]; x is never NaN (finite inputs, clamped coefficients).
    @inline(__always)
    private static func unit(_ x: Float, upTo limit: Float) -> Float { min(max(x, 0), limit) }

    /// round(x · 255) for x in [0, 1]: x · 255 + 0.5, truncated, as the colour-matrix kernel.
    @inline(__always)
    private static func byte(_ x: Float) -> UInt32 { UInt32(x * 255 + 0.5) }
}
