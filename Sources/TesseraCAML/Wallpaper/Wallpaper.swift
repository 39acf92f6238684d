import Foundation
import TesseraCore
import TesseraDocument

/// An iOS wallpaper as the community editors share it: a `.tendies` file (a zip) or its
/// unzipped folder, whose `.wallpaper` folder holds `Wallpaper.plist` and the `.ca` bundles it
/// names. ``rootLayer`` holds the bundles' trees stacked as iOS stacks them (``bundles``, bottom
/// first: see ``WallpaperBundle/Role``), at the size of the screen the wallpaper is made for, so
/// that `LayerRenderer` and `AnimationExport` draw the wallpaper as the phone shows it; the
/// lock-screen states (`Locked`, `Unlock`, `Sleep`) drive every bundle together
/// (``setState(_:at:animated:)``).
///
/// ```swift
/// let wallpaper = try Wallpaper(contentsOf: URL(fileURLWithPath: "Aurora.tendies"))
/// print(wallpaper.size)                          // 390 × 844 points, from 390w-844h@3x~iphone
/// try wallpaper.setState("Locked", at: 0, animated: false)
/// try wallpaper.setState("Unlock", at: 0)        // every bundle's Locked → Unlock transition
/// renderer.scale = 3                             // the phone's pixels
/// renderer.render(wallpaper.rootLayer, at: 0.3, into: pixmap)
/// ```
///
/// A file with no `Wallpaper.plist` is read as a wallpaper when its bundles are named as the
/// parts are (`Background.ca`, `Floating.ca`, as CAPlayground's zip export names them). Scripts
/// are not run: ``omissions`` lists them, with what else the file holds that is not rendered.
/// A `.tendies` zip is read within ``TendiesArchive/Limits``, a folder without following its
/// symbolic links.
public struct Wallpaper {
    /// The wallpaper's `name`, or the file's name without its extension.
    public let name: String
    /// The screen it is made for (`logicalScreenClass`); nil without a `Wallpaper.plist`.
    public let screenClass: WallpaperScreenClass?
    /// The size of ``rootLayer`` in points: the screen class's, else the bottom bundle's
    /// document size.
    public let size: CGSize
    /// The bundles, bottom first.
    public let bundles: [WallpaperBundle]
    /// A layer of ``size`` at the origin whose sublayers are the bundles' root layers, bottom
    /// first: what to render.
    public let rootLayer: CALayer
    /// What the file holds that is not rendered: scripts, other appearances, other bundles.
    public let omissions: [Omission]

    /// Reads the wallpaper in the `.tendies` file or the folder at `url`, and loads its bundles.
    ///
    /// - Throws: ``WallpaperError``: the zip or folder cannot be read or breaks the limits; it is
    ///   not a wallpaper; its `Wallpaper.plist` is malformed or names a bundle that is missing; a
    ///   bundle does not load.
    public init(contentsOf url: URL, limits: TendiesArchive.Limits = TendiesArchive.Limits()) throws(WallpaperError) {
        let layout = try WallpaperLayout(contentsOf: url, limits: limits)
        var bundles: [WallpaperBundle] = [], omissions = layout.omissions
        for index in layout.parts.indices {
            let bundle = try layout.loadPart(index)
            bundles.append(bundle)
            omissions += bundle.scripts.map { Omission.script(bundle: bundle.role, path: $0) }
        }
        name = layout.name
        screenClass = layout.screenClass
        let bottom = bundles[0].archive
        size = screenClass?.size ?? bottom.documentSize ?? bottom.rootLayer.bounds.size
        rootLayer = CALayer()
        rootLayer.name = name
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        // Each bundle's root is set the right way up, as a CAML viewer that composes wallpapers
        // for stills does on iOS (`rootLayer.geometryFlipped = NO` on each package's root).
        rootLayer.sublayers = bundles.map { $0.archive.rootLayerForDisplay() }
        self.bundles = bundles
        self.omissions = omissions
    }

    /// Loads only the bundle that `name` names (as ``bundle(named:)`` finds it) of the wallpaper
    /// at `url`: one part to render or convert, whatever the others hold.
    ///
    /// - Throws: ``WallpaperError``, as ``init(contentsOf:limits:)`` does for the file and that
    ///   bundle; ``WallpaperError/noSuchBundle(_:available:)`` when `name` names none.
    public static func loadBundle(
        named name: String, contentsOf url: URL,
        limits: TendiesArchive.Limits = TendiesArchive.Limits()
    ) throws(WallpaperError) -> WallpaperBundle {
        let layout = try WallpaperLayout(contentsOf: url, limits: limits)
        return try layout.loadPart(try WallpaperLayout.index(ofPartNamed: name, in: layout.parts))
    }
}
