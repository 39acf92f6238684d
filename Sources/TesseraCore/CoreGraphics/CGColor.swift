import Foundation
import TesseraRaster

/// A color as straight (non-premultiplied) sRGB components and alpha, in Tessera's own terms:
/// what animations interpolate and the renderer paints with.
package struct ColorComponents: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
}

/// An immutable color, as CoreGraphics' `CGColor`.
///
/// Tessera knows two color spaces: sRGB (red, green, blue, alpha) and gray (white, alpha), which
/// stands for CoreGraphics' generic gray and is drawn as the sRGB color with three equal
/// components. `init(red:green:blue:alpha:)`, which CoreGraphics documents as "generic RGB",
/// creates an sRGB color here, the same as `init(srgbRed:green:blue:alpha:)`.
///
/// # Guarantees
/// - Components are stored exactly as given: no clamping to [0, 1] and no NaN replacement, so
///   that ``components`` reads back what was passed in (extended-range values survive a round
///   trip). They are clamped to [0, 1] only when drawn (NaN draws as 0).
/// - Two colors are equal when they are in the same color space and have equal components, as
///   `CFEqual` compares them: a gray color is *not* equal to the RGB color that looks the same.
public final class CGColor: Hashable, Sendable {
    /// The color spaces Tessera models.
    enum Model: Hashable, Sendable {
        /// One component, the white level, then alpha.
        case gray
        /// Red, green, blue (sRGB), then alpha.
        case rgb
    }

    let model: Model
    /// The color components followed by alpha.
    let storedComponents: [CGFloat]

    init(model: Model, components: [CGFloat]) {
        self.model = model
        self.storedComponents = components
    }

    /// A color in the sRGB color space (CoreGraphics' "generic RGB"; see the type's notes).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(model: .rgb, components: [red, green, blue, alpha])
    }

    /// A color in the sRGB color space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(model: .rgb, components: [red, green, blue, alpha])
    }

    /// A color in the gray color space: `gray` is the white level, 0 black, 1 white.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(model: .gray, components: [gray, alpha])
    }

    /// The color components followed by alpha: `[gray, alpha]` or `[red, green, blue, alpha]`.
    /// Never nil in Tessera (CoreGraphics' type is optional for pattern colors).
    public var components: [CGFloat]? { storedComponents }

    /// The number of components, alpha included: 2 for gray, 4 for RGB.
    public var numberOfComponents: Int { storedComponents.count }

    /// The alpha component, as given.
    public var alpha: CGFloat { storedComponents[storedComponents.count - 1] }

    /// The color itself: a `CGColor` is immutable, so a copy is the same object (as CoreGraphics,
    /// which returns the color retained).
    public func copy() -> CGColor? { self }

    /// The same color with another alpha, stored as given. Never nil in Tessera.
    public func copy(alpha: CGFloat) -> CGColor? {
        var components = storedComponents
        components[components.count - 1] = alpha
        return CGColor(model: model, components: components)
    }

    /// Opaque black in the gray color space, as `CGColor.black` (components `[0, 1]`).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white in the gray color space, as `CGColor.white` (components `[1, 1]`).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black in the gray color space, as `CGColor.clear` (components `[0, 0]`).
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.model == rhs.model && lhs.storedComponents == rhs.storedComponents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(storedComponents)
    }
}

extension CGColor {
    /// The color as sRGB components: a gray color expands to three equal components.
    var rgba: ColorComponents {
        let c = storedComponents.map { Double($0) }
        switch model {
        case .gray: return ColorComponents(red: c[0], green: c[0], blue: c[0], alpha: c[1])
        case .rgb: return ColorComponents(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
    }

    /// An sRGB color with the components of `rgba`, stored as given.
    convenience init(_ rgba: ColorComponents) {
        self.init(
            red: CGFloat(rgba.red), green: CGFloat(rgba.green), blue: CGFloat(rgba.blue),
            alpha: CGFloat(rgba.alpha))
    }
}

extension ColorComponents {
    /// The same color as TesseraRaster's paint color (clamped to [0, 1] only when converted to
    /// pixels, by TesseraRaster).
    var rasterColor: TesseraRaster.Color {
        TesseraRaster.Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
