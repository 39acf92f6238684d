import Foundation
import Testing
import TesseraRaster
@testable import TesseraCore

/// Small images that the model's and the formats' tests draw, archive and write.
package enum TestImages {
    /// A 2 × 2 image: red, green / blue, white.
    package static func quadrants() throws -> CGImage {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        return try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                    provider: CGDataProvider(data: Data(bytes) as CFData)!, decode: nil,
                                    shouldInterpolate: true, intent: .defaultIntent))
    }

    /// A mask image of one row of alphas (black, premultiplied), stretched over the bounds.
    package static func mask(_ alphas: [UInt8], height: Int = 1) throws -> CGImage {
        let bytes: [UInt8] = (0..<height).flatMap { _ in alphas.flatMap { [UInt8(0), 0, 0, $0] } }
        let image = try TesseraRaster.Image(width: alphas.count, height: height, premultipliedRGBA: bytes)
        return CGImage(image)
    }
}

/// Whether `a` and `b` agree to 1e-6 in every element.
package func transformsAgree(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    zip(a.rows.0.indices.flatMap { i in [a.rows.0[i], a.rows.1[i], a.rows.2[i], a.rows.3[i]] },
        b.rows.0.indices.flatMap { i in [b.rows.0[i], b.rows.1[i], b.rows.2[i], b.rows.3[i]] })
        .allSatisfy { abs($0 - $1) < 1e-6 }   // the begin time is 1e-9 s late
}
