#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One frame as one PNG, to a file or standard output.
final class SinglePNGEncoder: FrameEncoder {
    private let output: ByteOutput

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        try output.write(try frame.pngData(writingTo: output.path))
    }

    func finish() throws(FrameWriterError) {
        try output.commit()
    }

    func cancel() {
        output.discard()
    }
}

/// Numbered PNG files in a directory, `DIR/baseName-0001.png`, … ; each one appears complete (it
/// is written under a temporary name and renamed).
final class PNGDirectoryEncoder: FrameEncoder {
    private let directory: String
    private let baseName: String
    /// Digits in a frame's number: 4, more when the frame count has more.
    private let digits: Int
    /// The folders this encoder made, outermost first, removed again by ``cancel()``.
    private var createdDirectories: [String] = []
    private var writtenFiles: [String] = []

    /// Creates the directory and the missing folders above it (`mkdir -p`).
    init(directory: String, baseName: String, frameCount: Int) throws(FrameWriterError) {
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.baseName = baseName
        digits = max(4, String(frameCount).count)
        if let kind = SystemFile.kind(of: self.directory) {
            guard kind.isDirectory else { throw .cannotCreate(path: directory, reason: SystemError(code: ENOTDIR).reason) }
            return
        }
        var missing = [self.directory]
        while true {
            let parent = SystemFile.split(missing[missing.count - 1]).directory
            guard parent != missing[missing.count - 1], SystemFile.kind(of: parent) == nil else { break }
            missing.append(parent)
        }
        for folder in missing.reversed() {
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                let reason = SystemError.current.reason
                cancel()
                throw .cannotCreate(path: folder, reason: reason)
            }
            createdDirectories.append(folder)
        }
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        let number = String(writtenFiles.count + 1)
        let path = "\(directory)/\(baseName)-\(String(repeating: "0", count: max(0, digits - number.count)))\(number).png"
        let png = try frame.pngData(writingTo: path)
        let output = ByteOutput.file(try TemporaryOutputFile(path: path))
        do throws(FrameWriterError) {
            try output.write(png)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        writtenFiles.append(path)
    }

    func finish() throws(FrameWriterError) {}

    /// Removes the frames written and the folders made (a folder that is not empty stays).
    func cancel() {
        for file in writtenFiles { unlink(file) }
        writtenFiles = []
        for folder in createdDirectories.reversed() { rmdir(folder) }
        createdDirectories = []
    }
}

extension Pixmap {
    /// ``pngData()``, its errors told as failing to write `path`.
    func pngData(writingTo path: String) throws(FrameWriterError) -> [UInt8] {
        do throws(PNGError) {
            return try pngData()
        } catch {
            throw .writeFailed(path: path, reason: error == .outOfMemory ? "out of memory encoding the PNG" : "the PNG encoder failed")
        }
    }
}
