/// The pixel size a PNG or JPEG declares, read from its header before anything is decoded, so
/// that an image too large for the limits is refused without allocating it.
enum ImageSize {
    /// Width and height; nil when the bytes are neither a PNG nor a JPEG with a frame header.
    static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // IHDR: the first chunk, width and height big-endian at 16 and 20.
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        // JPEG: segments after the start of image, each FF, a marker and a length, up to a
        // start of frame (C0–CF but C4, C8, CC), which gives height then width.
        var i = 2
        while i + 9 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            let length = bigEndian(bytes, i + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian(bytes, i + 7, 2), bigEndian(bytes, i + 5, 2))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
