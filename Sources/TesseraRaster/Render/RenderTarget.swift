/// Where a ``BandRenderer`` draws: rows of premultiplied RGBA8 pixels (a ``Pixmap``), or rows of
/// 8-bit alpha, one byte per pixel (the target of ``Canvas/renderAlphaMask(width:height:)``), which
/// receive exactly the alpha bytes the RGBA rows would.
struct RenderTarget {
    enum Format { case rgba8, alpha8 }

    let format: Format
    /// The first byte of the top row.
    let pixels: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int

    init(_ pixmap: Pixmap) {
        format = .rgba8
        pixels = pixmap.baseAddress
        bytesPerRow = pixmap.bytesPerRow
        width = pixmap.width
        height = pixmap.height
    }

    /// Alpha rows `width` bytes long, one after the other from `alpha` on.
    init(alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        format = .alpha8
        pixels = UnsafeMutableRawPointer(alpha)
        bytesPerRow = width
        self.width = width
        self.height = height
    }
}
