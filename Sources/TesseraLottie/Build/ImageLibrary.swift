import Foundation
import TesseraCore

/// The document's images, decoded once each when a layer first shows them: those an image
/// provider gives, embedded ones, and others as `files` finds them (beside the document's file,
/// in a dotLottie zip). Sizes are read from the headers
/// first: an image over ``maximumPixels``, or images over ``maximumTotalPixels`` together, are
/// not decoded (and reported).
final class ImageLibrary {
    static let maximumPixels = 64 << 20
    static let maximumTotalPixels = 256 << 20

    private let assets: [String: ImageAsset]
    /// The bytes of an image that is not embedded; nil where there is none.
    private let files: (ImageAsset) -> Data?
    private let provider: LottieImageProvider?
    private var decoded: [String: CGImage?] = [:]
    private var totalPixels = 0

    init(assets: [String: ImageAsset], files: @escaping (ImageAsset) -> Data?, provider: LottieImageProvider?) {
        self.assets = assets
        self.files = files
        self.provider = provider
    }

    /// How images fill their asset's size.
    var contentsGravity: CALayerContentsGravity { provider?.contentsGravity ?? .resize }

    /// Asset `id`'s image and its size in points; nil (reported) when it cannot be shown.
    func image(_ id: String, report: BuildReport, path: String) -> (image: CGImage, size: CGSize)? {
        guard let asset = assets[id] else {
            report.notDrawn(path, "image", "no image asset \"\(id)\" in the file")
            return nil
        }
        if decoded[id] == nil { decoded[id] = load(id, asset, report: report, path: path) }
        guard let image = decoded[id] ?? nil else { return nil }
        let size =
            asset.width > 0 && asset.height > 0
            ? CGSize(width: asset.width, height: asset.height)
            : CGSize(width: image.width, height: image.height)
        return (image, size)
    }

    private func load(_ id: String, _ asset: ImageAsset, report: BuildReport, path: String) -> CGImage? {
        let data: Data
        if let provided = provider?.image(id: id, path: asset.path) {
            data = provided
        } else if let embedded = asset.embeddedData {
            data = embedded
        } else if let contents = files(asset) {
            data = contents
        } else {
            report.notDrawn(path, "image", "image \"\(asset.path.prefix(80))\" not found")
            return nil
        }
        let bytes = [UInt8](data)
        guard let (width, height) = ImageSize.of(bytes) else {
            report.notDrawn(path, "image", "not a PNG or JPEG image")
            return nil
        }
        guard width > 0, height > 0, width * height <= Self.maximumPixels, totalPixels + width * height <= Self.maximumTotalPixels else {
            report.notDrawn(
                path, "image",
                "a \(width)×\(height) image is over the limits (\(Self.maximumPixels) pixels, \(Self.maximumTotalPixels) in all)")
            return nil
        }
        do {
            let image = try CGImage(decoding: data)
            totalPixels += width * height
            return image
        } catch {
            report.notDrawn(path, "image", "the image cannot be decoded: \(error)")
            return nil
        }
    }
}
