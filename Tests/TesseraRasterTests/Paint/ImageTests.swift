/// Images as values: made from bytes, pixmaps, alpha and PNG, texel access, typed errors for bad
/// sizes and data (before any allocation for sizes over the limits), identity semantics in
/// patterns.
import Testing
@testable import TesseraRaster

@Suite struct ImageTests {
    typealias Support = ImageTestSupport

    @Test func premultipliedBytesGiveTheirTexels() throws {
        let bytes: [UInt8] = [10, 20, 30, 40, 0, 0, 0, 0, 255, 255, 255, 255,
                              1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9]
        let image = try Image(width: 3, height: 2, premultipliedRGBA: bytes)
        #expect(image.width == 3 && image.height == 2 && image.format == .rgba8)
        #expect(image[0, 0] == PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 40))
        #expect(image[1, 0] == .transparent)
        #expect(image[2, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(image[0, 1] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
        #expect(image[2, 1] == PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 9))
    }

    @Test func emptyAndOversizedImagesAreTypedErrors() {
        #expect(throws: ImageError.empty(width: 0, height: 0)) { try Image(width: 0, height: 0, premultipliedRGBA: []) }
        #expect(throws: ImageError.empty(width: 0, height: 5)) { try Image(width: 0, height: 5, premultipliedRGBA: []) }
        #expect(throws: ImageError.empty(width: 4, height: 0)) { try Image(width: 4, height: 0, alpha: []) }
        #expect(throws: ImageError.invalidSize(width: -1, height: 2)) {
            try Image(width: -1, height: 2, premultipliedRGBA: [])
        }
        #expect(throws: ImageError.invalidSize(width: 65_536, height: 1)) {
            try Image(width: 65_536, height: 1, premultipliedRGBA: [])
        }
        // Refused from the size alone: no 16 GiB allocation is attempted.
        #expect(throws: ImageError.tooLarge(width: 65_535, height: 65_535)) {
            try Image(width: 65_535, height: 65_535, premultipliedRGBA: [])
        }
        #expect(throws: ImageError.tooLarge(width: 65_535, height: 65_535)) {
            try Image(width: 65_535, height: 65_535, alpha: [])
        }
        #expect(throws: ImageError.empty(width: 0, height: 0)) { try Image(pixmap: Pixmap(width: 0, height: 0)) }
        #expect(throws: ImageError.empty(width: 3, height: 0)) { try Image(alphaOf: Pixmap(width: 3, height: 0)) }
    }

    @Test func wrongByteCountsAndStraightAlphaAreTypedErrors() {
        #expect(throws: ImageError.pixelCountMismatch(expected: 8, actual: 7)) {
            try Image(width: 2, height: 1, premultipliedRGBA: [0, 0, 0, 0, 0, 0, 0])
        }
        #expect(throws: ImageError.pixelCountMismatch(expected: 6, actual: 24)) {
            try Image(width: 3, height: 2, alpha: [UInt8](repeating: 0, count: 24))
        }
        // (1, 1) has red 200 over alpha 100: straight alpha, not premultiplied.
        let bytes: [UInt8] = [0, 0, 0, 0, 5, 5, 5, 5,
                              9, 9, 9, 9, 200, 50, 50, 100]
        #expect(throws: ImageError.notPremultiplied(x: 1, y: 1)) {
            try Image(width: 2, height: 2, premultipliedRGBA: bytes)
        }
    }

    @Test func errorsReadAsOneLine() {
        let errors: [ImageError] = [.empty(width: 0, height: 0), .invalidSize(width: -1, height: 1),
                                    .tooLarge(width: 65_535, height: 65_535), .pixelCountMismatch(expected: 4, actual: 3),
                                    .notPremultiplied(x: 1, y: 2), .png(.notPNG), .outOfMemory(bytes: 10)]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }

    @Test func pixmapIsCopied() throws {
        let pixmap = try Pixmap(width: 3, height: 2)
        pixmap[2, 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        let image = try Image(pixmap: pixmap)
        pixmap[2, 1] = PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 9)
        #expect(image[2, 1] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
        #expect(image[0, 0] == .transparent)
    }

    @Test func pixmapWithRowPaddingIsCopiedRowByRow() throws {
        var memory = [UInt32](repeating: 0xFFFF_FFFF, count: 5 * 3)
        let image = try memory.withUnsafeMutableBytes { raw in
            let pixmap = try Pixmap(wrapping: raw.baseAddress!, width: 3, height: 3, bytesPerRow: 20)
            pixmap.clear(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
            pixmap[1, 2] = PremultipliedRGBA8(r: 7, g: 7, b: 7, a: 7)
            return try Image(pixmap: pixmap)
        }
        #expect(image[1, 2] == PremultipliedRGBA8(r: 7, g: 7, b: 7, a: 7))
        #expect(image[2, 2] == .transparent)
    }

    /// `Image(adopting:)` (a filter's output drawn once): an owned pixmap's memory is kept, not
    /// copied, and lives as long as the image; a wrapped buffer is copied; no pixels is an error.
    @Test func adoptingKeepsAnOwnedPixmapAndCopiesAWrappedOne() throws {
        var image: Image
        do {
            let pixmap = try Pixmap(width: 3, height: 2)
            pixmap[2, 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
            image = try Image(adopting: pixmap)
            #expect(image.pixels.memory == pixmap.baseAddress, "the pixmap's memory itself")
        }
        // The pixmap has no other reference now: the image keeps it alive.
        #expect(image.width == 3 && image.height == 2 && image.format == .rgba8)
        #expect(image[2, 1] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4) && image[0, 0] == .transparent)

        var memory = [UInt32](repeating: 0, count: 5 * 2)
        image = try memory.withUnsafeMutableBytes { raw in
            let pixmap = try Pixmap(wrapping: raw.baseAddress!, width: 3, height: 2, bytesPerRow: 20)
            pixmap[1, 1] = PremultipliedRGBA8(r: 7, g: 7, b: 7, a: 7)
            let image = try Image(adopting: pixmap)
            #expect(image.pixels.memory != pixmap.baseAddress)
            pixmap[1, 1] = .transparent
            return image
        }
        #expect(image[1, 1] == PremultipliedRGBA8(r: 7, g: 7, b: 7, a: 7), "copied before the buffer changed")
        #expect(throws: ImageError.empty(width: 4, height: 0)) { try Image(adopting: Pixmap(width: 4, height: 0)) }
    }

    @Test func alphaImageSamplesAsPremultipliedBlack() throws {
        let image = try Image(width: 2, height: 1, alpha: [0, 200])
        #expect(image.format == .alpha8)
        #expect(image[1, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 200))
        let pattern = ImagePattern(image: image, extend: .none, filter: .nearest)
        #expect(Support.sample(pattern, x: -1, y: 0, count: 4)
                == [.transparent, .transparent, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 200), .transparent])
        // Bilinear half way between the two texels: alpha 100.
        let between = ImagePattern(image: image, transform: Transform(translationX: 0.5, y: 0), filter: .bilinear)
        #expect(Support.pixel(between, x: 1, y: 0) == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 100))
    }

    @Test func alphaOfAPixmap() throws {
        let pixmap = try Pixmap(width: 2, height: 2)
        pixmap[1, 0] = PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 128)
        let image = try Image(alphaOf: pixmap)
        #expect(image.format == .alpha8)
        #expect(image[1, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(image[0, 1] == .transparent)
    }

    @Test func pngRoundTripAndBadPNG() throws {
        let pixmap = try Pixmap(width: 4, height: 3)
        pixmap.clear(PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        pixmap[3, 2] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let image = try Image(pngData: try pixmap.pngData())
        #expect(image.width == 4 && image.height == 3)
        #expect(image[3, 2] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(image[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(throws: ImageError.png(.notPNG)) { try Image(pngData: [1, 2, 3, 4, 5, 6, 7, 8, 9]) }
        #expect(throws: ImageError.self) { try Image(pngData: Array(try pixmap.pngData().prefix(40))) }
    }

    @Test func patternsCompareImagesByIdentity() {
        let first = Support.image(width: 2, height: 2) { _, _ in .transparent }
        let twin = Support.image(width: 2, height: 2) { _, _ in .transparent }
        let a = ImagePattern(image: first, transform: Transform(scaleX: 2, y: 2), extend: .repeat, filter: .nearest)
        #expect(a == ImagePattern(image: first, transform: Transform(scaleX: 2, y: 2), extend: .repeat, filter: .nearest))
        #expect(a.hashValue == ImagePattern(image: first, transform: Transform(scaleX: 2, y: 2), extend: .repeat,
                                            filter: .nearest).hashValue)
        #expect(a != ImagePattern(image: twin, transform: Transform(scaleX: 2, y: 2), extend: .repeat, filter: .nearest))
        #expect(a != ImagePattern(image: first, transform: Transform(scaleX: 2, y: 2), extend: .pad, filter: .nearest))
        #expect(a != ImagePattern(image: first, transform: .identity, extend: .repeat, filter: .nearest))
        #expect(a != ImagePattern(image: first, transform: Transform(scaleX: 2, y: 2), extend: .repeat, filter: .bilinear))
        #expect(Paint.image(a) == Paint.image(a))
    }
}
