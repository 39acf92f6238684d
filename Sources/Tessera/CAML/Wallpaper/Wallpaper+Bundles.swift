import Foundation

#if !canImport(QuartzCore)
extension Wallpaper {
    /// The bundle `name` names: its part's name, ignoring case (`Floating`); else the bundle at
    /// that path, or the only one whose folder name it is or whose path holds it, ignoring case.
    ///
    /// - Throws: ``WallpaperError/noSuchBundle(_:available:)`` with the parts' names when none
    ///   or several match.
    public func bundle(named name: String) throws(WallpaperError) -> WallpaperBundle {
        if let bundle = bundles.first(where: { $0.role.rawValue.caseInsensitiveCompare(name) == .orderedSame }) { return bundle }
        if let bundle = bundles.first(where: { $0.path == name }) { return bundle }
        let named = bundles.filter { $0.path.split(separator: "/").last.map(String.init) == name }
        if named.count == 1 { return named[0] }
        let holding = name.isEmpty ? [] : bundles.filter { $0.path.range(of: name, options: .caseInsensitive) != nil }
        guard holding.count == 1 else { throw .noSuchBundle(name, available: bundles.map(\.role.rawValue)) }
        return holding[0]
    }

    /// What loading the bundles left out, each entry's layer path beginning with its bundle's
    /// part (`Floating/Root Layer/Glow`).
    public var skipped: [AnimationArchive.Skipped] {
        bundles.flatMap { bundle in
            bundle.archive.skipped.map { item in
                AnimationArchive.Skipped(layer: item.layer.isEmpty ? bundle.role.rawValue : bundle.role.rawValue + "/" + item.layer,
                                         className: item.className, key: item.key, reason: item.reason, location: item.location)
            }
        }
    }
}
#endif
