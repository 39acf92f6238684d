import CTesseraSIMD

/// An image as paint: the image placed in the space of the shape it fills by a transform,
/// extended past its edges and sampled with a filter (CoreGraphics' image patterns, Core
/// Animation's layer `contents`).
///
/// # Sampling
/// Texel (k, l) covers [k, k + 1) × [l, l + 1) of image space, so its centre is
/// (k + 0.5, l + 0.5). Each device pixel's centre is mapped back into image space (u, v):
/// - ``Filter/nearest``: the texel containing (u, v);
/// - ``Filter/bilinear``: the blend of the four texels around (u − 0.5, v − 0.5), with weights
///   fract(u − 0.5) and fract(v − 0.5) rounded to 1/128 (pixman's precision);
/// - ``Filter/trilinear``: bilinear in the mipmap level that matches the minification.
///
/// The arithmetic, its 7-bit fixed-point weights and its clamps are in `CTesseraPaint.h` and
/// `reference/image.c` of `CTesseraSIMD`. A pattern compares and hashes its image by identity (`===`), not by its
/// texels.
public struct ImagePattern: Hashable, Sendable {
    /// What the pattern shows outside the image.
    public enum Extend: Hashable, Sendable {
        /// The edge texels continue outwards (what a layer's contents do at its edges).
        case pad
        /// The image tiles the plane.
        case `repeat`
        /// The image tiles the plane, every other tile mirrored, so edges meet their mirror image.
        case reflect
        /// Transparent outside the image (a bilinear sample near the edge blends the edge texels
        /// with transparency).
        case none
    }

    /// How texels are sampled (Core Animation's `minificationFilter` / `magnificationFilter`).
    public enum Filter: Hashable, Sendable {
        /// The texel under the pixel's centre (`CALayerContentsFilter.nearest`).
        case nearest
        /// Bilinear between the four nearest texels (`.linear`); no prefilter, so an image
        /// shrunk by more than 2× aliases.
        case bilinear
        /// Bilinear in a mipmap level (`.trilinear`), for strong minification without
        /// aliasing. The level is the one nearest to the minification: with ρ the larger of the
        /// lengths, in texels, of one device pixel's step along x and along y, level
        /// round(log₂ ρ) (OpenGL's nearest-mipmap choice: level 0 below ρ = √2, level 1 up to
        /// 2√2, …), capped at the 1 × 1 level. One level, not a blend of two, so a scale
        /// animated through a level boundary switches level at once. Magnified or barely
        /// minified (ρ < √2), it is exactly ``bilinear``. Levels are box-filtered halvings,
        /// built once per image on first use. Under a ``Projection`` ρ changes across the shape,
        /// and the level is chosen pixel by pixel from the local ρ.
        case trilinear
    }

    /// The image; it stays alive as long as the pattern does.
    public var image: Image
    /// Image space → the filled shape's space: image point (u, v) lands at `transform(u, v)`.
    /// The image's top-left corner is (0, 0), its bottom-right (width, height).
    public var transform: Transform
    /// What is shown outside the image.
    public var extend: Extend
    /// How texels are sampled.
    public var filter: Filter

    /// A pattern of `image` placed by `transform` (image space → the shape's space), extended
    /// by `extend` and sampled with `filter`.
    public init(image: Image, transform: Transform = .identity, extend: Extend = .pad, filter: Filter = .bilinear) {
        self.image = image
        self.transform = transform
        self.extend = extend
        self.filter = filter
    }

    /// Equal when the images are the same object and the transform, extend and filter are equal.
    public static func == (lhs: ImagePattern, rhs: ImagePattern) -> Bool {
        lhs.image === rhs.image && lhs.transform == rhs.transform && lhs.extend == rhs.extend
            && lhs.filter == rhs.filter
    }

