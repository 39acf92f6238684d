import Foundation

/// The family of a colour space, as CoreGraphics' `CGColorSpaceModel` (same raw values).
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown model.
    case unknown = -1
    /// Grey levels.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// DeviceN (named colorants).
    case deviceN = 4
    /// Indices into a colour table.
    case indexed = 5
    /// Patterns.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}

/// A colour space, as CoreGraphics' `CGColorSpace`. Tessera draws in sRGB: the device RGB and
/// device gray spaces are the two that images can be made in (gray drawn as equal sRGB
/// components).
public final class CGColorSpace: Hashable, Sendable {
    /// The space's family.
    public let model: CGColorSpaceModel

    init(model: CGColorSpaceModel) {
        self.model = model
    }

    /// Colour components per pixel, alpha not counted: 3 for RGB, 1 for gray.
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.model == rhs.model }
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
}

/// The device RGB colour space (drawn as sRGB), as CoreGraphics' function of that name.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(model: .rgb) }

/// The device gray colour space, as CoreGraphics' function of that name.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(model: .monochrome) }
