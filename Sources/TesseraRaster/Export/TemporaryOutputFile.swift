#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written under a hidden temporary name next to its target, `.NAME.XXXXXX.part`, and
/// renamed onto the target once complete: the target never holds a half-written file, and a
/// cancelled write leaves nothing behind.
final class TemporaryOutputFile {
    /// Where the file goes once committed.
    let path: String
    /// Where it is written meanwhile.
    let temporaryPath: String
    private var descriptor: Int32?
    private var temporaryFileExists = true

    /// Creates the temporary file; `.cannotCreate` names the target when its folder is missing or
    /// not writable, or when the target is a directory or not a regular file (a device such as
    /// /dev/null is not replaced by a rename).
    init(path: String) throws(FrameWriterError) {
        let (directory, name) = SystemFile.split(path)
        if name.isEmpty { throw .cannotCreate(path: path, reason: SystemError(code: EISDIR).reason) }
        if let kind = SystemFile.kind(of: path) {
            if kind.isDirectory { throw .cannotCreate(path: path, reason: SystemError(code: EISDIR).reason) }
            if !kind.isRegularFile { throw .cannotCreate(path: path, reason: "not a regular file") }
        }
        do throws(SystemError) {
            let created = try SystemFile.createUnique(directory: directory, prefix: ".\(name).", suffix: ".part")
            self.path = path
            temporaryPath = created.path
            descriptor = created.descriptor
        } catch {
            throw .cannotCreate(path: path, reason: error.reason)
        }
    }

    /// Appends bytes to the temporary file.
    func write(_ bytes: [UInt8]) throws(FrameWriterError) {
        guard let descriptor else { throw .writeFailed(path: path, reason: "the file is already closed") }
        do throws(SystemError) {
            try SystemFile.writeAll(bytes, to: descriptor)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Closes the temporary file, for a writer that opens it by name instead (ffmpeg).
    func closeDescriptor() throws(FrameWriterError) {
        guard let descriptor else { return }
        self.descriptor = nil
        do throws(SystemError) {
            try SystemFile.closeChecked(descriptor)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Closes the temporary file and renames it onto the target.
    func commit() throws(FrameWriterError) {
        try closeDescriptor()
        guard rename(temporaryPath, path) == 0 else {
            let reason = SystemError.current.reason
            discard()
            throw .writeFailed(path: path, reason: reason)
        }
        temporaryFileExists = false
    }

    /// Closes and removes the temporary file; nothing happens the second time.
    func discard() {
        if let descriptor { close(descriptor) }
        descriptor = nil
        if temporaryFileExists { unlink(temporaryPath) }
        temporaryFileExists = false
    }
}
