extension Pixmap {
    /// Filters every pixel by `threshold`, in place (see ``AlphaThreshold`` for the formula and
    /// its rounding). Per pixel, in integers after one comparison in `Double`: the same bytes on
    /// every machine.
    public func apply(_ threshold: AlphaThreshold) {
        let solid = threshold.color.map { $0.premultiplied.packed }
        for y in 0..<height {
            let pixels = row(y)
            for x in 0..<width {
                let p = pixels[x], a = p >> 24
                guard a != 0, Double(a) / 255 >= threshold.amount else {
                    pixels[x] = 0
                    continue
                }
                if let solid {
                    pixels[x] = solid
                } else {
                    // The straight colour, halves up: (c · 255 + A / 2) / A, at most 255 as c ≤ A.
                    func straight(_ c: UInt32) -> UInt32 { (c * 255 + a / 2) / a }
                    pixels[x] = straight(p & 255) | straight(p >> 8 & 255) << 8 | straight(p >> 16 & 255) << 16 | 255 << 24
                }
            }
        }
    }
}
