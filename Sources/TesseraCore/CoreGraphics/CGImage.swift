import Foundation
import TesseraRaster

/// An immutable bitmap image, as CoreGraphics' `CGImage`: made from PNG or JPEG data or from
/// pixels in memory, shared between layers and threads, drawn through the rasterizer's
/// `TesseraRaster.Image` (premultiplied RGBA8, or alpha alone for an `alphaOnly` image).
///
/// The initializers are CoreGraphics' and fail (nil) where CoreGraphics' do: data that does not
/// decode, a layout that does not describe the bytes. ``init(decoding:)`` gives the reason as a
/// typed error. Sizes are checked against the limits of `TesseraRaster.Image` (each side at
/// most 65,535 pixels, 2²⁸ pixels in all) before any pixel memory is allocated: a small file that
/// claims a huge image fails at once.
///
/// What Tessera does not model: colour management (every image is drawn as sRGB; the rendering
/// intent is kept and has no effect) and decode arrays (initializers given one return nil).
public final class CGImage: Sendable {
    /// The pixels, as the rasterizer draws them.
    public let rasterImage: TesseraRaster.Image
    /// Whether CoreGraphics may smooth the image when it is scaled (kept; layers choose their
    /// filters through `minificationFilter` and `magnificationFilter`).
    public let shouldInterpolate: Bool
    /// The rendering intent it was created with (kept; Tessera draws in sRGB, see
    /// ``CGColorRenderingIntent``).
    public let renderingIntent: CGColorRenderingIntent

    /// The PNG file the image was decoded from, kept so that an archive writes back the very
    /// bytes it read.
    package let pngData: Data?

    init(
        _ image: TesseraRaster.Image, shouldInterpolate: Bool = true, intent: CGColorRenderingIntent = .defaultIntent,
        pngData: Data? = nil
    ) {
        rasterImage = image
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
        self.pngData = pngData
    }

    /// The width in pixels.
    public var width: Int { rasterImage.width }
    /// The height in pixels.
    public var height: Int { rasterImage.height }
    /// 8: the images Tessera holds have 8-bit components.
    public var bitsPerComponent: Int { 8 }
    /// 32 for RGBA, 8 for an alpha-only image.
    public var bitsPerPixel: Int { rasterImage.format == .rgba8 ? 32 : 8 }
    /// Rows without padding.
    public var bytesPerRow: Int { width * bitsPerPixel / 8 }
    /// Premultiplied RGBA (alpha last), or alpha only.
    public var alphaInfo: CGImageAlphaInfo { rasterImage.format == .rgba8 ? .premultipliedLast : .alphaOnly }
    /// The layout flags: ``alphaInfo`` in the low bits, the default byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue) }
    /// Device RGB; nil for an alpha-only image, as in CoreGraphics.
    public var colorSpace: CGColorSpace? { rasterImage.format == .rgba8 ? CGColorSpaceCreateDeviceRGB() : nil }

    /// Decodes PNG data (any colour type and bit depth), as CoreGraphics' initializer of that name.
    /// Returns nil when the data is not a PNG that decodes, or when `decode` is given.
    public convenience init?(
        pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard decode == nil, let data = source.data,
            let image = try? TesseraRaster.Image(pngData: [UInt8](data))
        else { return nil }
        self.init(image, shouldInterpolate: shouldInterpolate, intent: intent, pngData: data)
    }

    /// Decodes JPEG data (baseline or progressive, grayscale or colour; not CMYK), as
    /// CoreGraphics' initializer of that name. Returns nil when the data does not decode, or when
    /// `decode` is given.
    public convenience init?(
        jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard decode == nil, let data = source.data,
            let image = try? TesseraRaster.Image(jpegData: [UInt8](data))
        else { return nil }
        self.init(image, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// Decodes PNG or JPEG data (told apart by their signatures), with the reason when it fails.
    ///
    /// - Throws: `ImageError` (TesseraRaster) (`ImageError.png(_:)` for data that
    ///   is not JPEG either).
    public convenience init(decoding data: Data) throws(ImageError) {
        let bytes = [UInt8](data)
        // The JPEG decoder checks the signature first (JPEGError.notJPEG): anything else is
        // PNG's to decode or refuse.
        do throws(ImageError) {
            let image = try TesseraRaster.Image(jpegData: bytes)
            self.init(image)
        } catch .jpeg(.notJPEG) {
            self.init(try TesseraRaster.Image(pngData: bytes), pngData: data)
        }
    }

    /// An image of the pixels in `provider`, laid out as described, as CoreGraphics'
    /// memberwise initializer. The layouts Tessera reads, all with 8-bit components:
    /// - 32 bits per pixel in device RGB, alpha `premultipliedLast`, `premultipliedFirst`, `last`,
    ///   `first`, `noneSkipLast` or `noneSkipFirst`, in big-endian (default) or
    ///   `byteOrder32Little` order (BGRA in memory);
    /// - 24 bits per pixel in device RGB, no alpha;
    /// - 8 bits per pixel: device gray without alpha, or `alphaOnly` (no colour space), an alpha
    ///   image.
    ///
    /// Straight alpha is premultiplied; premultiplied colours above their alpha are clamped to
    /// it. Returns nil for any other layout, a `bytesPerRow` too small for the width, a provider
    /// with fewer bytes than the rows need, a size out of limits, or a `decode` array.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard decode == nil, bitsPerComponent == 8, let data = provider.data,
            let layout = BitmapLayout(bitsPerPixel: bitsPerPixel, space: space, bitmapInfo: bitmapInfo),
            width > 0, height > 0, width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension,
            bytesPerRow >= width * layout.bytesPerPixel,
            data.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel,
            let image = layout.image(from: data, width: width, height: height, bytesPerRow: bytesPerRow)
        else { return nil }
        self.init(image, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// The part of the image inside `rect` (pixels, origin at the top left), as CoreGraphics'
    /// `cropping(to:)`: the rectangle is made integral (`rect.integral`) and clipped to the image;
    /// nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let (x0, y0, w, h) = (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height))
        let cropped: TesseraRaster.Image?
        switch rasterImage.format {
        case .rgba8:
            var bytes = [UInt8]()
            bytes.reserveCapacity(w * h * 4)
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) {
                    let p = rasterImage[x, y]
                    bytes += [p.r, p.g, p.b, p.a]
                }
            }
            cropped = try? TesseraRaster.Image(width: w, height: h, premultipliedRGBA: bytes)
        case .alpha8:
            let alpha = (y0..<(y0 + h)).flatMap { y in (x0..<(x0 + w)).map { x in rasterImage[x, y].a } }
            cropped = try? TesseraRaster.Image(width: w, height: h, alpha: alpha)
        }
        return cropped.map { CGImage($0, shouldInterpolate: shouldInterpolate, intent: renderingIntent) }
    }
}
