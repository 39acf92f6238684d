import CTesseraSIMD

/// An 8-bit coverage plane placed on a target: `width × height` values from 0 (nothing) to 255
/// (full), row by row, the first one covering the target's pixel (``x``, ``y``).
///
/// ``Canvas/renderAlphaMask(width:height:)`` makes one from drawing calls,
/// ``init(alphaOf:x:y:)`` from an image, ``blurred(horizontally:vertically:)`` blurs it and
/// ``Canvas/fill(_:paint:blendMode:)`` paints through it: together, a drop shadow.
public struct AlphaMask: Hashable, Sendable {
    /// The target column of the first value of each row.
    public var x: Int
    /// The target row of the first row.
    public var y: Int
    /// The number of values in a row.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The values, row by row: `width × height` of them.
    public internal(set) var values: [UInt8]

    /// A mask of zeros, its first value at target pixel (`x`, `y`). A negative size counts as 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
        values = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The alpha of `image`, its texel (i, j) covering target pixel (`x` + i, `y` + j): each
    /// texel's alpha byte, for an ``Image/Format/rgba8`` image as for an
    /// ``Image/Format/alpha8`` one. What ``Canvas/renderAlphaMask(width:height:)`` gives for the
    /// image drawn unscaled at (`x`, `y`), without drawing it: the shape of the image's shadow.
    public init(alphaOf image: Image, x: Int = 0, y: Int = 0) {
        let count = image.width * image.height
        let pixels = image.pixels
        self.init(
            x: x, y: y, width: image.width, height: image.height,
            values: [UInt8](unsafeUninitializedCapacity: count) { values, initialized in
                switch image.format {
                case .rgba8: tsr_alpha_of_pixels(pixels.words, count, values.baseAddress!)
                case .alpha8: values.baseAddress!.update(from: pixels.bytes, count: count)
                }
                initialized = count
            })
    }

    /// A mask of `values` (`width × height` of them, row by row), its first value at (`x`, `y`).
    init(x: Int, y: Int, width: Int, height: Int, values: [UInt8]) {
        precondition(width >= 0 && height >= 0 && values.count == width * height, "values do not fill the mask")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.values = values
    }

    /// The value covering target pixel (`x`, `y`); traps outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[index(x, y)] }
        set { values[index(x, y)] = newValue }
    }

    /// The target pixels the mask covers on a target `width × height` pixels: columns
    /// [left, right) and rows [top, bottom), empty (left ≥ right or top ≥ bottom) when it covers
    /// none. (The right and bottom are computed only for masks starting inside the target, so that
    /// no sum overflows.)
    func clipped(toWidth targetWidth: Int, height targetHeight: Int) -> (left: Int, top: Int, right: Int, bottom: Int) {
        let left = max(x, 0), top = max(y, 0)
        let right = x < targetWidth ? min(x + width, targetWidth) : 0
        let bottom = y < targetHeight ? min(y + height, targetHeight) : 0
        return (left, top, right, bottom)
    }

    private func index(_ column: Int, _ row: Int) -> Int {
        precondition(column >= x && column - x < width && row >= y && row - y < height, "pixel outside the mask")
        return (row - y) * width + column - x
    }
}
