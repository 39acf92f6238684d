import TesseraCore
import TesseraDocument

extension Wallpaper {
    /// The bundle `name` names: its part's name, ignoring case (`Floating`); else the bundle at
    /// that path, or the only one whose folder name it is or whose path holds it, ignoring case.
    ///
    /// - Throws: ``WallpaperError/noSuchBundle(_:available:)`` with the parts' names when none
    ///   or several match.
    public func bundle(named name: String) throws(WallpaperError) -> WallpaperBundle {
        bundles[try WallpaperLayout.index(ofPartNamed: name, in: bundles.map { ($0.role, $0.path) })]
    }

    /// What loading the bundles left out, each entry's layer path beginning with its bundle's
    /// part (`Floating/Root Layer/Glow`).
    public var skipped: [SkippedFeature] {
        bundles.flatMap { bundle in
            bundle.archive.skipped.map { item in
                SkippedFeature(
                    layer: item.layer.isEmpty ? bundle.role.rawValue : bundle.role.rawValue + "/" + item.layer,
                    className: item.className, key: item.key, reason: item.reason, location: item.location)
            }
        }
    }
}
