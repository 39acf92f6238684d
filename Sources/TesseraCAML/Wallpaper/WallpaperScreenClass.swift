import Foundation
import TesseraCore
import TesseraDocument

/// The screen a wallpaper is made for, as `Wallpaper.plist`'s `logicalScreenClass` names it:
/// `390w-844h@3x~iphone` is 390 × 844 points at 3 pixels a point on an iPhone. Wallpapers made
/// for every screen say `any`.
public struct WallpaperScreenClass: Hashable, Sendable, CustomStringConvertible {
    /// The name as written.
    public let name: String
    /// The screen's size in points; nil for `any` or a name that does not have the
    /// `WIDTHw-HEIGHTh@SCALEx~DEVICE` form.
    public let size: CGSize?
    /// Pixels per point (`@3x`); nil where ``size`` is.
    public let scale: Int?
    /// The device family after `~` (`iphone`, `ipad`); nil where ``size`` is.
    public let device: String?

    /// Reads `name`; any text is taken, and one that is not `WIDTHw-HEIGHTh@SCALEx~DEVICE`
    /// with sizes up to 10 000 gives no size.
    public init(_ name: String) {
        self.name = name
        let parts = name.split(separator: "~", maxSplits: 1)
        let geometry = parts.first.map(String.init) ?? ""
        let sizeAndScale = geometry.split(separator: "@")
        let sides = sizeAndScale.first?.split(separator: "-") ?? []
        guard parts.count == 2, sizeAndScale.count == 2, sides.count == 2,
            sides[0].hasSuffix("w"), sides[1].hasSuffix("h"), sizeAndScale[1].hasSuffix("x"),
            let width = Int(sides[0].dropLast()), let height = Int(sides[1].dropLast()),
            let scale = Int(sizeAndScale[1].dropLast()),
            (1...10_000).contains(width), (1...10_000).contains(height), (1...16).contains(scale)
        else {
            size = nil
            scale = nil
            device = nil
            return
        }
        size = CGSize(width: width, height: height)
        self.scale = scale
        device = String(parts[1])
    }

    public var description: String { name }
}
