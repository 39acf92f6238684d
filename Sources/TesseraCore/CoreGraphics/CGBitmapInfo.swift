import Foundation

/// Where a bitmap's alpha is and whether its colours are premultiplied by it, as CoreGraphics'
/// `CGImageAlphaInfo` (same raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha last (RGBA), colours premultiplied.
    case premultipliedLast = 1
    /// Alpha first (ARGB), colours premultiplied.
    case premultipliedFirst = 2
    /// Alpha last, colours straight.
    case last = 3
    /// Alpha first, colours straight.
    case first = 4
    /// A byte after the colours that is ignored (RGBX).
    case noneSkipLast = 5
    /// A byte before the colours that is ignored (XRGB).
    case noneSkipFirst = 6
    /// Alpha alone, no colour.
    case alphaOnly = 7
}

/// A bitmap's layout flags, as CoreGraphics' `CGBitmapInfo` (same bits): the alpha info in the
/// low five bits, the byte order of 16- or 32-bit pixels in bits 12–14.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The components are floating-point numbers.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big-endian).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit pixels, little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit pixels, little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit pixels, big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit pixels, big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// The alpha info part (nil for a value outside `CGImageAlphaInfo`).
    var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & Self.alphaInfoMask.rawValue) }
    /// The byte order part.
    var byteOrder: CGBitmapInfo { CGBitmapInfo(rawValue: rawValue & Self.byteOrderMask.rawValue) }
}

/// How colours outside a destination's gamut are mapped, as CoreGraphics'
/// `CGColorRenderingIntent` (same raw values). Tessera draws in sRGB only: the intent is kept,
/// and has no effect.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The destination's default.
    case defaultIntent = 0
    /// In-gamut colours exact, out-of-gamut ones clipped; no white point adaptation.
    case absoluteColorimetric = 1
    /// In-gamut colours exact relative to the white point, out-of-gamut ones clipped.
    case relativeColorimetric = 2
    /// The whole gamut compressed to keep the relations between colours (photographs).
    case perceptual = 3
    /// Saturation kept over hue and lightness (business graphics).
    case saturation = 4
}
