import Foundation
import TesseraCore
import TesseraRaster

extension LayerContents {
    /// A PNG of an image made from pixels (straight alpha, as PNG stores it): how every format
    /// writes an image that was not read from a PNG file.
    package static func png(of image: CGImage) throws -> Data {
        let pixmap = try Pixmap(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { pixmap[x, y] = image.rasterImage[x, y] }
        }
        return Data(try pixmap.pngData())
    }
}
