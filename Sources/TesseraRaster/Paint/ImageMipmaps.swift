import CTesseraSIMD
import Synchronization

/// The RGBA words an image is sampled from, level by level: `levels[0]` is the full-size image
/// (for an alpha image its expansion to (0, 0, 0, a) words; for an RGBA image the image's own
/// texels), `levels[n + 1]` the box-filtered halving of `levels[n]`. Grown on demand, never
/// shrunk, so a level once handed out lives as long as the image.
struct ImageLevels {
    var levels: [ImagePixels] = []
    /// The levels as the projective image kernel reads them, made on first request.
    var table: ImageLevelTable?

    /// Builds the levels up to `level` (0 = full size) from the image's texels `base`; false when
    /// not even level 0 could be had (an alpha image whose expansion ran out of memory). Where
    /// memory runs out later, the levels built so far stay.
    mutating func build(upTo level: Int, base: ImagePixels, format: Image.Format) -> Bool {
        if levels.isEmpty {
            switch format {
            case .rgba8: levels.append(base)
            case .alpha8:
                guard let words = try? base.expandedAlpha() else { return false }
                levels.append(words)
            }
        }
        while levels.count <= level {
            guard let next = try? levels[levels.count - 1].halved() else { break }
            levels.append(next)
        }
        return true
    }
}

/// The mipmap levels as `tsr_image_level` entries, in memory that never moves: the projective
/// image kernel takes a pointer to them and picks a level per pixel.
///
/// `@unchecked Sendable`: entries are appended only under the image's lock and never change once
/// written; a reader reads only the entries that existed when it took the table under that lock.
/// The levels they point to belong to the image (``ImageLevels/levels``), as the table does.
final class ImageLevelTable: @unchecked Sendable {
    let entries: UnsafeMutablePointer<tsr_image_level>
    private let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        entries = .allocate(capacity: capacity)
    }

    deinit { entries.deallocate() }

    func append(_ level: ImagePixels) {
        precondition(count < capacity)
        entries[count] = tsr_image_level(
            pixels: UnsafePointer(level.words), width: Int32(level.width),
            height: Int32(level.height))
        count += 1
    }
}

extension Image {
    /// The number of mipmap levels: the full size, then halvings (each side `max(1, side / 2)`)
    /// down to 1 × 1.
    var levelCount: Int {
        var count = 1, w = width, h = height
        while w > 1 || h > 1 {
            w = max(1, w / 2)
            h = max(1, h / 2)
            count += 1
        }
        return count
    }

    /// The RGBA words of mipmap level `requested` (0 = full size; capped at `levelCount − 1`),
    /// built on first request, with the levels before it, under the image's lock: renders on several
    /// threads may ask at once, and the first builds while the others wait. Where memory runs
    /// out it answers the largest level built so far (nil only when an alpha image could not be
    /// expanded at all).
    func sampledLevel(_ requested: Int) -> ImagePixels? {
        let level = min(max(requested, 0), levelCount - 1)
        if level == 0, format == .rgba8 { return pixels }
        return derived.withLock { state -> ImagePixels? in
            guard state.build(upTo: level, base: pixels, format: format) else { return nil }
            return state.levels[min(level, state.levels.count - 1)]
        }
    }

    /// The first `requested` mipmap levels (capped at ``levelCount``; at least level 0) as
    /// `tsr_image_level` entries, built on first request under the image's lock, as
    /// ``sampledLevel(_:)`` builds them: the table and how many of its entries to read (fewer
    /// where memory ran out). Nil when not even level 0 could be had. The entries stay valid as
    /// long as the image.
    func levelTable(count requested: Int) -> (entries: UnsafePointer<tsr_image_level>, count: Int)? {
        let wanted = min(max(requested, 1), levelCount)
        let built = derived.withLock { state -> (table: ImageLevelTable, count: Int)? in
            guard state.build(upTo: wanted - 1, base: pixels, format: format) else { return nil }
            let table = state.table ?? ImageLevelTable(capacity: levelCount)
            state.table = table
            while table.count < state.levels.count { table.append(state.levels[table.count]) }
            return (table, min(wanted, table.count))
        }
        guard let built else { return nil }
        return (UnsafePointer(built.table.entries), built.count)
    }
}

extension ImagePixels {
    /// Alpha bytes to (0, 0, 0, a) words.
    func expandedAlpha() throws(ImageError) -> ImagePixels {
        let out = try ImagePixels(width: width, height: height, bytesPerPixel: 4)
        let alpha = bytes, words = out.words
        for i in 0..<(width * height) { words[i] = (UInt32(alpha[i]) << 24).littleEndian }
        return out
    }

    /// The next mipmap level of RGBA words: `max(1, width / 2)` × `max(1, height / 2)` texels,
    /// each the rounded mean, channel by channel, of the 2 × 2 block of texels it covers (1 × 2
    /// or 2 × 1 along a side of 1). Along a side of odd length the last texel also takes the
    /// extra column or row (a block of 3 × 2, 2 × 3 or 3 × 3), so that every texel counts. The
    /// mean of premultiplied texels is premultiplied (colour ≤ alpha holds for the sums, and
    /// rounding is monotonic).
    func halved() throws(ImageError) -> ImagePixels {
        let outWidth = max(1, width / 2), outHeight = max(1, height / 2)
        let out = try ImagePixels(width: outWidth, height: outHeight, bytesPerPixel: 4)
        let source = words, target = out.words
        for j in 0..<outHeight {
            let top = 2 * j, bottom = j == outHeight - 1 ? height : top + 2
            for i in 0..<outWidth {
                let left = 2 * i, right = i == outWidth - 1 ? width : left + 2
                // Red and blue in the low 16-bit halves, green and alpha after a shift: at most 9
                // texels, so each half stays below 9 × 255.
                var redBlue: UInt32 = 0, greenAlpha: UInt32 = 0
                for y in top..<bottom {
                    let row = source + y * width
                    for x in left..<right {
                        let w = UInt32(littleEndian: row[x])
                        redBlue &+= w & 0x00FF_00FF
                        greenAlpha &+= (w >> 8) & 0x00FF_00FF
                    }
                }
                let count = UInt32((right - left) * (bottom - top)), half = count / 2
                func mean(_ sum: UInt32) -> UInt32 { (sum + half) / count }
                let r = mean(redBlue & 0xFFFF), b = mean(redBlue >> 16)
                let g = mean(greenAlpha & 0xFFFF), a = mean(greenAlpha >> 16)
                target[j * outWidth + i] = (r | g << 8 | b << 16 | a << 24).littleEndian
            }
        }
        return out
    }
}
