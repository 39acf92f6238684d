import Foundation
import TesseraCore
import TesseraDocument

/// Why a wallpaper could not be read.
public enum WallpaperError: Error, Equatable, CustomStringConvertible {
    /// The `.tendies` zip could not be read or broke its limits.
    case tendies(TendiesError)
    /// The folder could not be read, or holds more than the limits allow.
    case unreadableFolder(URL, reason: String)
    /// Neither a `Wallpaper.plist` nor a bundle named as a wallpaper's part (`Background.ca`,
    /// `Floating.ca`, `Foreground.ca`): the file is some other set of `.ca` bundles.
    case notAWallpaper(bundles: [String])
    /// `Wallpaper.plist`, at its path, is not what iOS reads: the reason says what is wrong.
    case invalidManifest(String, reason: String)
    /// `Wallpaper.plist` names a bundle that is not in the file.
    case missingBundle(WallpaperBundle.Role, path: String)
    /// A bundle, at its path, did not load.
    case invalidBundle(String, SceneDocumentError)
    /// No bundle is named by ``WallpaperBundle/Role`` or path: the names that are.
    case noSuchBundle(String, available: [String])

    public var description: String {
        switch self {
        case .tendies(let error): "\(error)"
        case .unreadableFolder(let url, let reason): "\(url.path): \(reason)"
        case .notAWallpaper(let bundles): "not a wallpaper (no Wallpaper.plist); its bundles: \(bundles.joined(separator: ", "))"
        case .invalidManifest(let path, let reason): "\(path): \(reason)"
        case .missingBundle(let role, let path):
            "Wallpaper.plist names \(role.rawValue.lowercased()) bundle \(path), which is not in the file"
        case .invalidBundle(let path, let error): "\(path): \(error)"
        case .noSuchBundle(let name, let available):
            "no bundle \"\(name)\" in the wallpaper; it holds: \(available.joined(separator: ", "))"
        }
    }
}
