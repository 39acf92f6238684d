/// Animated PNG (APNG): frames of one size in one file that browsers play, a still PNG for
/// readers that do not know the format (they show the first frame).
///
/// Each frame is encoded as a PNG; its image data (IDAT) is kept as is for the first frame and
/// rewrapped as frame data (fdAT) for the others, after an animation control chunk (acTL) and one
/// frame control chunk (fcTL) per frame, as the APNG specification lays out.
public struct AnimatedPNG {
    private var frames: [[UInt8]] = []
    private var width = 0, height = 0
    /// How long each frame shows: `delayNumerator / delayDenominator` seconds.
    public let delayNumerator: UInt16
    /// The denominator of each frame's delay, the frame rate (see ``delayNumerator``).
    public let delayDenominator: UInt16

    /// An empty animation whose frames last `1 / fps` seconds (fps clamped to 1…1000).
    public init(framesPerSecond fps: Int) {
        delayNumerator = 1
        delayDenominator = UInt16(min(max(fps, 1), 1000))
    }

    /// The number of frames added.
    public var frameCount: Int { frames.count }

    /// Adds a frame; every frame must have the first one's size.
    public mutating func append(_ pixmap: Pixmap) throws(PNGError) {
        if frames.isEmpty {
            (width, height) = (pixmap.width, pixmap.height)
        } else if pixmap.width != width || pixmap.height != height {
            throw PNGError.frameSizeMismatch(width: width, height: height)
        }
        frames.append(try pixmap.pngData())
    }

    /// The file's bytes; nil when there is no frame.
    public func encoded() -> [UInt8]? {
        guard !frames.isEmpty else { return nil }
        var chunks = APNGChunkWriter(
            width: width, height: height, frameCount: frames.count,
            delayNumerator: delayNumerator, delayDenominator: delayDenominator)
        var out: [UInt8] = []
        for frame in frames { chunks.appendFrame(png: frame, to: &out) }
        APNGChunkWriter.appendEnd(to: &out)
        return out
    }
}

/// The chunks of an animated PNG in the order the APNG specification lays them out, produced one
/// frame at a time: shared by ``AnimatedPNG``, which holds its frames, and the streaming writer
/// behind ``FrameWriter``, which holds none.
struct APNGChunkWriter {
    private let width: UInt32, height: UInt32, frameCount: UInt32
    private let delayNumerator: UInt16, delayDenominator: UInt16
    /// The next sequence number of an fcTL or fdAT chunk; they run 0, 1, 2, … over both.
    private var sequence: UInt32 = 0
    private var framesAppended = 0

    init(width: Int, height: Int, frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16) {
        self.width = UInt32(clamping: width)
        self.height = UInt32(clamping: height)
        self.frameCount = UInt32(clamping: frameCount)
        self.delayNumerator = delayNumerator
        self.delayDenominator = delayDenominator
    }

    /// Appends one frame, given as a PNG written by ``Pixmap/pngData()``. The first frame is
    /// preceded by the PNG signature, its header (IHDR) and the animation control chunk (acTL); each
    /// frame is a frame control chunk (fcTL) and its image data: IDAT for the first frame, so that
    /// plain PNG readers show it, fdAT for the others.
    mutating func appendFrame(png: [UInt8], to out: inout [UInt8]) {
        let chunks = Self.chunks(of: png)
        let isFirst = framesAppended == 0
        if isFirst {
            out += png.prefix(8)   // the PNG signature
            for chunk in chunks where chunk.type == "IHDR" { Self.appendChunk("IHDR", chunk.data, to: &out) }
            Self.appendChunk("acTL", Self.be32(frameCount) + Self.be32(0), to: &out)   // 0 plays: forever
        }
        var control = Self.be32(sequence) + Self.be32(width) + Self.be32(height)
        control += Self.be32(0) + Self.be32(0)   // at (0, 0)
        control += Self.be16(delayNumerator) + Self.be16(delayDenominator)
        control += [0, 0]   // dispose: none; blend: source (each frame replaces the canvas)
        Self.appendChunk("fcTL", control, to: &out)
        sequence += 1
        for chunk in chunks where chunk.type == "IDAT" {
            if isFirst {
                Self.appendChunk("IDAT", chunk.data, to: &out)
            } else {
                Self.appendChunk("fdAT", Self.be32(sequence) + chunk.data, to: &out)
                sequence += 1
            }
        }
        framesAppended += 1
    }

    /// Appends the end of the file (IEND).
    static func appendEnd(to out: inout [UInt8]) {
        appendChunk("IEND", [], to: &out)
    }

    /// The chunks of a PNG written by ``Pixmap/pngData()`` (well formed: lengths are trusted).
    private static func chunks(of png: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
        var result: [(String, ArraySlice<UInt8>)] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            guard at + 12 + length <= png.count else { break }
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            result.append((type, png[at + 8..<at + 8 + length]))
            at += 12 + length
        }
        return result
    }

    private static func appendChunk<Bytes: Collection>(_ type: String, _ data: Bytes, to out: inout [UInt8]) where Bytes.Element == UInt8 {
        out += be32(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        out += be32(CRC32.checksum(typeBytes + Array(data)))
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}

/// The CRC-32 of PNG chunks (ISO 3309, reflected polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
