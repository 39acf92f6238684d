import Synchronization

/// An immutable image: premultiplied RGBA8 texels, or 8-bit alpha, that paint a shape through an
/// ``ImagePattern`` (what a Core Animation layer's `contents` or a `CGImage` is to the
/// rasterizer).
///
/// An image is a class because it is shared, not copied: one image may fill any number of shapes
/// on any number of threads, and patterns compare images by identity (`===`), never by their
/// pixels. It never changes after it is made, so it is `Sendable`; the only state it gains later
/// are its mipmap levels (for ``ImagePattern/Filter/trilinear``), built once on first use behind
/// a lock.
///
/// # Formats
/// - ``Format/rgba8``: premultiplied R, G, B, A bytes per texel (each colour channel at most its
///   alpha), as ``Pixmap`` holds them.
/// - ``Format/alpha8``: one alpha byte per texel. As paint it samples as premultiplied black,
///   (0, 0, 0, a): the shape shows black through the image's alpha (what an image mask draws
///   with a black fill); its ``subscript(_:_:)`` answers the same.
///
/// # Limits
/// Each side 1…``Pixmap/maximumDimension`` texels and at most ``Pixmap/maximumPixelCount`` in
/// all, as for ``Pixmap``; anything else throws ``ImageError`` before memory is allocated.
public final class Image: Sendable {
    /// How an image stores its texels.
    public enum Format: Hashable, Sendable {
        /// Premultiplied RGBA, 4 bytes per texel.
        case rgba8
        /// Alpha only, 1 byte per texel; samples as (0, 0, 0, a).
        case alpha8
    }

    /// The width in texels (≥ 1).
    public let width: Int
    /// The height in texels (≥ 1).
    public let height: Int
    /// How the texels are stored.
    public let format: Format
    /// The texels as made, in `format`, rows top to bottom without padding.
    let pixels: ImagePixels
    /// What sampling derives from the texels, built on first use: the RGBA words of an alpha
    /// image and the mipmap levels (see `sampledLevel(_:)`).
    let derived = Mutex(ImageLevels())
    /// Tinted copies, made on request (see ``tinted(red:green:blue:)``); the cache is made with
    /// the first.
    let tints = AtomicLazyReference<ShardedCache<UInt32, Image>>()

    init(pixels: ImagePixels, format: Format) {
        self.width = pixels.width
        self.height = pixels.height
        self.format = format
        self.pixels = pixels
    }

    /// An RGBA image copied from `pixmap`'s pixels.
    ///
    /// - Throws: ``ImageError/empty(width:height:)`` for a pixmap with no pixels,
    ///   ``ImageError/notPremultiplied(x:y:)`` when a pixel's colour exceeds its alpha,
    ///   ``ImageError/outOfMemory(bytes:)``.
    public convenience init(pixmap: Pixmap) throws(ImageError) {
        let pixels = try ImagePixels(width: pixmap.width, height: pixmap.height, bytesPerPixel: 4)
        for y in 0..<pixmap.height {
            (pixels.memory + y * pixmap.width * 4).copyMemory(
                from: pixmap.baseAddress + y * pixmap.bytesPerRow,
                byteCount: pixmap.width * 4)
        }
        try pixels.checkPremultiplied()
        self.init(pixels: pixels, format: .rgba8)
    }

    /// An RGBA image of `pixmap`'s pixels, which it keeps rather than copies when the pixmap owns
    /// its memory (a pixmap that wraps a caller's buffer is copied), for pixels made to be drawn
    /// once, such as a filter's output: the caller must not change them afterwards, and vouches
    /// that they are premultiplied (they are not checked).
    ///
    /// - Throws: ``ImageError/empty(width:height:)`` for a pixmap with no pixels,
    ///   ``ImageError/outOfMemory(bytes:)`` when a copy cannot be made.
    package convenience init(adopting pixmap: Pixmap) throws(ImageError) {
        guard pixmap.ownsMemory else {
            try self.init(pixmap: pixmap)
            return
        }
        try ImagePixels.validate(width: pixmap.width, height: pixmap.height)
        let pixels = ImagePixels(adopting: pixmap)
        assert((try? pixels.checkPremultiplied()) != nil, "adopted pixels are premultiplied")
        self.init(pixels: pixels, format: .rgba8)
    }

