import Foundation
import TesseraCAML
import TesseraCore

/// What a path given to the tools over the formats holds, told by its extension and, for a
/// folder, by what is in it: the one rule over the spellings of every scene file Tessera reads
/// (`tessera render`, `inspect` and `convert` ask it), so a new format adds its case here. The
/// names of CAML's files and folders are `TesseraCAML`'s (`CAMLFileNames`). The path need not
/// exist: a missing file is a ``document`` (or a ``lottie`` animation, by its extension) whose
/// reader says it is missing.
package enum SceneFileKind: Equatable, Sendable {
    /// A wallpaper folder: a `.wallpaper` folder, or one holding a `Wallpaper.plist` or a
    /// `descriptors` folder (an unzipped `.tendies` file), whatever its extension.
    case wallpaperFolder
    /// A Lottie animation: `.json`, or `.lottie` (dotLottie).
    case lottie
    /// A `.tendies` file: a wallpaper, or a zip of other `.ca` bundles.
    case tendies
    /// A `.ca` bundle: a `.ca` folder, or a folder holding `main.caml` or `index.xml`.
    case bundle
    /// Any other folder: no scene.
    case folder
    /// Any other path: a Core Animation Archive or a CAML document, told apart by
    /// `SceneDocument(contentsOf:)` (a `.caml` extension, or bytes that are XML).
    case document

    /// The kind of file or folder at `path`. A wallpaper folder is one whatever its name; then the
    /// extension decides, then what a folder holds.
    package init(of path: String) {
        let fileManager = FileManager.default
        let isFolder = Self.isExistingFolder(path)
        let pathExtension = PathName.pathExtension(of: path).lowercased()
        if isFolder
            && (pathExtension == CAMLFileNames.wallpaperExtension
                || fileManager.fileExists(atPath: path + "/" + CAMLFileNames.wallpaperManifest)
                || Self.isExistingFolder(path + "/" + CAMLFileNames.descriptorsFolder))
        {
            self = .wallpaperFolder
        } else if ["json", "lottie"].contains(pathExtension) {
            self = .lottie
        } else if pathExtension == CAMLFileNames.tendiesExtension {
            self = .tendies
        } else if isFolder {
            let isBundle =
                pathExtension == CAMLFileNames.bundleExtension
                || [CAMLFileNames.bundleDocument, CAMLFileNames.bundleIndex].contains {
                    fileManager.fileExists(atPath: path + "/" + $0)
                }
            self = isBundle ? .bundle : .folder
        } else {
            self = .document
        }
    }

    /// Whether the path holds `.ca` bundles for a tool to pick one from (`--bundle`): a `.tendies`
    /// file or a wallpaper folder.
    package var holdsBundles: Bool { self == .tendies || self == .wallpaperFolder }

    private static func isExistingFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
