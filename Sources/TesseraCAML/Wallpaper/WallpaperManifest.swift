import Foundation
import TesseraCore
import TesseraDocument

/// What a wallpaper's `Wallpaper.plist` says, as the editors write it (CAPlayground's template
/// in apps/web/lib/templates/tendies.zip, OpenPoster's in descriptors/…/OpenPoster.wallpaper):
///
/// ```
/// name                 "WWDC 2022"
/// logicalScreenClass   "390w-844h@3x~iphone"
/// assets.lockAndHome.default = { type "LayeredAnimation",
///     backgroundAnimationFileName "…_Background-390w-844h@3x~iphone.ca",
///     foregroundAnimationFileName "…_Foreground-390w-844h@3x~iphone.ca",
///     floatingAnimationFileNameKey "…_Floating-390w-844h@3x~iphone.ca" }
/// ```
///
/// or, for one bundle, `{ type "ParameterizedCA", assetFileName "wallpaper.ca" }` with the screen
/// class `any`. The file names are relative to the `.wallpaper` folder that holds the plist.
/// WallpaperKit reads `assets.<place>.<appearance>`; the lock screen's default appearance
/// (`lockAndHome`, else `lock`, then `default`) is the one rendered, the others are reported.
struct WallpaperManifest {
    let name: String?
    let screenClass: WallpaperScreenClass?
    /// The bundles' file names, in ``WallpaperBundle/Role`` order (bottom first).
    let bundleFiles: [(role: WallpaperBundle.Role, file: String)]
    /// The key paths of the assets not rendered.
    let otherAssets: [String]

    /// Reads the plist's bytes (XML or binary); `path` names it in errors.
    init(data: Data, path: String) throws(WallpaperError) {
        func invalid(_ reason: String) -> WallpaperError { .invalidManifest(path, reason: reason) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw invalid("not a property list (\(error.localizedDescription))")
        }
        guard let dictionary = plist as? [String: Any] else { throw invalid("not a property list dictionary") }
        guard let assets = dictionary["assets"] as? [String: Any], !assets.isEmpty else { throw invalid("no assets dictionary") }
        let place = Self.preferred(["lockAndHome", "lock"], in: assets)
        guard let appearances = assets[place] as? [String: Any], !appearances.isEmpty else {
            throw invalid("assets.\(place) is not a dictionary of appearances")
        }
        let appearance = Self.preferred(["default"], in: appearances)
        guard let asset = appearances[appearance] as? [String: Any] else {
            throw invalid("assets.\(place).\(appearance) is not a dictionary")
        }
        let roles: [WallpaperBundle.Role]
        switch asset["type"] as? String {
        case "LayeredAnimation": roles = [.background, .foreground, .floating]
        case "ParameterizedCA": roles = [.single]
        case nil: roles = WallpaperBundle.Role.allCases
        case let type?: throw invalid("a \(type) wallpaper, which Tessera does not render (LayeredAnimation and ParameterizedCA it does)")
        }
        var files: [(WallpaperBundle.Role, String)] = []
        for role in roles {
            guard let file = role.manifestKeys.lazy.compactMap({ asset[$0] as? String }).first else { continue }
            guard let components = TendiesArchive.safeComponents(file) else {
                throw invalid("the \(role.rawValue.lowercased()) bundle \"\(file)\" is not a path inside the wallpaper")
            }
            files.append((role, components.joined(separator: "/")))
        }
        guard !files.isEmpty else { throw invalid("assets.\(place).\(appearance) names no .ca bundle") }
        name = dictionary["name"] as? String
        screenClass = (dictionary["logicalScreenClass"] as? String).map(WallpaperScreenClass.init)
        bundleFiles = files
        otherAssets =
            assets.keys.filter { $0 != place }.map { "assets.\($0)" }.sorted()
            + appearances.keys.filter { $0 != appearance }.map { "assets.\(place).\($0)" }.sorted()
    }

    /// The first of `keys` that `dictionary` has, else its first key in sorted order.
    private static func preferred(_ keys: [String], in dictionary: [String: Any]) -> String {
        keys.first { dictionary[$0] != nil } ?? dictionary.keys.sorted()[0]
    }
}
