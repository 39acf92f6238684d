/// A color with straight (non-premultiplied) alpha, components in sRGB from 0 to 1, as
/// CoreGraphics' `CGColor` in the sRGB color space.
///
/// Components are clamped to [0, 1] when converted to pixels; NaN reads as 0.
public struct Color: Hashable, Sendable {
    /// The components, straight alpha, from 0 to 1.
    public var red: Double, green: Double, blue: Double, alpha: Double

    @inlinable
    /// A colour with these components (opaque unless `alpha` is given).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The color as premultiplied 8-bit RGBA: each channel is `round(c · a · 255)`.
    public var premultiplied: PremultipliedRGBA8 {
        let a = Self.unit(alpha)
        return PremultipliedRGBA8(
            r: Self.byte(Self.unit(red) * a), g: Self.byte(Self.unit(green) * a),
            b: Self.byte(Self.unit(blue) * a), a: Self.byte(a))
    }

    @inlinable
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    /// `round(v · 255)` for v in [0, 1], halves away from zero as `rounded()`, without its libm
    /// call (the x86-64 baseline has no rounding instruction; a frame converts thousands of
    /// colors): the truncation plus one where the exact remainder is at least a half.
    @inlinable @inline(__always)
    static func byte(_ v: Double) -> UInt8 {
        let x = v * 255
        let whole = Int(x)
        return UInt8(truncatingIfNeeded: x - Double(whole) >= 0.5 ? whole + 1 : whole)
    }
}

/// One pixel: 8-bit red, green, blue and alpha, with the color channels premultiplied by alpha
/// (each ≤ alpha). Stored in memory in this order: R, G, B, A.
public struct PremultipliedRGBA8: Hashable, Sendable {
    /// The channels, red, green and blue premultiplied by alpha.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    @inlinable
    /// The pixel with these channels (each colour channel should be at most `a`).
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The transparent pixel: every channel zero.
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as a little-endian 32-bit word (R in the lowest byte), as kernels read it.
    @inlinable
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    @inlinable
    /// The pixel of a little-endian 32-bit word (R in the lowest byte), as ``packed`` makes.
    public init(packed v: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
            b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }
}

/// Which points a path encloses.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero (CoreGraphics' default, `CGPathFillRule.winding`).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
