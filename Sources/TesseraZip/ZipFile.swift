import Foundation

/// An open file read by positioned, bounded reads (`pread`), never mapped: a file truncated
/// while it is read gives ``ZipError/truncated(structure:)``, not a bus error. Safe to read from
/// several threads at once (reads share no file position).
final class ZipFile: Sendable {
    /// The file's size when it was opened; every read is checked against it first.
    let size: UInt64
    private let descriptor: Int32

    /// Opens the regular file at `url` for reading (a FIFO or a device is refused without
    /// waiting on it).
    init(url: URL) throws(ZipError) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadableFile(reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadableFile(reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadableFile(reason: "not a regular file")
        }
        self.descriptor = descriptor
        size = UInt64(status.st_size)
    }

    deinit { close(descriptor) }

    /// Whether `count` bytes from `offset` lie within the file.
    func contains(_ offset: UInt64, count: UInt64) -> Bool {
        offset <= size && count <= size - offset
    }

    /// The `count` bytes at `offset`; `structure` names them in the error when the file does not
    /// hold them.
    func bytes(_ count: Int, at offset: UInt64, structure: @autoclosure () -> String) throws(ZipError) -> [UInt8] {
        try check(count, at: offset, structure: structure())
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { fill($0, from: offset) }.check(structure())
        return bytes
    }

    /// The `count` bytes at `offset`, as ``bytes(_:at:structure:)`` reads them.
    func data(_ count: Int, at offset: UInt64, structure: @autoclosure () -> String) throws(ZipError) -> Data {
        try check(count, at: offset, structure: structure())
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { fill($0, from: offset) }.check(structure())
        return data
    }

    /// Fills `buffer` with the bytes at `offset`.
    func read(
        into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64, structure: @autoclosure () -> String
    )
        throws(ZipError)
    {
        try check(buffer.count, at: offset, structure: structure())
        try fill(buffer, from: offset).check(structure())
    }

    private func check(_ count: Int, at offset: UInt64, structure: @autoclosure () -> String) throws(ZipError) {
        guard count >= 0, contains(offset, count: UInt64(count)) else { throw .truncated(structure: structure()) }
    }

    /// How a read ended.
    private enum Outcome {
        case complete
        /// The file ended first (it shrank since it was opened).
        case ended
        case failed(errno: Int32)

        func check(_ structure: @autoclosure () -> String) throws(ZipError) {
            switch self {
            case .complete: return
            case .ended: throw .truncated(structure: structure())
            case .failed(let code): throw .unreadableFile(reason: String(cString: strerror(code)))
            }
        }
    }

    /// Reads until `buffer` is full (a read may return fewer bytes than asked), the file ends, or
    /// the system fails. The offset is within the file's size, so within `off_t`.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer, from offset: UInt64) -> Outcome {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if count > 0 {
                done += count
            } else if count == 0 {
                return .ended
            } else if errno != EINTR {
                return .failed(errno: errno)
            }
        }
        return .complete
    }
}
