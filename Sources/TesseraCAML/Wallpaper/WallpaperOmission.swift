import TesseraCore
import TesseraDocument

extension Wallpaper {
    /// Something a wallpaper file holds that Tessera does not render; what each bundle's own
    /// loading left out is in its archive's `SceneDocument.skipped`.
    public enum Omission: Hashable, Sendable, CustomStringConvertible {
        /// A script of a bundle (a `.js` asset, which Mica's `scriptObject` and
        /// `scriptComponents` run on the phone), at its path in the bundle: reported, not run.
        case script(bundle: WallpaperBundle.Role, path: String)
        /// Assets for another place or appearance than the one rendered
        /// (`assets.lockAndHome.dark`, `assets.home.default`), by their key path.
        case otherAssets(String)
        /// A `.ca` bundle in the file that `Wallpaper.plist` does not name, by its path.
        case unnamedBundle(String)
        /// Another wallpaper in the same file (its `Wallpaper.plist`), by its path: the first
        /// one, in path order, is rendered.
        case otherWallpaper(String)

        public var description: String {
            switch self {
            case .script(let role, let path): "\(role.rawValue): script \(path) (reported, not run)"
            case .otherAssets(let keyPath): "\(keyPath): assets for another screen or appearance (not rendered)"
            case .unnamedBundle(let path): "\(path): a bundle Wallpaper.plist does not name (not rendered)"
            case .otherWallpaper(let path): "\(path): another wallpaper in the file (not rendered)"
            }
        }
    }
}
