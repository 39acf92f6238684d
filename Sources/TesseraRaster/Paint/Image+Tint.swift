extension Image {
    /// This image with each texel's red, green and blue multiplied by `red`, `green` and `blue`
    /// (0…255 standing for 0…1), rounded to nearest, alpha unchanged: what a particle's colour
    /// does to its image (each channel only shrinks, so the texels stay premultiplied). The
    /// image itself for white, and for an alpha image (which samples as black).
    ///
    /// Each tint is made once and kept with the image, up to about 64 MiB of copies
    /// per image (past that, kept tints are dropped a part at a time). Thread-safe: many threads
    /// drawing particles ask at once.
    public func tinted(red: UInt8, green: UInt8, blue: UInt8) -> Image {
        guard format == .rgba8, (red, green, blue) != (255, 255, 255) else { return self }
        let key = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
        let cache =
            tints.load()
            ?? tints.storeIfNil(ShardedCache(limit: max(1, Self.maximumTintBytes / (width * height * 4))))
        return cache.value(for: key) { makeTinted(SIMD3(UInt32(red), UInt32(green), UInt32(blue))) }
    }

    /// The most memory an image's tinted copies keep (64 MiB).
    static let maximumTintBytes = 64 << 20

    private func makeTinted(_ tint: SIMD3<UInt32>) -> Image {
        // Same size as this image, which was allocated: only memory can fail.
        guard let copy = try? ImagePixels(width: width, height: height, bytesPerPixel: 4) else { return self }
        let source = pixels.words, target = copy.words
        func scaled(_ c: UInt32, _ t: UInt32) -> UInt32 { (c * t + 127) / 255 }
        for i in 0..<width * height {
            let w = UInt32(littleEndian: source[i])
            let r = scaled(w & 0xFF, tint.x), g = scaled((w >> 8) & 0xFF, tint.y), b = scaled((w >> 16) & 0xFF, tint.z)
            target[i] = (r | g << 8 | b << 16 | w & 0xFF00_0000).littleEndian
        }
        return Image(pixels: copy, format: .rgba8)
    }
}
