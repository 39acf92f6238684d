import Foundation
import TesseraCore
import TesseraDocument

/// Where a wallpaper's parts are in its file, before they are loaded: what `Wallpaper.plist`
/// names (or, without one, what the bundles' names say), and what the file holds that is not
/// rendered.
struct WallpaperLayout {
    let source: WallpaperSource
    let name: String
    let screenClass: WallpaperScreenClass?
    /// The parts' bundles, bottom first.
    let parts: [(role: WallpaperBundle.Role, path: String)]
    /// Other wallpapers, appearances and bundles (scripts are found as bundles load).
    let omissions: [Wallpaper.Omission]

    init(contentsOf url: URL, limits: TendiesArchive.Limits) throws(WallpaperError) {
        source = try WallpaperSource(url, limits: limits)
        var omissions: [Wallpaper.Omission] = []
        let manifestPaths = source.files.filter { $0.split(separator: "/").last == CAMLFileNames.wallpaperManifest[...] }
        if let manifestPath = manifestPaths.first {
            omissions += manifestPaths.dropFirst().map(Wallpaper.Omission.otherWallpaper)
            let manifest = try WallpaperManifest(data: try source.data(ofFile: manifestPath), path: manifestPath)
            let folder = manifestPath.split(separator: "/").dropLast().joined(separator: "/")
            parts = manifest.bundleFiles.map { ($0.role, folder.isEmpty ? $0.file : folder + "/" + $0.file) }
            for (role, path) in parts where !source.bundles.contains(path) { throw .missingBundle(role, path: path) }
            name = manifest.name ?? url.deletingPathExtension().lastPathComponent
            screenClass = manifest.screenClass
            omissions += manifest.otherAssets.map(Wallpaper.Omission.otherAssets)
        } else {
            parts = Self.partsByName(source.bundles)
            guard !parts.isEmpty else { throw .notAWallpaper(bundles: source.bundles) }
            name = url.deletingPathExtension().lastPathComponent
            screenClass = nil
        }
        let named = Set(parts.map(\.path))
        self.omissions = omissions + source.bundles.filter { !named.contains($0) }.map(Wallpaper.Omission.unnamedBundle)
    }

    /// The part at `index` of ``parts``, loaded, with the scripts its bundle holds.
    func loadPart(_ index: Int) throws(WallpaperError) -> WallpaperBundle {
        let (role, path) = parts[index]
        let scripts = source.files.filter { $0.hasPrefix(path + "/") && $0.lowercased().hasSuffix(".js") }
            .map { String($0.dropFirst(path.count + 1)) }
        return WallpaperBundle(role: role, path: path, archive: try source.loadBundle(path), scripts: scripts)
    }

    /// The index in `parts` of the part `name` names: its role's name, ignoring case
    /// (`Floating`); else the bundle at that path, or the only one whose folder name it is or
    /// whose path holds it, ignoring case.
    static func index(ofPartNamed name: String, in parts: [(role: WallpaperBundle.Role, path: String)]) throws(WallpaperError) -> Int {
        if let index = parts.firstIndex(where: { $0.role.rawValue.caseInsensitiveCompare(name) == .orderedSame }) { return index }
        if let index = parts.firstIndex(where: { $0.path == name }) { return index }
        let indices = parts.indices
        let named = indices.filter { parts[$0].path.split(separator: "/").last.map(String.init) == name }
        if named.count == 1 { return named[0] }
        let holding = name.isEmpty ? [] : indices.filter { parts[$0].path.range(of: name, options: .caseInsensitive) != nil }
        guard holding.count == 1 else { throw .noSuchBundle(name, available: parts.map(\.role.rawValue)) }
        return holding[0]
    }

    /// Without a `Wallpaper.plist`, the bundles whose folder names name a part, ignoring case
    /// (`Background.ca`, `…_Floating-390w-844h@3x~iphone.ca`), as CAPlayground's tendies checker
    /// finds them; a part two bundles could be is left out.
    private static func partsByName(_ bundles: [String]) -> [(role: WallpaperBundle.Role, path: String)] {
        [WallpaperBundle.Role.background, .foreground, .floating].compactMap { role in
            let matches = bundles.filter { path in
                (path.split(separator: "/").last.map(String.init) ?? path).range(of: role.rawValue, options: .caseInsensitive) != nil
            }
            return matches.count == 1 ? (role, matches[0]) : nil
        }
    }
}
