import TesseraCore
import TesseraDocument

extension WallpaperBundle {
    /// Which part of a wallpaper a bundle is, as `Wallpaper.plist` names it. The cases are in the
    /// order iOS stacks them, bottom first (``Wallpaper/bundles`` keeps it).
    ///
    /// The order, and the evidence for it:
    /// - Apple's WallpaperKit reads a `LayeredAnimation` wallpaper as
    ///   `WKLayeredAnimationWallpaper(identifier:name:backgroundAnimationFileURL:foregroundAnimationFileURL:floatingAnimationFileURL:)`,
    ///   from the keys `backgroundAnimationFileName`, `foregroundAnimationFileName` and
    ///   `floatingAnimationFileNameKey` (with `Key`: Apple's spelling, which the editors copy).
    /// - The tools that compose a wallpaper's packages as iOS shows them (a CAML viewer that
    ///   exports wallpaper stills at the screen's size, and a tweak that installs the packages in
    ///   SpringBoard's wallpaper window) add the bundles as sublayers or subviews in exactly that
    ///   order, background, foreground, floating: each later one is drawn over the ones before.
    /// - CAPlayground (apps/web/components/editor/canvas-preview.tsx) previews the background's
    ///   layers under the floating bundle's (`[...backgroundLayers, ...appliedLayers]`, z-index 0
    ///   and 100), with the lock screen's clock placeholder under the floating layers: the
    ///   floating bundle is what passes in front of the clock. OpenPoster's template
    ///   (descriptors/…/OpenPoster.wallpaper/Wallpaper.plist) names a background and a floating
    ///   bundle, with `floatingAnimationFileNameKey`.
    ///
    /// A `ParameterizedCA` wallpaper has a single bundle (`assetFileName`), ``single``.
    public enum Role: String, CaseIterable, Sendable {
        /// `backgroundAnimationFileName`: the bottom, behind the clock.
        case background = "Background"
        /// `foregroundAnimationFileName`: over the background.
        case foreground = "Foreground"
        /// `floatingAnimationFileNameKey`: the top, in front of the clock.
        case floating = "Floating"
        /// `assetFileName` of a `ParameterizedCA` wallpaper: the whole wallpaper in one bundle.
        case single = "Wallpaper"

        /// The key of `Wallpaper.plist`'s asset dictionary that names the bundle.
        var manifestKeys: [String] {
            switch self {
            case .background: ["backgroundAnimationFileName"]
            case .foreground: ["foregroundAnimationFileName"]
            // Apple's key ends in `Key`; a few tools write it without, and iOS tweaks read both.
            case .floating: ["floatingAnimationFileNameKey", "floatingAnimationFileName"]
            case .single: ["assetFileName"]
            }
        }
    }
}