    /// An RGBA image from premultiplied bytes: R, G, B, A for each texel, rows top to bottom
    /// without padding (the layout of ``Pixmap/bytes``), so `width × height × 4` bytes.
    ///
    /// - Throws: ``ImageError/empty(width:height:)``, ``ImageError/invalidSize(width:height:)`` or
    ///   ``ImageError/tooLarge(width:height:)`` for a size out of limits,
    ///   ``ImageError/pixelCountMismatch(expected:actual:)`` when the byte count is not
    ///   `width × height × 4`, ``ImageError/notPremultiplied(x:y:)`` when a colour channel
    ///   exceeds its alpha, ``ImageError/outOfMemory(bytes:)``.
    public convenience init(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) throws(ImageError) {
        try ImagePixels.validate(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .pixelCountMismatch(expected: width * height * 4, actual: bytes.count)
        }
        let pixels = try ImagePixels(width: width, height: height, bytesPerPixel: 4)
        bytes.withUnsafeBytes { pixels.memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        try pixels.checkPremultiplied()
        self.init(pixels: pixels, format: .rgba8)
    }

    /// An alpha image: one byte per texel, rows top to bottom without padding, so
    /// `width × height` bytes. It samples as premultiplied black, (0, 0, 0, a).
    ///
    /// - Throws: as ``init(width:height:premultipliedRGBA:)``, less the premultiplication check.
    public convenience init(width: Int, height: Int, alpha bytes: [UInt8]) throws(ImageError) {
        try ImagePixels.validate(width: width, height: height)
        guard bytes.count == width * height else {
            throw .pixelCountMismatch(expected: width * height, actual: bytes.count)
        }
        let pixels = try ImagePixels(width: width, height: height, bytesPerPixel: 1)
        bytes.withUnsafeBytes { pixels.memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        self.init(pixels: pixels, format: .alpha8)
    }

    /// An alpha image made of `pixmap`'s alpha channel (a rendered mask, for instance).
    ///
    /// - Throws: ``ImageError/empty(width:height:)`` for a pixmap with no pixels,
    ///   ``ImageError/outOfMemory(bytes:)``.
    public convenience init(alphaOf pixmap: Pixmap) throws(ImageError) {
        let pixels = try ImagePixels(width: pixmap.width, height: pixmap.height, bytesPerPixel: 1)
        let alpha = pixels.memory.assumingMemoryBound(to: UInt8.self)
        for y in 0..<pixmap.height {
            let row = pixmap.row(y)
            for x in 0..<pixmap.width {
                alpha[y * pixmap.width + x] = UInt8(truncatingIfNeeded: UInt32(littleEndian: row[x]) >> 24)
            }
        }
        self.init(pixels: pixels, format: .alpha8)
    }

    /// An RGBA image decoded from PNG data (any PNG colour type and bit depth; premultiplied as
    /// ``Pixmap/init(pngData:)`` does).
    ///
    /// - Throws: ``ImageError/png(_:)`` with the decoder's error (a PNG too large for a
    ///   ``Pixmap`` included), or as ``init(pixmap:)``.
    public convenience init(pngData data: [UInt8]) throws(ImageError) {
        let pixmap: Pixmap
        do {
            pixmap = try Pixmap(pngData: data)
        } catch {
            throw .png(error)
        }
        // Its own pixmap, premultiplied by the decoder: kept, neither copied nor checked.
        try self.init(adopting: pixmap)
    }

    /// The texel at (x, y), premultiplied; an alpha image answers (0, 0, 0, a). Traps outside
    /// the image, as ``Pixmap``'s subscript does.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "texel out of range")
        switch format {
        case .rgba8:
            return PremultipliedRGBA8(packed: UInt32(littleEndian: pixels.words[y * width + x]))
        case .alpha8:
            return PremultipliedRGBA8(r: 0, g: 0, b: 0, a: pixels.bytes[y * width + x])
        }
    }
}

/// The texels of an image or of one of its mipmap levels, in memory of their own.
///
/// `@unchecked Sendable`: the memory is written only by the initializer's caller before the
/// object is shared (while an image or a level is being made), then only read, and freed when
/// the object goes away.
final class ImagePixels: @unchecked Sendable {
    let width: Int
    let height: Int
    /// 4 (RGBA words) or 1 (alpha bytes).
    let bytesPerPixel: Int
    let memory: UnsafeMutableRawPointer
    /// The pixmap whose memory this is, kept alive with it; nil when the memory is its own.
    private let owner: Pixmap?

    /// Uninitialized memory for `width × height` texels, after checking the size.
    init(width: Int, height: Int, bytesPerPixel: Int) throws(ImageError) {
        try Self.validate(width: width, height: height)
        let bytes = width * height * bytesPerPixel
        guard let memory = malloc(bytes) else { throw .outOfMemory(bytes: bytes) }
        self.width = width
        self.height = height
        self.bytesPerPixel = bytesPerPixel
        self.memory = memory
        owner = nil
    }

    /// The RGBA texels of `pixmap`, which owns its memory (rows without padding), in place.
    init(adopting pixmap: Pixmap) {
        precondition(pixmap.ownsMemory, "a pixmap that wraps a caller's buffer is copied, not adopted")
        width = pixmap.width
        height = pixmap.height
        bytesPerPixel = 4
        memory = pixmap.baseAddress
        owner = pixmap
    }

    deinit {
        if owner == nil { free(memory) }
    }

    /// The texels as little-endian RGBA words (R in the lowest byte); 4 bytes per pixel only.
    var words: UnsafeMutablePointer<UInt32> { memory.assumingMemoryBound(to: UInt32.self) }
    /// The texels as alpha bytes; 1 byte per pixel only.
    var bytes: UnsafeMutablePointer<UInt8> { memory.assumingMemoryBound(to: UInt8.self) }

    /// The size limits of an image: each side 1…`Pixmap.maximumDimension`, at most
    /// `Pixmap.maximumPixelCount` texels.
    static func validate(width: Int, height: Int) throws(ImageError) {
        guard width >= 0, height >= 0, width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        guard width > 0, height > 0 else { throw .empty(width: width, height: height) }
        guard width * height <= Pixmap.maximumPixelCount else { throw .tooLarge(width: width, height: height) }
    }

    /// Throws for the first RGBA texel (row order) whose colour exceeds its alpha. A pass
    /// without branches first (it vectorizes: images drawn apart for filters are checked every
    /// frame), then the search for the texel only when one exceeds.
    func checkPremultiplied() throws(ImageError) {
        let words = self.words, count = width * height
        var exceeds: UInt32 = 0
        for i in 0..<count {
            let w = UInt32(littleEndian: words[i])
            let alpha = w >> 24
            exceeds |= (w & 0xFF > alpha ? 1 : 0) | ((w >> 8) & 0xFF > alpha ? 1 : 0) | ((w >> 16) & 0xFF > alpha ? 1 : 0)
        }
        guard exceeds != 0 else { return }
        for i in 0..<count {
            let w = UInt32(littleEndian: words[i])
            let alpha = w >> 24
            if w & 0xFF > alpha || (w >> 8) & 0xFF > alpha || (w >> 16) & 0xFF > alpha {
                throw .notPremultiplied(x: i % width, y: i / width)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
