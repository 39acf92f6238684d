/// A 64-bit FNV-1a hash of a frame's pixels, written as 16 hexadecimal digits: what `bench`
/// records as `pixelHash` so that a comparison sees when a change draws other bytes (a speed-up
/// must not come from drawing less).
///
/// The hash covers the frame's size and its rows' pixel bytes in memory order (premultiplied RGBA8),
/// not the padding between rows, so it is the same wherever the bytes are.
public struct PixelHash {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325   // FNV-1a's offset basis
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// A hash that has taken in `width` and `height`.
    public init(width: Int, height: Int) {
        for dimension in [UInt64(truncatingIfNeeded: width), UInt64(truncatingIfNeeded: height)] {
            withUnsafeBytes(of: dimension.littleEndian) { combine($0) }
        }
    }

    /// Takes in `bytes`, one after another.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = state
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* Self.prime
        }
        state = hash
    }

    /// The hash so far: 16 lowercase hexadecimal digits.
    public var hexDigest: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
