import TesseraCore
import TesseraDocument

/// One `.ca` bundle of a ``Wallpaper``: its part, where it is in the file, and its tree as loaded.
public struct WallpaperBundle {
    /// Which part of the wallpaper it is; its name is the bundle's short name (`Floating`).
    public let role: Role
    /// The path of the bundle's folder in the `.tendies` zip or the folder read.
    public let path: String
    /// The bundle's layer tree, states and what loading it left out. Its root layer is a
    /// sublayer of ``Wallpaper/rootLayer``, already set the right way up.
    public let archive: SceneDocument
    /// The bundle's scripts (`.js` assets, which the phone runs and Tessera does not), as paths
    /// inside it (`assets/Root_Layer.js`).
    public let scripts: [String]
}