    /// Hashes the image's identity, the transform, the extend and the filter.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(image))
        hasher.combine(transform)
        hasher.combine(extend)
        hasher.combine(filter)
    }

    /// The kernel's parameters for a shape drawn through `userToDevice`: device pixel centres
    /// mapped into the texel space of the level sampled. Nil when image space → device space
    /// (`transform` then `userToDevice`) is singular or not finite, or its inverse is not
    /// finite: the shape then draws nothing.
    ///
    /// For ``Filter/trilinear`` the level comes from the inverse (see ``Filter/trilinear``), and
    /// the mapping is scaled into that level's texels: a level of w′ × h′ texels covers the
    /// same image space as the full w × h image, so u′ = u · w′/w and v′ = v · h′/h (the rows
    /// of the inverse, x0 and y0 included, times w′/w and h′/h). Its texel centres therefore
    /// lie on the full image's grid of 2ᴸ texels only where w and h are multiples of 2ᴸ.
    ///
    /// `pixels` points into memory the image owns: valid while the image lives.
    func kernelParameters(userToDevice: Transform) -> tsr_image_pattern? {
        let imageToDevice = transform.concatenating(userToDevice)
        guard let inverse = imageToDevice.inverted(),
            inverse.a.isFinite, inverse.b.isFinite, inverse.c.isFinite, inverse.d.isFinite,
            inverse.tx.isFinite, inverse.ty.isFinite
        else { return nil }
        let level = filter == .trilinear ? Self.mipLevel(deviceToImage: inverse, levelCount: image.levelCount) : 0
        guard let pixels = image.sampledLevel(level) else { return nil }
        // Level 0: factors of exactly 1, which leave the mapping as it is.
        let sx = Double(pixels.width) / Double(image.width), sy = Double(pixels.height) / Double(image.height)
        return tsr_image_pattern(
            pixels: UnsafePointer(pixels.words),
            width: Int32(pixels.width), height: Int32(pixels.height), stride: pixels.width,
            extend: Int32(bitPattern: extend.kernelValue), filter: Int32(bitPattern: filter.kernelValue),
            xx: inverse.a * sx, yx: inverse.b * sy, xy: inverse.c * sx, yy: inverse.d * sy,
            x0: inverse.tx * sx, y0: inverse.ty * sy)
    }

    /// The kernel's parameters for a shape drawn through a projection whose inverse is
    /// `deviceToShape` (``Projection/inverted()``): device pixel centres taken back onto the
    /// shape's plane, then into image space by the inverse of ``transform``. Nil when
    /// ``transform`` is singular or the composed map is not finite, or the image's texels cannot
    /// be had: the shape then draws nothing.
    ///
    /// ``Filter/trilinear`` picks its level per pixel, from the map's stretch at that pixel (see
    /// `tsr_projective_image`), not once per command: under perspective the stretch changes
    /// across the shape (a plane receding from the eye is minified more with distance), so one
    /// level chosen for the whole shape would alias where it is too fine or blur where it is too
    /// coarse. Each pixel so gets the level the affine rule (``Filter/trilinear``) would give a
    /// transform with its local stretch. The kernel therefore gets every level of the image,
    /// built on first use (`levelTable(count:)`).
    func kernelParameters(deviceToShape: Projection) -> tsr_projective_image? {
        guard let shapeToImage = transform.inverted() else { return nil }
        let deviceToImage = deviceToShape.concatenating(shapeToImage)
        guard deviceToImage.isFinite,
            let levels = image.levelTable(count: filter == .trilinear ? image.levelCount : 1)
        else { return nil }
        return tsr_projective_image(
            levels: levels.entries, levelCount: Int32(levels.count),
            extend: Int32(bitPattern: extend.kernelValue),
            filter: Int32(bitPattern: filter.kernelValue), map: deviceToImage.kernelMap)
    }

    /// The mipmap level for a device → image mapping: round(log₂ ρ), ρ the longer of the image
    /// steps of one device pixel along x, (a, b), and along y, (c, d); capped at the last level.
    /// Compared squared against 2^(2L − 1), so no logarithm, and an overflow to infinity picks the
    /// last level.
    static func mipLevel(deviceToImage m: Transform, levelCount: Int) -> Int {
        let rhoSquared = max(m.a * m.a + m.b * m.b, m.c * m.c + m.d * m.d)
        var level = 0, threshold = 2.0   // ρ ≥ √2 ⇔ ρ² ≥ 2: level 1; each further level ×4
        while level < levelCount - 1, rhoSquared >= threshold {
            level += 1
            threshold *= 4
        }
        return level
    }
}

extension ImagePattern.Extend {
    var kernelValue: UInt32 {
        switch self {
        case .pad: TSR_EXTEND_PAD.rawValue
        case .repeat: TSR_EXTEND_REPEAT.rawValue
        case .reflect: TSR_EXTEND_REFLECT.rawValue
        case .none: TSR_EXTEND_NONE.rawValue
        }
    }
}

extension ImagePattern.Filter {
    /// Trilinear samples its level bilinearly.
    var kernelValue: UInt32 {
        switch self {
        case .nearest: TSR_FILTER_NEAREST.rawValue
        case .bilinear, .trilinear: TSR_FILTER_BILINEAR.rawValue
        }
    }
}
