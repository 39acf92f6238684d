import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A format that an `ffmpeg` child process encodes: raw RGBA frames go to its standard input
/// through a pipe, it writes the temporary file (or our standard output), and what it prints on
/// its standard error goes to an unlinked temporary file, read back when it fails (a pipe that
/// nobody drains could fill up and stall it).
final class FFmpegEncoder: FrameEncoder {
    private let format: FrameFormat
    private let output: ByteOutput
    private let process = Process()
    /// The write end of ffmpeg's standard input; nil once closed.
    private var input: Int32?
    /// ffmpeg's standard error; nil once closed.
    private var log: Int32?
    private var buffer: [UInt8] = []

    /// The `ffmpeg` that `PATH` names: the first executable regular file of that name in its
    /// folders. When `PATH` is unset, the folders execvp(3) searches then.
    static func executable(in environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.lazy.map { "\($0)/ffmpeg" }.first {
            SystemFile.kind(of: $0)?.isRegularFile == true && access($0, X_OK) == 0
        }
    }

    /// ffmpeg's command line: raw RGBA frames of the given size and rate on its standard input, the
    /// format's encoder, and `outputURL` (`file:` + a path, or `pipe:1`).
    static func arguments(
        format: FrameFormat, width: Int, height: Int, framesPerSecond: Int,
        outputURL: String
    ) -> [String] {
        // -xerror: without it, ffmpeg 5 exits 0 when writing the end of the file fails (a full
        // disk, a closed pipe).
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-nostats", "-xerror", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "\(framesPerSecond)",
            "-i", "pipe:0",
        ]
        switch format {
        case .mp4:
            // H.264 in 4:2:0 needs even sides: an odd one is padded by a row or a column.
            arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
            // A pipe cannot seek back to write the index first: the MP4 is fragmented instead.
            arguments += ["-movflags", outputURL == "pipe:1" ? "frag_keyframe+empty_moov" : "+faststart"]
        case .webm:
            arguments += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "30"]
        case .gif:
            arguments += [
                "-filter_complex", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse",
                "-loop", "0",
            ]
        case .webp:
            arguments += ["-c:v", "libwebp_anim", "-lossless", "0", "-quality", "90", "-loop", "0", "-pix_fmt", "yuva420p"]
        case .png, .apng, .rgba, .y4m:
            break
        }
        // The temporary file's name says nothing of the format: name the muxer.
        return arguments + ["-f", format.rawValue, outputURL]
    }

    /// Starts ffmpeg writing to `output`. `.cannotCreate` when the log file, the pipe or the
    /// process cannot be made; the caller discards `output` on error.
    init(
        format: FrameFormat, output: ByteOutput, executable: String, environment: [String: String],
        width: Int, height: Int, framesPerSecond: Int
    ) throws(FrameWriterError) {
        self.format = format
        self.output = output
        let outputURL: String
        switch output {
        case .file(let file):
            try file.closeDescriptor()   // ffmpeg opens it by name
            outputURL = "file:" + file.temporaryPath   // "file:": a name with a colon is no protocol
            process.standardOutput = FileHandle.nullDevice
        case .standardOutput:
            outputURL = "pipe:1"
            process.standardOutput = FileHandle.standardOutput
        }
        let temporaryFolder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let logDescriptor: Int32
        do throws(SystemError) {
            let created = try SystemFile.createUnique(directory: temporaryFolder, prefix: "tessera-ffmpeg-", suffix: ".log")
            unlink(created.path)   // read through the descriptor only: nothing to clean up
            logDescriptor = created.descriptor
        } catch {
            throw .cannotCreate(path: temporaryFolder, reason: error.reason)
        }
        log = logDescriptor
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let reason = SystemError.current.reason
            closeLog()
            throw .cannotCreate(path: output.path, reason: "cannot make a pipe to ffmpeg: \(reason)")
        }
        // Not inherited by other processes started meanwhile: ffmpeg must see the end of its input
        // when we close our end.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        input = pipeEnds[1]

        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.arguments(
            format: format, width: width, height: height,
            framesPerSecond: framesPerSecond, outputURL: outputURL)
        process.environment = environment
        process.standardInput = FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: logDescriptor, closeOnDealloc: false)
        do {
            try process.run()
        } catch {
            close(pipeEnds[0])
            closeInput()
            closeLog()
            throw .cannotCreate(path: output.path, reason: "cannot start \(executable): \(Self.reason(of: error))")
        }
        close(pipeEnds[0])
    }

    func write(_ frame: Pixmap) throws(FrameWriterError) {
        // mp4 drops alpha: premultiplied colours make that the frame composited over black.
        frame.copyRGBA(straightAlpha: format.keepsAlpha, into: &buffer)
        guard let input else { throw .writeFailed(path: output.path, reason: "ffmpeg's input is closed") }
        do throws(SystemError) {
            try SystemFile.writeAll(buffer, to: input)
        } catch {
            // ffmpeg has most likely stopped (bad options, a full disk): its own words say why.
            closeInput()
            process.waitUntilExit()
            throw failure() ?? .writeFailed(path: output.path, reason: "ffmpeg stopped reading its input (\(error.reason))")
        }
    }

    func finish() throws(FrameWriterError) {
        closeInput()
        process.waitUntilExit()
        if let failure = failure() { throw failure }
        closeLog()
        try output.commit()
    }

    func cancel() {
        if process.isRunning { process.terminate() }
        closeInput()
        process.waitUntilExit()
        closeLog()
        output.discard()
    }

    /// The error of an ffmpeg that has exited, nil when it succeeded.
    private func failure() -> FrameWriterError? {
        let signalled = process.terminationReason == .uncaughtSignal
        guard signalled || process.terminationStatus != 0 else { return nil }
        return .encoderFailed(
            path: output.path, status: (signalled ? 128 : 0) + process.terminationStatus,
            message: logTail())
    }

    /// The last lines ffmpeg printed on its standard error, joined by "; ".
    private func logTail(lines count: Int = 3, bytes: Int = 4096) -> String {
        guard let log else { return "" }
        let size = max(0, Int(lseek(log, 0, SEEK_END)))
        let start = max(0, size - bytes)
        var tail = [UInt8](repeating: 0, count: size - start)
        let read = tail.withUnsafeMutableBytes { pread(log, $0.baseAddress, $0.count, off_t(start)) }
        var lines = String(decoding: tail.prefix(max(0, read)), as: UTF8.self).split(whereSeparator: \.isNewline)
        if start > 0, !lines.isEmpty { lines.removeFirst() }   // cut in the middle
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .suffix(count).joined(separator: "; ")
    }

    private func closeInput() {
        if let input { close(input) }
        input = nil
    }

    private func closeLog() {
        if let log { close(log) }
        log = nil
    }

    /// Words for an error of `Process.run()`: the system's, where it carries an errno.
    private static func reason(of error: any Error) -> String {
        var error = error as NSError
        while error.domain != NSPOSIXErrorDomain, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            error = underlying
        }
        return error.domain == NSPOSIXErrorDomain ? SystemError(code: Int32(error.code)).reason : error.localizedDescription
    }
}
