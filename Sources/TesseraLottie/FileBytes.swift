import Foundation

/// A file's bytes read straight into an array: `FileManager.contents(atPath:)` reads into a
/// `Data`, which the JSON reader would copy into an array again (a second buffer of the file's
/// size to fill, its pages touched for the first time).
enum FileBytes {
    /// The bytes of the file at `path`, whose size `stat` gave as `size`; nil when it cannot be
    /// read, or holds other than `size` bytes by the time it is (the caller reads it another way).
    static func read(atPath path: String, size: Int) -> [UInt8]? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            // One byte more than the size asked for, to see that the file ends there.
            while count <= size {
                let read = Foundation.read(file, buffer.baseAddress! + count, size + 1 - count)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    complete = read == 0
                    return
                }
                count += read
            }
        }
        return complete && bytes.count == size ? bytes : nil
    }
}
