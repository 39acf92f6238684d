import CLibZ
import Foundation

/// Inflates an entry's raw deflate stream (no zlib header) with zlib, bounded on both sides: it
/// reads no more than the entry's compressed size from the file and writes no more than the
/// caller's limit. Every turn of its loop consumes input or produces output (zlib's `Z_OK`), so
/// it ends: at the stream's end, at an error, when the input runs out before the stream ends,
/// or when the output would pass the limit.
struct RawInflater {
    /// The bytes read from the file, and written out, at a time.
    static let chunkLength = 64 << 10
    /// Deflate's largest ratio: a stream of n bytes inflates to at most about 1,032 n.
    static let largestRatio: UInt64 = 1032

    let file: ZipFile
    let entry: ZipEntry
    let dataOffset: UInt64

    /// The inflated bytes and their CRC-32.
    func inflate(limit: Int) throws(ZipError) -> (data: Data, crc32: UInt32) {
        // On the heap: zlib keeps the stream's address and checks it at every call, and Swift
        // promises no fixed address to a local variable passed with `&`.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard tessera_inflate_init_raw(stream) == Z_OK else {
            throw .corruptData(path: entry.path, reason: "zlib could not start inflating")
        }
        defer { inflateEnd(stream) }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkLength, alignment: 1)
        defer { input.deallocate() }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkLength, alignment: 1)
        defer { output.deallocate() }

        var data = Data()
        let (bound, overflow) = entry.compressedSize.multipliedReportingOverflow(by: Self.largestRatio)
        data.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(limit), overflow ? UInt64(limit) : bound)))
        var crc: UInt32 = 0
        var readOffset = dataOffset, unread = entry.compressedSize
        while true {
            if stream.pointee.avail_in == 0 && unread > 0 {
                let count = Int(min(UInt64(Self.chunkLength), unread))
                let chunk = UnsafeMutableRawBufferPointer(rebasing: input[0..<count])
                try file.read(into: chunk, at: readOffset, structure: "data of \(entry.path)")
                readOffset += UInt64(count)
                unread -= UInt64(count)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(Self.chunkLength)
            let status = CLibZ.inflate(stream, Z_NO_FLUSH)
            let produced = Self.chunkLength - Int(stream.pointee.avail_out)
            if produced > 0 {
                guard produced <= limit - data.count else { throw .entryTooLarge(path: entry.path, limit: limit) }
                let bytes = UnsafeRawBufferPointer(rebasing: output[0..<produced])
                data.append(contentsOf: bytes)
                crc = UInt32(crc32_z(uLong(crc), bytes.baseAddress!.assumingMemoryBound(to: Bytef.self), produced))
            }
            switch status {
            case Z_STREAM_END: return (data, crc)
            case Z_OK: continue
            case Z_BUF_ERROR where stream.pointee.avail_in == 0 && unread == 0:
                throw .corruptData(path: entry.path, reason: "the deflate stream does not end within the entry's compressed size")
            default: throw .corruptData(path: entry.path, reason: Self.message(status, stream.pointee))
            }
        }
    }

    private static func message(_ status: Int32, _ stream: z_stream) -> String {
        if let message = stream.msg { return String(cString: message) }
        return switch status {
        case Z_NEED_DICT: "the stream needs a preset dictionary"
        case Z_MEM_ERROR: "out of memory"
        default: "zlib status \(status)"
        }
    }
}
