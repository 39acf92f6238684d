/// The names of the files and folders CAML's containers are made of, as Apple's tools and the
/// community editors lay them out: what the bundle reader and writer and the wallpaper reader
/// use, and what tells a path's kind apart (`SceneFileKind`, in `Tessera`).
package enum CAMLFileNames {
    /// The extension of a `.ca` bundle, a folder.
    package static let bundleExtension = "ca"
    /// A `.ca` bundle's document when its index names none (or there is no index), and the one
    /// the writer writes.
    package static let bundleDocument = "main.caml"
    /// A `.ca` bundle's index: a property list naming its document (`rootDocument`) and the
    /// document's size and flip.
    package static let bundleIndex = "index.xml"
    /// The folder of a bundle's images, beside its document.
    package static let assetsFolder = "assets"

    /// The extension of a wallpaper file: a zip of a wallpaper's folders, or of other `.ca`
    /// bundles.
    package static let tendiesExtension = "tendies"
    /// The extension of the folder that holds a wallpaper's manifest and bundles.
    package static let wallpaperExtension = "wallpaper"
    /// A wallpaper's manifest, in its `.wallpaper` folder.
    package static let wallpaperManifest = "Wallpaper.plist"
    /// The top folder of an unzipped `.tendies` file, under which its `.wallpaper` folders lie.
    package static let descriptorsFolder = "descriptors"
}
