#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its errno, and the words a person reads for it ("No such file or directory").
struct SystemError: Error {
    let code: Int32

    /// The error of the system call that just failed.
    static var current: SystemError { SystemError(code: errno) }

    var reason: String { String(cString: strerror(code)) }
}

/// The file system calls of the frame writers, with errors as ``SystemError``.
enum SystemFile {
    /// Writes all the bytes to the descriptor, through short writes and interrupted calls.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += written
            }
            return nil
        }
        if let failure { throw SystemError(code: failure) }
    }

    /// Closes the descriptor; an error here can be a write that failed late (NFS, a full disk).
    /// (EINTR is no error: Linux has closed the descriptor anyway.)
    static func closeChecked(_ descriptor: Int32) throws(SystemError) {
        if close(descriptor) != 0 && errno != EINTR { throw .current }
    }

    /// Creates a new, empty file `directory/prefix + 6 random letters or digits + suffix`, like
    /// mkstemp(3) but with the permissions of any new file (0666 less the umask, where mkstemp
    /// gives 0600: the file is renamed into place and kept) and closed on exec (so that ffmpeg,
    /// started meanwhile by another writer, does not inherit it).
    static func createUnique(directory: String, prefix: String, suffix: String) throws(SystemError) -> (path: String, descriptor: Int32) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let random = String((0..<6).map { _ in letters.randomElement()! })
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + prefix + random + suffix
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (path, descriptor) }
            if errno != EEXIST { throw .current }
        }
        throw SystemError(code: EEXIST)
    }

    /// The folder of a path (`.` when it names none) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// What is at the path (following symbolic links): nil when nothing is, else whether it is a
    /// directory and whether it is a regular file.
    static func kind(of path: String) -> (isDirectory: Bool, isRegularFile: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return (type == S_IFDIR, type == S_IFREG)
    }
}
