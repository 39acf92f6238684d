import Foundation
import TesseraCore
import TesseraDocument
import TesseraRaster

/// What writing a CAML document's values needs beyond their text: where its images go.
///
/// Images are written as PNG files of the bundle, `assets/image-1.png`, `assets/image-2.png`…
/// in the order met (an image used twice is one file), and referred to by that path
/// (`<contents type="CGImage" src="assets/image-1.png"/>`), which ``CAMLAssets`` reads back
/// from the bundle's folder. A document written without a bundle cannot hold images.
struct CAMLWriteContext {
    /// Whether the document has a folder to put images in.
    let hasBundle: Bool
    /// The images to write, by path in the bundle, in the order met.
    private(set) var images: [(path: String, png: Data)] = []
    private var paths: [ObjectIdentifier: String] = [:]

    init(hasBundle: Bool) {
        self.hasBundle = hasBundle
    }

    /// The path in the bundle of `image`'s PNG file, added the first time.
    mutating func path(of image: CGImage) throws(CAMLWriteFailure) -> String {
        if let path = paths[ObjectIdentifier(image)] { return path }
        guard hasBundle else {
            throw CAMLWriteFailure("an image needs a bundle to be written in (write a .ca bundle or a .caml file, not bytes)")
        }
        let png: Data
        do {
            png = try image.pngData ?? LayerContents.png(of: image)
        } catch {
            throw CAMLWriteFailure("an image that does not encode as PNG (\(error))")
        }
        let path = "\(CAMLFileNames.assetsFolder)/image-\(images.count + 1).png"
        images.append((path, png))
        paths[ObjectIdentifier(image)] = path
        return path
    }
}
