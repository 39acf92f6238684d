import Foundation
import TesseraCore
import TesseraDocument
import TesseraXML

/// What reading a CAML document's values needs beyond their text: the bundle's images.
struct CAMLReadContext {
    var assets: CAMLAssets
}

/// The images a CAML document refers to (`<contents type="CGImage" src="assets/art.png"/>`),
/// read from its `.ca` bundle (the folder of a `.caml` file read alone), each decoded once.
///
/// A `src` is a path relative to the bundle's folder (`assets/art.png`); only files inside the
/// folder are read. Refused, with the place of the `src` attribute: an absolute path, a path
/// with a `..` component, a backslash or a URL scheme, a path that leads outside the folder
/// through a symbolic link, and any image when the document was read from bytes with no
/// bundle. A `src` without an extension that names no file is tried with `.png`, `.jpg` and
/// `.jpeg`. PNG and JPEG decode (`CGImage.init(decoding:)`).
struct CAMLAssets {
    /// The bundle's folder; nil when there is none.
    let folder: URL?
    /// The images decoded so far, by `src`: an image used twice is one image (contents compare
    /// by identity).
    private var images: [String: CGImage] = [:]

    init(folder: URL?) {
        self.folder = folder?.standardizedFileURL
    }

    /// The image of `element`'s `src` attribute.
    mutating func image(of element: CAMLElement) throws(CAMLReadFailure) -> CGImage {
        guard let src = element.attribute("src") else {
            throw CAMLReadFailure(at: element.location, .unsupportedValue("<\(element.name)> has no src attribute"))
        }
        if let image = images[src.value] { return image }
        func fail(_ reason: String) -> CAMLReadFailure {
            CAMLReadFailure(at: src.valueLocation, .unsupportedValue("image \"\(src.value)\": \(reason)"))
        }
        guard let folder else { throw fail("no bundle to read it from (the document was read from bytes)") }
        let path = src.value
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains(":"),
            !components.contains("..")
        else {
            throw fail("the path must stay inside the bundle (relative, without '..')")
        }
        guard let url = Self.existingFile(folder.appendingPathComponent(path)) else {
            throw fail("no such file in the bundle")
        }
        let root = folder.resolvingSymlinksInPath().path
        guard url.resolvingSymlinksInPath().path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw fail("the path leads outside the bundle")
        }
        let image: CGImage
        do {
            image = try CGImage(decoding: try Data(contentsOf: url))
        } catch {
            throw fail("\(error)")
        }
        images[src.value] = image
        return image
    }

    /// `url` when a file is there, else the first of `url` with `.png`, `.jpg`, `.jpeg` that is,
    /// for a name without an extension; nil when there is none.
    private static func existingFile(_ url: URL) -> URL? {
        var candidates = [url]
        if url.pathExtension.isEmpty { candidates += ["png", "jpg", "jpeg"].map { url.appendingPathExtension($0) } }
        return candidates.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
