import Foundation
import TesseraRaster

/// A pixel layout of `CGImage`'s memberwise initializer that Tessera reads (see there), and how
/// its bytes become an image.
struct BitmapLayout {
    enum Kind {
        /// Four bytes: where the alpha byte is (0 or 3, or nil for a skipped byte), whether the
        /// colours are premultiplied, and whether the word is little-endian (BGRA / ABGR in memory).
        case rgba32(alphaFirst: Bool, hasAlpha: Bool, premultiplied: Bool, littleEndian: Bool)
        case rgb24
        case gray8
        case alpha8
    }

    let kind: Kind

    init?(bitsPerPixel: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        guard let alpha = bitmapInfo.alphaInfo, !bitmapInfo.contains(.floatComponents) else { return nil }
        let order = bitmapInfo.byteOrder
        switch (bitsPerPixel, alpha) {
        case (8, .alphaOnly):
            kind = .alpha8
        case (8, .none) where space.model == .monochrome:
            kind = .gray8
        case (24, .none) where space.model == .rgb && order == .byteOrderDefault:
            kind = .rgb24
        case (32, _) where space.model == .rgb && [.byteOrderDefault, .byteOrder32Big, .byteOrder32Little].contains(order):
            let first = [.premultipliedFirst, .first, .noneSkipFirst].contains(alpha)
            let hasAlpha = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alpha)
            guard alpha != .none, alpha != .alphaOnly else { return nil }
            kind = .rgba32(
                alphaFirst: first, hasAlpha: hasAlpha,
                premultiplied: alpha == .premultipliedFirst || alpha == .premultipliedLast,
                littleEndian: order == .byteOrder32Little)
        default:
            return nil
        }
    }

    var bytesPerPixel: Int {
        switch kind {
        case .rgba32: 4
        case .rgb24: 3
        case .gray8, .alpha8: 1
        }
    }

    /// The image of `data`'s rows; nil when the size is out of the image limits.
    func image(from data: Data, width: Int, height: Int, bytesPerRow: Int) -> TesseraRaster.Image? {
        data.withUnsafeBytes { raw -> TesseraRaster.Image? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if case .alpha8 = kind {
                var alpha = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height {
                    for x in 0..<width { alpha[y * width + x] = bytes[y * bytesPerRow + x] }
                }
                return try? TesseraRaster.Image(width: width, height: height, alpha: alpha)
            }
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b, a) = pixel(bytes, at: y * bytesPerRow + x * bytesPerPixel)
                    let i = (y * width + x) * 4
                    rgba[i] = r
                    rgba[i + 1] = g
                    rgba[i + 2] = b
                    rgba[i + 3] = a
                }
            }
            return try? TesseraRaster.Image(width: width, height: height, premultipliedRGBA: rgba)
        }
    }

    /// The premultiplied pixel at byte offset `o`: straight alpha multiplied in, premultiplied
    /// colours clamped to their alpha.
    private func pixel(_ bytes: UnsafeBufferPointer<UInt8>, at o: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        switch kind {
        case .gray8:
            return (bytes[o], bytes[o], bytes[o], 255)
        case .rgb24:
            return (bytes[o], bytes[o + 1], bytes[o + 2], 255)
        case .alpha8:
            return (0, 0, 0, bytes[o])
        case .rgba32(let alphaFirst, let hasAlpha, let premultiplied, let littleEndian):
            // The four bytes in the word's order, most significant first.
            let word =
                littleEndian
                ? [bytes[o + 3], bytes[o + 2], bytes[o + 1], bytes[o]]
                : [bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]
            let (a, r, g, b) = alphaFirst ? (word[0], word[1], word[2], word[3]) : (word[3], word[0], word[1], word[2])
            guard hasAlpha else { return (r, g, b, 255) }
            if premultiplied { return (min(r, a), min(g, a), min(b, a), a) }
            func times(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * UInt32(a) + 127) / 255) }
            return (times(r), times(g), times(b), a)
        }
    }
}
