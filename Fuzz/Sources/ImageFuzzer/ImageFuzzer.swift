import Foundation
import Tessera

/// The fuzz target, libFuzzer's `LLVMFuzzerTestOneInput` (main.swift hands it to the driver):
/// feeds the bytes to both image decoders through `CGImage`'s data-provider initializers, whatever
/// the signature (`init(decoding:)` only picks one of the same two by it). Every input must give an
/// image or nil, within the size limits; an image that decodes is also cropped and read, texel by
/// texel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    if let provider = CGDataProvider(data: bytes as CFData) {
        if let image = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) {
            use(image)
        }
        if let image = CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) {
            use(image)
        }
    }
    return 0
}

/// Reads every texel and crops the middle: an image that claims a size must hold its pixels.
private func use(_ image: CGImage) {
    guard image.width >= 1, image.height >= 1, image.width <= 65_535, image.height <= 65_535 else {
        fatalError("an image outside the size limits: \(image.width)×\(image.height)")
    }
    var sum = 0
    for y in 0..<image.height {
        for x in 0..<image.width { sum &+= Int(image.rasterImage[x, y].a) }
    }
    _ = image.cropping(to: CGRect(x: image.width / 4, y: image.height / 4, width: image.width / 2 + 1,
                                  height: image.height / 2 + 1))
    precondition(sum >= 0)
}
