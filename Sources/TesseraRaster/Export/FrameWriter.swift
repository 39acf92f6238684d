import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frames of one size to a file, standard output or a directory, in any ``FrameFormat``.
///
/// ```swift
/// let writer = try FrameWriter(format: .apng, destination: .file("out.apng"),
///                              width: 320, height: 240, framesPerSecond: 30, frameCount: 60)
/// for frame in frames { try writer.write(frame) }
/// try writer.finish()
/// ```
///
/// No frame is kept: memory stays the same whatever the frame count. A file appears at its path
/// only when ``finish()`` succeeds; until then it is written under a hidden temporary name in the
/// same folder. An I/O or encoder error cancels the writer (its output is removed) before it is
/// thrown; a frame of the wrong size, or a frame count that the format cannot take, is refused
/// without changing anything. A writer dropped before ``finish()`` cancels itself, so no
/// half-written file is left (a process killed meanwhile leaves the hidden temporary file).
///
/// Writing to standard output or through ffmpeg ignores `SIGPIPE` for the whole process, so that
/// a closed pipe is an error rather than the end of the process. Not thread-safe: one thread uses
/// a writer at a time.
public final class FrameWriter {
    /// The format frames are written in.
    public let format: FrameFormat
    /// Where they go.
    public let destination: FrameDestination
    /// The width of every frame, in pixels.
    public let width: Int
    /// The height of every frame, in pixels.
    public let height: Int
    /// The frame rate the output plays at.
    public let framesPerSecond: Int
    /// The number of frames the writer was made for. Binding where the file stores it: an animated
    /// PNG (its acTL chunk) and a single PNG (1); other formats take any number.
    public let frameCount: Int
    /// How many frames were written so far.
    public private(set) var framesWritten = 0

    private let encoder: any FrameEncoder
    private var state = State.open
    private let frameCountIsBinding: Bool

    private enum State { case open, finished, cancelled, failed }

    /// Checks the settings and opens the output; for a format that ffmpeg encodes, starts ffmpeg.
    ///
    /// - Parameters:
    ///   - format: the file format.
    ///   - destination: a file, standard output, or a directory (`png` only).
    ///   - width: the width of every frame, 1…``Pixmap/maximumDimension``.
    ///   - height: the height of every frame, 1…``Pixmap/maximumDimension``.
    ///   - framesPerSecond: at least 1 (an animated PNG stores at most 1000).
    ///   - frameCount: at least 1; 1 for `png` to a file or standard output.
    ///   - environment: where `PATH` (to find `ffmpeg`) and `TMPDIR` come from; ffmpeg runs in it.
    ///     nil (the default): the process's, read only for a format that runs ffmpeg.
    /// - Throws: ``FrameWriterError/invalidSettings(_:)``,
    ///   ``FrameWriterError/unsupportedDestination(_:_:)``, ``FrameWriterError/ffmpegNotFound(_:)``
    ///   (all before anything is created), ``FrameWriterError/cannotCreate(path:reason:)``.
    public init(
        format: FrameFormat, destination: FrameDestination, width: Int, height: Int,
        framesPerSecond: Int, frameCount: Int,
        environment: [String: String]? = nil
    ) throws(FrameWriterError) {
        try Self.check(width: width, height: height, framesPerSecond: framesPerSecond, frameCount: frameCount)
        try Self.check(format: format, destination: destination, frameCount: frameCount)
        // Only ffmpeg needs it: copying the whole environment into a dictionary is dear at a short render's start.
        let environment = format.usesFFmpeg ? environment ?? ProcessInfo.processInfo.environment : [:]
        let ffmpeg = format.usesFFmpeg ? FFmpegEncoder.executable(in: environment) : nil
        if format.usesFFmpeg && ffmpeg == nil { throw .ffmpegNotFound(format) }
        if format.usesFFmpeg || destination == .standardOutput { signal(SIGPIPE, SIG_IGN) }
        self.format = format
        self.destination = destination
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
        frameCountIsBinding =
            switch (format, destination) {
            case (.apng, _): true
            case (.png, .directory): false
            case (.png, _): true
            default: false
            }
        encoder = try Self.makeEncoder(
            format: format, destination: destination, ffmpeg: ffmpeg, environment: environment,
            width: width, height: height, framesPerSecond: framesPerSecond, frameCount: frameCount)
    }

    deinit {
        if state == .open { encoder.cancel() }
    }

    /// Writes the next frame, which must be ``width`` × ``height``.
    public func write(_ frame: Pixmap) throws(FrameWriterError) {
        try checkOpen()
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        if frameCountIsBinding && framesWritten == frameCount {
            throw .frameCountMismatch(declared: frameCount, written: framesWritten + 1)
        }
        do throws(FrameWriterError) {
            try encoder.write(frame)
        } catch {
            fail()
            throw error
        }
        framesWritten += 1
    }

    /// Completes the output: flushes it, waits for ffmpeg and checks how it ended, and renames the
    /// temporary file onto the path.
    public func finish() throws(FrameWriterError) {
        try checkOpen()
        if frameCountIsBinding && framesWritten != frameCount {
            throw .frameCountMismatch(declared: frameCount, written: framesWritten)
        }
        do throws(FrameWriterError) {
            try encoder.finish()
        } catch {
            fail()
            throw error
        }
        state = .finished
    }

    /// Stops ffmpeg and removes what the writer made: the temporary file, or for a directory the
    /// frames written (and the folders made for them). Nothing happens once finished or cancelled.
    public func cancel() {
        guard state == .open else { return }
        state = .cancelled
        encoder.cancel()
    }

    private func fail() {
        state = .failed
        encoder.cancel()
    }

    private func checkOpen() throws(FrameWriterError) {
        let path = destination.displayName
        switch state {
        case .open: return
        case .finished: throw .writeFailed(path: path, reason: "the writer is already finished")
        case .cancelled: throw .writeFailed(path: path, reason: "the writer was cancelled")
        case .failed: throw .writeFailed(path: path, reason: "the writer stopped at an earlier error")
        }
    }
}
