import CTesseraJPEG

extension Image {
    /// An RGBA image decoded from JPEG data: baseline or progressive, grayscale or colour
    /// (YCbCr or RGB), opaque. libjpeg-turbo decodes it with its accurate integer inverse DCT.
    /// The size in the header is checked against the limits before any pixel memory is
    /// allocated, so a small file that claims a huge image is refused at once; and data that ends
    /// before the image does (truncated, or its end marker met early) is refused where it ends,
    /// rather than padded with grey to the claimed size, so decoding costs in proportion to the
    /// data. (CoreGraphics shows such a file in part.)
    ///
    /// - Throws: ``ImageError/jpeg(_:)`` with the decoder's error (CMYK is
    ///   ``JPEGError/unsupportedColorSpace``, data ending early ``JPEGError/corrupt``), ``ImageError/invalidSize(width:height:)`` or
    ///   ``ImageError/tooLarge(width:height:)`` for a size out of limits,
    ///   ``ImageError/outOfMemory(bytes:)``.
    public convenience init(jpegData data: [UInt8]) throws(ImageError) {
        var w: UInt32 = 0, h: UInt32 = 0
        try Self.check(data.withUnsafeBufferPointer { tsr_jpeg_read_size($0.baseAddress, $0.count, &w, &h) })
        let pixels = try ImagePixels(width: Int(w), height: Int(h), bytesPerPixel: 4)
        try Self.check(
            data.withUnsafeBufferPointer {
                tsr_jpeg_decode($0.baseAddress, $0.count, pixels.bytes, w, h)
            })
        // Opaque: straight and premultiplied are the same bytes.
        self.init(pixels: pixels, format: .rgba8)
    }

    private static func check(_ status: Int32) throws(ImageError) {
        switch status {
        case Int32(TSR_JPEG_OK): return
        case Int32(TSR_JPEG_NOT_JPEG): throw .jpeg(.notJPEG)
        case Int32(TSR_JPEG_UNSUPPORTED_COLOR): throw .jpeg(.unsupportedColorSpace)
        case Int32(TSR_JPEG_NO_MEMORY): throw .jpeg(.outOfMemory)
        default: throw .jpeg(.corrupt)
        }
    }
}
