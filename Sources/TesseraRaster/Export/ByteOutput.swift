/// Where the bytes of a file format go: a file, under a temporary name until committed, or
/// standard output.
enum ByteOutput {
    case file(TemporaryOutputFile)
    case standardOutput

    /// How errors name the output.
    var path: String {
        switch self {
        case .file(let file): file.path
        case .standardOutput: "standard output"
        }
    }

    func write(_ bytes: [UInt8]) throws(FrameWriterError) {
        switch self {
        case .file(let file):
            try file.write(bytes)
        case .standardOutput:
            do throws(SystemError) { try SystemFile.writeAll(bytes, to: 1) } catch {
                throw .writeFailed(path: path, reason: error.reason)
            }
        }
    }

    /// Puts the file in place; standard output needs nothing (its bytes are already written).
    func commit() throws(FrameWriterError) {
        if case .file(let file) = self { try file.commit() }
    }

    /// Removes the file; what went to standard output is gone already.
    func discard() {
        if case .file(let file) = self { file.discard() }
    }
}
